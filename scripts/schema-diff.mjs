// `npm run db:diff -- <before> [<after>]`: proves that two sets of migrations build the same
// database. Each side is a git revision (its supabase/migrations) or a folder of migrations; <after>
// defaults to this checkout's supabase/migrations. Both are applied bare (platform bootstrap and
// migrations, no seed) to a throwaway cluster of their own, one after the other, and compared
// completely: `pg_dump --schema-only` as a set of object blocks (pg_dump orders some ties by OID),
// the data the migrations themselves write (timestamps masked), and catalogue queries for what
// pg_dump does not show or may order differently (function bodies and settings, grants, policies,
// each table's triggers in firing order, comments, default privileges, indexes, constraints,
// pg_cron jobs). Prints every difference and exits 1 if there is one.
//
// Written for the regrouping of the migrations by domain (issue 28), and kept for merging work
// written against the old files: apply the same change on both sides and compare.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { ROOT, stackConfig } from './lib/config.mjs';
import { ADMIN_ROLE, adminUrl, destroyCluster, ensureCluster, pgBinDir, resetDatabase, startCluster, withClient } from './lib/pg-cluster.mjs';
import { ensureSystemPackages } from './lib/system-deps.mjs';

/** An ACL as a set: the order of its items follows the order of the GRANTs, which means nothing. */
const acl = (column) => `coalesce((select string_agg(i::text, ',' order by i::text) from unnest(${column}) i), '-')`;

