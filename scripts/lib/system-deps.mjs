// @ts-check
// What the stack and the tests need from the operating system. On Debian/Ubuntu as root the
// missing packages are installed with apt-get; elsewhere we stop and say what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

function pgMajor() {
  if (!existsSync('/usr/lib/postgresql')) return null;
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => Number(v) >= 15)
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ?? null;
}

/** @param {string} cmd */
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
/** @param {string} name */
const extension = (name) => () => existsSync(`/usr/share/postgresql/${pgMajor()}/extension/${name}.control`);

/** Each need: how to tell it is there, and the Debian packages that bring it. */
const NEEDS = {
  postgres: [
    { ok: () => pgMajor() !== null, packages: () => ['postgresql-15', 'postgresql-contrib'] },
    // Lets the non-superuser postgres create the extensions Supabase lets it create (supautils' privileged extensions).
    { ok: () => existsSync(`/usr/lib/postgresql/${pgMajor()}/lib/pgextwlist.so`), packages: () => [`postgresql-${pgMajor() ?? 15}-pgextwlist`] },
    // The server's headers and a compiler: the stack builds its own pg-safeupdate (scripts/lib/safeupdate.mjs).
    { ok: () => existsSync(`/usr/include/postgresql/${pgMajor()}/server/postgres.h`), packages: () => [`postgresql-server-dev-${pgMajor() ?? 15}`] },
    { ok: () => onPath('gcc'), packages: () => ['gcc', 'libc6-dev'] },
  ],
  cron: [{ ok: extension('pg_cron'), packages: () => [`postgresql-${pgMajor()}-cron`] }],
  pgtap: [
    { ok: extension('pgtap'), packages: () => [`postgresql-${pgMajor()}-pgtap`] },
    { ok: () => onPath('pg_prove'), packages: () => ['libtap-parser-sourcehandler-pgtap-perl'] },
    { ok: extension('plpgsql_check'), packages: () => [`postgresql-${pgMajor()}-plpgsql-check`] },
  ],
  chromium: [{ ok: () => existsSync(chromiumPath()), packages: () => ['chromium-headless-shell'] }],
};

/**
 * The browser of the end-to-end tests: Debian's build of Chromium's headless shell, the browser
 * Playwright itself runs headless tests in (its own download is out of reach here). The same Blink
 * as the `chromium` package, without the full browser's UI and compositor: about a third less CPU
 * per test on 2 cores (bench/README.md «npm test»). CHROMIUM_PATH picks another, e.g.
 * /usr/bin/chromium for a headed run.
 */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
}

/**
 * @param {(keyof typeof NEEDS)[]} groups
 * @param {(message: string) => void} [log]
 */
export function ensureSystemPackages(groups, log = console.log) {
  const missing = groups.flatMap((g) => NEEDS[g].filter((n) => !n.ok()).flatMap((n) => n.packages()));
  if (missing.length === 0) return;
  const canApt = process.getuid?.() === 0 && onPath('apt-get');
  if (!canApt) {
    throw new Error(
      `Faltan paquetes del sistema: ${missing.join(' ')}. Instálalos (p. ej. sudo apt-get install -y ${missing.join(' ')}) y vuelve a intentarlo.`,
    );
  }
  log(`instalando paquetes del sistema: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing.map(pinnedToServer)], { stdio: 'inherit', env });
}

/**
 * The server's headers pinned to the installed server's version when the archive still has it: unpinned,
 * apt would upgrade the server itself (a newer security release) under the clusters running on it.
 */
/** @param {string} pkg */
function pinnedToServer(pkg) {
  const major = /^postgresql-server-dev-(\d+)$/.exec(pkg)?.[1];
  if (!major) return pkg;
  const server = spawnSync('dpkg-query', ['-W', '-f=${Version}', `postgresql-${major}`], { encoding: 'utf8' });
  const version = server.status === 0 ? server.stdout.trim() : '';
  if (!version) return pkg;
  return spawnSync('apt-cache', ['show', `${pkg}=${version}`], { stdio: 'ignore' }).status === 0 ? `${pkg}=${version}` : pkg;
}
