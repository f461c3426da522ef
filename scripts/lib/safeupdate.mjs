// @ts-check
// The local stack's pg-safeupdate (scripts/stack/safeupdate): a hosted project preloads the real one
// for `authenticator` and `postgres`, and Debian has no package for it, so it is compiled here against
// the server's own headers (postgresql-server-dev-N, installed by system-deps.mjs), once per source and
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
const SOURCES = [`${SAFEUPDATE_LIBRARY}.c`, 'Makefile'];
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'savia-safeupdate');

/**
 * The compiled library for the server in `pgBinDir`, built first when this source has not been built
 * for this server version yet. Returns the path of the cached `.so`.
 * @param {string} pgBinDir the server's bin folder (its pg_config knows its headers)
 */
export function safeupdateLibrary(pgBinDir) {
  const pgConfig = join(pgBinDir, 'pg_config');
  const pgxs = existsSync(pgConfig) ? execFileSync(pgConfig, ['--pgxs'], { encoding: 'utf8' }).trim() : '';
  const major = /postgresql\/(\d+)\/bin/.exec(pgBinDir)?.[1] ?? '15';
  if (!pgxs || !existsSync(pgxs)) {
    throw new Error(
      `No puedo compilar ${SAFEUPDATE_LIBRARY} (pg-safeupdate del proyecto alojado): faltan las cabeceras de PostgreSQL ${major}. ` +
        `Instala postgresql-server-dev-${major}, gcc y make (p. ej. sudo apt-get install -y postgresql-server-dev-${major} gcc make) y vuelve a intentarlo.`,
    );
  }
  const version = execFileSync(pgConfig, ['--version'], { encoding: 'utf8' }).trim();
  const key = createHash('sha256').update(version);
  for (const file of SOURCES) key.update(readFileSync(join(SOURCE_DIR, file)));
  const built = join(CACHE_DIR, key.digest('hex').slice(0, 16), `${SAFEUPDATE_LIBRARY}.so`);
  if (existsSync(built)) return built;

  const work = mkdtempSync(join(tmpdir(), 'savia-safeupdate-'));
  try {
    for (const file of SOURCES) copyFileSync(join(SOURCE_DIR, file), join(work, file));
    // with_llvm=no: no JIT bitcode (it would need clang, and a check this small gains nothing from it).
    const make = spawnSync('make', ['-C', work, `PG_CONFIG=${pgConfig}`, 'with_llvm=no'], { encoding: 'utf8' });
    if (make.error || make.status !== 0) {
      throw new Error(
        `No pude compilar ${SAFEUPDATE_LIBRARY} con ${pgConfig}: ${make.error?.message ?? ''}\n${make.stdout ?? ''}${make.stderr ?? ''}\n` +
          'Hacen falta gcc, make y postgresql-server-dev de la versión del servidor.',
      );
    }
    mkdirSync(join(built, '..'), { recursive: true });
    // Renamed into place: a parallel stack reading the cache never sees half a file.
    copyFileSync(join(work, `${SAFEUPDATE_LIBRARY}.so`), `${built}.${process.pid}`);
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
