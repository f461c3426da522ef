// @ts-check
// The local stack's pg-safeupdate (scripts/stack/safeupdate): a hosted project preloads the real one
// for `authenticator` and `postgres`, and Debian has no package for it, so it is compiled here against
// the server's own headers (postgresql-server-dev-N, installed by system-deps.mjs; for PostgreSQL 17, Debian's, unpacked by pg17.mjs), once per source and
// server version: the build is cached under node_modules/.cache and every cluster gets a copy in its
// own folder, which the server finds through `dynamic_library_path` (pg-cluster.mjs). A machine that
// cannot build it stops here with the compiler's words: the stack never runs without it.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './config.mjs';

/** The library's name, as `session_preload_libraries` names it (scripts/stack/platform.sql). */
export const SAFEUPDATE_LIBRARY = 'savia_safeupdate';

const SOURCE_DIR = join(ROOT, 'scripts', 'stack', 'safeupdate');
const SOURCE = `${SAFEUPDATE_LIBRARY}.c`;
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'savia-safeupdate');

/**
 * The server's headers: `pg_config --includedir-server` for an installed server (Debian's
 * postgresql-server-dev-N), or `include/server` beside the bin folder (the PostgreSQL 17 build of the
 * pg17 stage, where scripts/lib/pg17.mjs unpacks Debian's headers for it).
 * @param {string} pgBinDir
 */
function serverHeaders(pgBinDir) {
  const pgConfig = join(pgBinDir, 'pg_config');
  const dir = existsSync(pgConfig) ? execFileSync(pgConfig, ['--includedir-server'], { encoding: 'utf8' }).trim() : join(pgBinDir, '..', 'include', 'server');
  return existsSync(join(dir, 'postgres.h')) ? dir : null;
}

/**
 * The compiled library for the server in `pgBinDir`, built first when this source has not been built
 * for these headers yet. Returns the path of the cached `.so`.
 * @param {string} pgBinDir the server's bin folder
 */
export function safeupdateLibrary(pgBinDir) {
  const headers = serverHeaders(pgBinDir);
  if (!headers) {
    const major = /postgresql\/(\d+)\/bin/.exec(pgBinDir)?.[1] ?? '15';
    throw new Error(
      `No puedo compilar ${SAFEUPDATE_LIBRARY} (pg-safeupdate del proyecto alojado): faltan las cabeceras de PostgreSQL ${major}. ` +
        `Instala postgresql-server-dev-${major} y gcc (p. ej. sudo apt-get install -y postgresql-server-dev-${major} gcc libc6-dev) y vuelve a intentarlo.`,
    );
  }
  // The headers' own version line: a minor upgrade of the server's headers rebuilds the library.
  const version = /#define PG_VERSION_STR "([^"]*)"/.exec(readFileSync(join(headers, 'pg_config.h'), 'utf8'))?.[1] ?? headers;
  const key = createHash('sha256').update(version);
  key.update(readFileSync(join(SOURCE_DIR, SOURCE)));
  const built = join(CACHE_DIR, key.digest('hex').slice(0, 16), `${SAFEUPDATE_LIBRARY}.so`);
  if (existsSync(built)) return built;

  const work = mkdtempSync(join(tmpdir(), 'savia-safeupdate-'));
  try {
    // One C file against the server's headers: what PGXS would run for it, without needing the
    // server's pg_config and Makefiles (the PostgreSQL 17 build has neither).
    const output = join(work, `${SAFEUPDATE_LIBRARY}.so`);
    const cc = spawnSync('gcc', ['-O2', '-Wall', '-fPIC', '-shared', `-I${headers}`, '-o', output, join(SOURCE_DIR, SOURCE)], {
      encoding: 'utf8',
    });
    if (cc.error || cc.status !== 0) {
      throw new Error(
        `No pude compilar ${SAFEUPDATE_LIBRARY} con las cabeceras de ${headers}: ${cc.error?.message ?? ''}\n${cc.stdout ?? ''}${cc.stderr ?? ''}\n` +
          'Hacen falta gcc y las cabeceras (postgresql-server-dev) de la versión del servidor.',
      );
    }
    mkdirSync(join(built, '..'), { recursive: true });
    // Renamed into place: a parallel stack reading the cache never sees half a file.
    copyFileSync(output, `${built}.${process.pid}`);
    renameSync(`${built}.${process.pid}`, built);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return built;
}

/**
 * Puts the library in `libDir` (a folder the server reads), replacing an older copy by rename so a
 * running backend that has the old one mapped keeps it intact.
 * @param {string} pgBinDir
 * @param {string} libDir
 */
export function installSafeupdate(pgBinDir, libDir) {
  const built = safeupdateLibrary(pgBinDir);
  const target = join(libDir, `${SAFEUPDATE_LIBRARY}.so`);
  if (existsSync(target) && readFileSync(target).equals(readFileSync(built))) return;
  mkdirSync(libDir, { recursive: true });
  copyFileSync(built, `${target}.${process.pid}`);
  renameSync(`${target}.${process.pid}`, target);
}
