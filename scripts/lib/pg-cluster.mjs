// @ts-check
// A private PostgreSQL cluster for the local stack, made from the machine's own binaries, laid out
// as a Supabase project is: `supabase_admin` is the bootstrap superuser and `postgres` is not a
// superuser (scripts/stack/platform.sql). PostgreSQL refuses to run as root, so as root the
// cluster runs as the `postgres` OS user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from './config.mjs';
import { installSafeupdate } from './safeupdate.mjs';
import { readTomlFile } from './toml.mjs';

/** @typedef {import('./config.mjs').StackConfig} StackConfig */

export function pgBinDir() {
  const candidates = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    /* pg_config is optional */
  }
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => Number(v) >= 15)
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) {
    throw new Error('No encontré PostgreSQL 15 o superior (initdb). En Debian/Ubuntu: apt-get install postgresql-15');
  }
  return found;
}

/** As root, the uid/gid of the `postgres` OS user; otherwise run as ourselves. */
function pgOsUser() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** The cluster's binaries: the machine's PostgreSQL, unless cfg.pgBinDir names others (npm test's PostgreSQL 17). */
/** @param {StackConfig & { pgBinDir?: string }} cfg */
const binDirOf = (cfg) => cfg.pgBinDir ?? pgBinDir();

/**
 * @param {StackConfig} cfg
 * @param {string} bin
 * @param {string[]} args
 * @param {{ allowFail?: boolean }} [opts]
 */
function runPg(cfg, bin, args, opts = {}) {
  const res = spawnSync(join(binDirOf(cfg), bin), args, {
    ...pgOsUser(),
    cwd: '/',
    encoding: 'utf8',
    ...opts,
  });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`${bin} ${args.join(' ')} falló:\n${res.stdout}\n${res.stderr}`);
  }
  return res;
}

/**
 * @param {StackConfig} cfg
 * @param {string} name
 */
function hasLibrary(cfg, name) {
  const binDir = binDirOf(cfg);
  return [join(binDir, '..', 'lib', `${name}.so`), join(binDir, '..', 'lib', 'postgresql', `${name}.so`)].some((path) => existsSync(path));
}

/** The superuser that owns the platform (Supabase's image bootstraps its cluster with it too). */
export const ADMIN_ROLE = 'supabase_admin';

/** The same database as `url`, as the platform's superuser: for the bootstrap only, never for the app. */
/** @param {string} url */
export function adminUrl(url) {
  const u = new URL(url);
  u.username = ADMIN_ROLE;
  u.password = 'postgres';
  return u.toString();
}

// Bumped when the cluster's layout changes; an older cluster is rebuilt (its data is demo data).
const LAYOUT = 'hosted-2026-11-safeupdate';
/** @param {StackConfig} cfg */
const layoutFile = (cfg) => join(cfg.pgData, 'savia-layout');

/**
 * Extensions postgres may create although they need a superuser, as Supabase's supautils allows
 * (`privileged_extensions`): pgextwlist creates them as the bootstrap superuser and runs the
 * after-create scripts of scripts/stack/extensions. Any other such extension fails, as on hosted.
 */
const PRIVILEGED_EXTENSIONS = [
  'btree_gin',
  'btree_gist',
  'citext',
  'cube',
  'dblink',
  'earthdistance',
  'fuzzystrmatch',
  'hstore',
  'intarray',
  'isn',
  'ltree',
  'moddatetime',
  'pg_cron',
  'pg_stat_statements',
  'pg_trgm',
  'pgcrypto',
  'pgrowlocks',
  'pgtap',
  'plpgsql',
  'plpgsql_check',
  'postgres_fdw',
  'seg',
  'tablefunc',
  'tcn',
  'tsm_system_rows',
  'tsm_system_time',
  'unaccent',
  'uuid-ossp',
];

/** The after-create scripts, copied where the server can read them (a checkout under /root is not). */
/** @param {StackConfig} cfg */
function installExtensionScripts(cfg) {
  const target = join(cfg.dataDir, 'extension-scripts');
  rmSync(target, { recursive: true, force: true });
  cpSync(join(ROOT, 'scripts', 'stack', 'extensions'), target, { recursive: true });
  return target;
}

/** The libraries the stack builds itself (pg-safeupdate's stand-in), where this cluster's server loads them from. */
/** @param {StackConfig} cfg */
const libraryDir = (cfg) => join(cfg.dataDir, 'lib');