/** Each check: a name and a query whose rows, one per line, are compared as text. */
const CATALOGUE = {
  functions: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
           || ' kind=' || p.prokind::text || ' lang=' || l.lanname || ' returns=' || coalesce(pg_get_function_result(p.oid), '-')
           || ' volatile=' || p.provolatile::text || ' definer=' || p.prosecdef || ' strict=' || p.proisstrict
           || ' leakproof=' || p.proleakproof || ' parallel=' || p.proparallel::text || ' cost=' || p.procost || ' rows=' || p.prorows
           || ' config=' || coalesce(p.proconfig::text, '-') || ' owner=' || pg_get_userbyid(p.proowner)
           || ' acl=' || ${acl('p.proacl')} || ' args=' || pg_get_function_arguments(p.oid)
           || E'\\n' || p.prosrc
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
     where n.nspname in ('public', 'private')
     order by 1`,
  // A table's triggers fire in name order (byte order, RI triggers first); an RI trigger's name
  // carries an OID, so it is named here by its constraint, in the position its real name gives it.
  triggers: `
    select c.oid::regclass::text || ' #' || row_number() over (partition by c.oid order by t.tgname collate "C") || ' '
           || case when t.tgisinternal then 'RI(' || coalesce(k.conname, '?') || ', ' || p.proname || ')'
                   else pg_get_triggerdef(t.oid) end
           || ' enabled=' || t.tgenabled::text
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid left join pg_constraint k on k.oid = t.tgconstraint
     where n.nspname in ('public', 'private', 'auth', 'storage')
     order by c.oid::regclass::text, t.tgname collate "C"`,
  policies: `
    select schemaname || '.' || tablename || ' ' || policyname || ' ' || permissive || ' ' || roles::text || ' ' || cmd
           || ' using=' || coalesce(qual, '-') || ' check=' || coalesce(with_check, '-')
      from pg_policies order by schemaname, tablename, policyname`,
  relations: `
    select n.nspname || '.' || c.relname || ' kind=' || c.relkind::text || ' owner=' || pg_get_userbyid(c.relowner)
           || ' rls=' || c.relrowsecurity || ' force_rls=' || c.relforcerowsecurity || ' options=' || coalesce(c.reloptions::text, '-')
           || ' replica=' || c.relreplident::text || ' persistence=' || c.relpersistence::text || ' acl=' || ${acl('c.relacl')}
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private', 'auth', 'storage', 'extensions', 'cron', 'supabase_migrations')
     order by 1`,
  columns: `
    select c.oid::regclass::text || ' #' || a.attnum || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || ' notnull=' || a.attnotnull || ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-')
           || ' identity=' || a.attidentity::text || ' generated=' || a.attgenerated::text || ' collation=' || a.attcollation::regcollation::text
           || ' acl=' || ${acl('a.attacl')}
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname in ('public', 'private') and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'v', 'm', 'p', 'f', 'c')
     order by c.oid::regclass::text, a.attnum`,
  indexes: `select schemaname || '.' || tablename || ' ' || indexdef from pg_indexes
             where schemaname in ('public', 'private', 'auth', 'storage') order by 1`,
  constraints: `
    select c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
           || ' deferrable=' || c.condeferrable || ' deferred=' || c.condeferred || ' validated=' || c.convalidated
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where n.nspname in ('public', 'private', 'auth', 'storage')
     order by 1`,
  comments: `
    select pg_describe_object(d.classoid, d.objoid, d.objsubid) || ' = ' || d.description
      from pg_description d
     where pg_describe_object(d.classoid, d.objoid, d.objsubid) is not null
     order by 1`,
  schemas: `select n.nspname || ' owner=' || pg_get_userbyid(n.nspowner) || ' acl=' || ${acl('n.nspacl')}
              from pg_namespace n where n.nspname not like 'pg\\_%' order by 1`,
  default_privileges: `
    select pg_get_userbyid(d.defaclrole) || ' ' || coalesce(n.nspname, '*') || ' ' || d.defaclobjtype::text || ' ' || ${acl('d.defaclacl')}
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace order by 1`,
  extensions: `select e.extname || ' ' || e.extversion::text || ' schema=' || n.nspname from pg_extension e
                 join pg_namespace n on n.oid = e.extnamespace order by 1`,
  types: `
    select n.nspname || '.' || t.typname || ' ' || t.typtype::text || ' owner=' || pg_get_userbyid(t.typowner) || ' acl=' || ${acl('t.typacl')}
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname in ('public', 'private') and t.typtype in ('c', 'd', 'e', 'r', 'm') and t.typrelid = 0
     order by 1`,
  role_settings: `select coalesce(r.rolname, '*') || ' ' || coalesce(d.datname, '*') || ' ' || s.setconfig::text
                    from pg_db_role_setting s left join pg_roles r on r.oid = s.setrole left join pg_database d on d.oid = s.setdatabase
                   order by 1`,
  cron_jobs: `select jobname || ' ' || schedule || ' ' || database || ' ' || username || ' active=' || active || E'\\n' || command
                from cron.job order by jobname`,
  event_triggers: `select evtname || ' ' || evtevent || ' ' || evtfoid::regproc::text from pg_event_trigger order by 1`,
  publications: `select pubname || ' ' || pg_get_userbyid(pubowner) from pg_publication order by 1`,
};

function usage() {
  console.error('Uso: npm run db:diff -- <antes> [<después>]   (cada lado: una revisión de git o una carpeta de migraciones)');
  process.exit(2);
}

/** The migrations of a side, as a folder: a folder as given, a git revision extracted to a temporary one. */
function migrationsOf(side, work) {
  if (existsSync(side) && statSync(side).isDirectory()) return { dir: resolve(side), label: side };
  const dir = join(work, `migraciones-${basename(side).replace(/[^\w.-]/g, '_')}`);
  mkdirSync(dir, { recursive: true });
  const listing = spawnSync('git', ['ls-tree', '--name-only', `${side}:supabase/migrations`], { cwd: ROOT, encoding: 'utf8' });
  if (listing.status !== 0) {
    throw new Error(`«${side}» no es una carpeta ni una revisión de git con supabase/migrations: ${listing.stderr.trim()}`);
  }
  for (const name of listing.stdout.split('\n').filter((f) => f.endsWith('.sql'))) {
    writeFileSync(join(dir, name), execFileSync('git', ['show', `${side}:supabase/migrations/${name}`], { cwd: ROOT, maxBuffer: 1 << 26 }));
  }
  return { dir, label: `${side} (git)` };
}

/** pg_dump's output as a sorted set of object blocks, without its per-run lines. */
function schemaDump(cfg, flags) {
  const url = new URL(adminUrl(cfg.dbUrl));
  const out = execFileSync(join(pgBinDir(), 'pg_dump'), [...flags, '-h', url.hostname, '-p', url.port, '-U', ADMIN_ROLE, '-d', 'postgres'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'], // a data-only dump warns about circular foreign keys: not a difference
    env: { ...process.env, PGPASSWORD: 'postgres' },
  });
  const lines = out
    .split('\n')
    .filter((l) => !/^\\(un)?restrict /.test(l) && !/^-- (Dumped|Started|Completed)/.test(l))
    // now() in a row the migrations write (a settings row, a plan version) differs from run to run.
    .map((l) => l.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00(:00)?/g, '<instante>'));
  const blocks = [];
  for (const line of lines) {
    if (line.startsWith('-- Name: ') || line.startsWith('-- Data for Name: ') || blocks.length === 0) blocks.push([]);
    blocks.at(-1).push(line);
  }
  return (
    blocks
      // The lines of a grant block follow the order of the GRANTs, a table's rows their physical order: neither means anything.
      .map((b) => (/; Type: (ACL|TABLE DATA);/.test(b[0] ?? '') ? [...b.slice(0, 3), ...b.slice(3).sort()] : b).join('\n').trim())
      .filter(Boolean)
      .sort()
      .join('\n\n')
  );
}

async function snapshot(cfg, migrationsDir) {
  await resetDatabase(cfg, { withSeed: false, migrationsDir });
  const parts = {
    'pg_dump --schema-only': schemaDump(cfg, ['--schema-only']),
    // The rows the migrations write themselves (settings, the default plan and its versions, buckets, pg_cron's jobs).
    'pg_dump --data-only': schemaDump(cfg, ['--data-only', '--exclude-table=supabase_migrations.schema_migrations', '--exclude-table=cron.job']),
  };
  await withClient(adminUrl(cfg.dbUrl), async (client) => {
    for (const [name, sql] of Object.entries(CATALOGUE)) {
      const { rows } = await client.query(sql);
      parts[name] = rows.map((r) => Object.values(r)[0]).join('\n');
    }
  });
  return parts;
}

function diff(name, before, after, work) {
  if (before === after) return '';
  const a = join(work, `${name.replace(/\W+/g, '_')}.antes`);
  const b = join(work, `${name.replace(/\W+/g, '_')}.despues`);
  writeFileSync(a, `${before}\n`);
  writeFileSync(b, `${after}\n`);
  return spawnSync('diff', ['-u', a, b], { encoding: 'utf8' }).stdout;
}

const [beforeSide, afterSide = join(ROOT, 'supabase', 'migrations')] = process.argv.slice(2);
if (!beforeSide || beforeSide.startsWith('-')) usage();
ensureSystemPackages(['postgres', 'cron']);

const base = stackConfig('test');
const dataDir = join(base.dataDir, '..', `schema-diff-${base.dbPort}`);
const cfg = { ...base, dataDir, pgData: join(dataDir, 'pg'), logDir: join(dataDir, 'logs') };
const work = mkdtempSync(join(tmpdir(), 'savia-schema-diff-'));
let failed = false;
try {
  const before = migrationsOf(beforeSide, work);
  const after = migrationsOf(afterSide, work);
  console.log(`· antes:   ${before.label} (${readdirSync(before.dir).filter((f) => f.endsWith('.sql')).length} migraciones)`);
  console.log(`· después: ${after.label} (${readdirSync(after.dir).filter((f) => f.endsWith('.sql')).length} migraciones)`);
  destroyCluster(cfg);
  ensureCluster(cfg);
  startCluster(cfg);
  const a = await snapshot(cfg, before.dir);
  const b = await snapshot(cfg, after.dir);
  for (const name of Object.keys(a)) {
    const d = diff(name, a[name], b[name], work);
    const count = a[name] ? a[name].split('\n').length : 0;
    console.log(`${d ? '✗' : '✓'} ${name.padEnd(24)} ${d ? 'DIFERENTE' : `igual (${count} líneas)`}`);
    if (d) {
      failed = true;
      process.stdout.write(d);
    }
  }
} finally {
  destroyCluster(cfg);
  rmSync(work, { recursive: true, force: true });
}
console.log(failed ? '\nLas dos bases de datos difieren.' : '\nLas dos bases de datos son iguales.');
process.exit(failed ? 1 : 0);