/** Creates the cluster when it does not exist yet (or has an older layout). Returns true when it was just created. */
/** @param {StackConfig} cfg */
export function ensureCluster(cfg) {
  if (existsSync(join(cfg.pgData, 'PG_VERSION'))) {
    const layout = existsSync(layoutFile(cfg)) ? readFileSync(layoutFile(cfg), 'utf8').trim() : '';
    if (layout === LAYOUT) {
      installExtensionScripts(cfg);
      installSafeupdate(binDirOf(cfg), libraryDir(cfg));
      return false;
    }
    // Made by an older version of these scripts (postgres was its superuser): start again.
    console.log('· el clúster local tiene una disposición antigua: se reconstruye como en Supabase');
    stopCluster(cfg);
    rmSync(cfg.pgData, { recursive: true, force: true });
  }
  if (!hasLibrary(cfg, 'pgextwlist')) {
    throw new Error('Falta pgextwlist (extensiones privilegiadas como en Supabase). En Debian/Ubuntu: apt-get install postgresql-15-pgextwlist');
  }
  mkdirSync(cfg.pgData, { recursive: true });
  const { uid, gid } = pgOsUser();
  if (uid !== undefined) chownSync(cfg.pgData, uid, gid);
  runPg(cfg, 'initdb', ['-D', cfg.pgData, '-U', ADMIN_ROLE, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const extensionScripts = installExtensionScripts(cfg);
  installSafeupdate(binDirOf(cfg), libraryDir(cfg));
  const settings = [
    `listen_addresses = '127.0.0.1'`,
    `port = ${cfg.dbPort}`,
    `unix_socket_directories = '${cfg.pgData}'`,
    `max_connections = 200`,
    `timezone = 'UTC'`,
    `shared_buffers = '256MB'`,
    `synchronous_commit = off`,
    // Test clusters are thrown away after the run: durability buys nothing there.
    ...(cfg.profile === 'test' ? ['fsync = off', 'full_page_writes = off'] : []),
    ...(hasLibrary(cfg, 'pg_cron') ? [`shared_preload_libraries = 'pg_cron'`, `cron.database_name = 'postgres'`] : []),
    `session_preload_libraries = 'pgextwlist'`,
    // Where the per-role preload of savia_safeupdate (platform.sql) finds it, after the server's own libraries.
    `dynamic_library_path = '$libdir:${libraryDir(cfg)}'`,
    `extwlist.extensions = '${PRIVILEGED_EXTENSIONS.join(',')}'`,
    `extwlist.custom_path = '${extensionScripts}'`,
  ];
  const conf = join(cfg.pgData, 'postgresql.conf');
  writeFileSync(conf, `${readFileSync(conf, 'utf8')}\n# Savia local stack\n${settings.join('\n')}\n`);
  writeFileSync(layoutFile(cfg), `${LAYOUT}\n`);
  return true;
}

/** @param {StackConfig} cfg */
export function isRunning(cfg) {
  if (!existsSync(join(cfg.pgData, 'PG_VERSION'))) return false;
  return runPg(cfg, 'pg_ctl', ['-D', cfg.pgData, 'status'], { allowFail: true }).status === 0;
}

/** @param {StackConfig} cfg */
export function startCluster(cfg) {
  if (isRunning(cfg)) return;
  runPg(cfg, 'pg_ctl', ['-D', cfg.pgData, '-l', join(cfg.pgData, 'server.log'), '-w', '-t', '60', 'start']);
}

/** @param {StackConfig} cfg */
export function stopCluster(cfg) {
  if (!isRunning(cfg)) return;
  runPg(cfg, 'pg_ctl', ['-D', cfg.pgData, '-m', 'fast', '-w', 'stop'], { allowFail: true });
}

/** @param {StackConfig} cfg */
export function destroyCluster(cfg) {
  stopCluster(cfg);
  rmSync(cfg.dataDir, { recursive: true, force: true });
}

/**
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');

export function migrationFiles(dir = MIGRATIONS_DIR) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.split('_')[0], name: f.replace(/^\d+_|\.sql$/g, ''), path: join(dir, f) }));
}

/**
 * What a hosted project has before its first migration (scripts/stack/platform.sql), as supabase_admin.
 * @param {StackConfig} cfg
 */
export function bootstrapPlatform(cfg) {
  return withClient(adminUrl(cfg.dbUrl), (client) => client.query(readFileSync(join(ROOT, 'scripts', 'stack', 'platform.sql'), 'utf8')));
}

/**
 * Platform bootstrap (as supabase_admin), then every migration not applied yet, as postgres,
 * tracked as the Supabase CLI does. `dir`: another folder of migrations (scripts/schema-diff.mjs
 * builds an older version of them).
 * @param {StackConfig} cfg
 * @param {(message: string) => void} [log]
 * @param {string} [dir]
 */
export async function migrate(cfg, log = () => {}, dir = MIGRATIONS_DIR) {
  await bootstrapPlatform(cfg);
  return withClient(cfg.dbUrl, async (client) => {
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, statements text[], name text
      );`);
    const { rows } = await client.query('select version from supabase_migrations.schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    let count = 0;
    for (const m of migrationFiles(dir)) {
      if (applied.has(m.version)) continue;
      log(`migración ${m.version}_${m.name}`);
      const sql = readFileSync(m.path, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`La migración ${m.version}_${m.name} falló: ${/** @type {Error} */ (error).message}`);
      }
      count += 1;
    }
    return count;
  });
}

/**
 * The seed files `[db.seed] sql_paths` of supabase/config.toml names, in order, as the Supabase CLI runs them.
 * @param {StackConfig} cfg
 */
export async function seed(cfg) {
  const supabaseDir = join(ROOT, 'supabase');
  const seedConfig = readTomlFile(join(supabaseDir, 'config.toml')).db?.seed ?? {};
  if (seedConfig.enabled === false) return;
  const files = /** @type {string[]} */ (seedConfig.sql_paths ?? ['./seed.sql']).map((p) => join(supabaseDir, p)).filter(existsSync);
  // One session for all of them: a later file may use what an earlier one left in the session.
  await withClient(cfg.dbUrl, async (client) => {
    for (const file of files) await client.query(readFileSync(file, 'utf8'));
  });
}

/**
 * Drops and recreates the `postgres` database: platform + migrations (+ seed).
 * @param {StackConfig} cfg
 * @param {{ withSeed?: boolean, log?: (message: string) => void, migrationsDir?: string }} [options]
 */
export async function resetDatabase(cfg, { withSeed = true, log, migrationsDir } = {}) {
  await withClient(adminUrl(cfg.dbUrl).replace(/\/postgres$/, '/template1'), async (client) => {
    await client.query('drop database if exists postgres with (force)');
    await client.query('create database postgres');
  });
  // pg_cron's scheduler (a background worker bound to the `postgres` database) exits for good when
  // that database is dropped; a restart starts it again for the new one, where it waits for the
  // migrations to create the extension. Without it no close job would ever run.
  stopCluster(cfg);
  startCluster(cfg);
  await migrate(cfg, log, migrationsDir);
  if (withSeed) await seed(cfg);
}
