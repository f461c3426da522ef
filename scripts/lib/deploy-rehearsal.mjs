// npm test's deploy rehearsal: what README «Deploying to a hosted Supabase project» tells the owner to
// do, against a cluster laid out as a project created today (scripts/stack/platform.sql): the
// migrations pushed by the project's own Supabase CLI (the `supabase` devDependency; `db push
// --db-url` needs no Docker), and pgTAP run the way `supabase test db` runs it. The owner's first
// sign-in then follows in the owner stage (scripts/test.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.mjs';
import { migrationFiles, withClient } from './pg-cluster.mjs';

const CLI = join(ROOT, 'node_modules', '.bin', 'supabase');

/** The local cluster speaks no TLS; a hosted project's URL carries its own sslmode. */
const cliDbUrl = (cfg) => `${cfg.dbUrl}?sslmode=disable`;

function capture(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, DO_NOT_TRACK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: null, output, error }));
    child.on('close', (code, signal) => resolve({ code: signal ? signal : code, output }));
  });
}

/**
 * `supabase db push --db-url … --yes` from the project's folder, then a check that every migration of
 * supabase/migrations is in the CLI's history. Never throws: a CLI that cannot run is a failure
 * that says why (in Spanish), not a skip.
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
export async function pushWithSupabaseCli(cfg) {
  if (!existsSync(CLI)) {
    return { ok: false, output: 'No encuentro la CLI de Supabase (node_modules/.bin/supabase): ejecuta npm install; el ensayo del despliegue la necesita.' };
  }
  // Its version from its package (`supabase --version` would start the CLI once more: a second or two of CPU).
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'supabase', 'package.json'), 'utf8'));
  const push = await capture(CLI, ['db', 'push', '--db-url', cliDbUrl(cfg), '--yes']);
  const said = `supabase ${version} db push:\n${push.output}`;
  if (push.error) {
    return {
      ok: false,
      output: `${said}\nLa CLI de Supabase no puede ejecutarse en esta máquina (${push.error.message}): sin ella no hay ensayo del despliegue.`,
    };
  }
  if (/No matching Supabase CLI binary|Unsupported architecture|ENOENT|EACCES/.test(push.output)) {
    return {
      ok: false,
      output: `${said}\nLa CLI de Supabase no puede ejecutarse en esta máquina (su binario falta o no arranca): sin ella no hay ensayo del despliegue.`,
    };
  }
  if (push.code !== 0) return { ok: false, output: `${said}\nsupabase db push falló (código ${push.code}): un proyecto alojado rechazaría estas migraciones.` };
  const pushed = await withClient(cfg.dbUrl, (c) => c.query('select version from supabase_migrations.schema_migrations order by version'));
  const expected = migrationFiles().map((m) => m.version);
  const got = pushed.rows.map((r) => r.version);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    return {
      ok: false,
      output: `${said}\nEl historial de la CLI no tiene las ${expected.length} migraciones de supabase/migrations: tiene ${got.join(', ')}.`,
    };
  }
  return { ok: true, output: said };
}

/**
 * pgTAP as `supabase test db` runs it: pgtap created in `extensions` (and dropped again if it was not
 * there), then pg_prove as postgres, which is not a superuser. `run` spawns pg_prove.
 */
export async function proveAsSupabaseTestDb(cfg, files, run) {
  const created = await withClient(cfg.dbUrl, async (client) => {
    const { rowCount } = await client.query(`select 1 from pg_extension where extname = 'pgtap'`);
    if (rowCount === 0) await client.query('create extension pgtap with schema extensions');
    return rowCount === 0;
  });
  try {
    return await run('pg_prove', ['--ext', '.sql', '-h', '127.0.0.1', '-p', String(cfg.dbPort), '-U', 'postgres', '-d', 'postgres', ...files]);
  } finally {
    if (created) await withClient(cfg.dbUrl, (client) => client.query('drop extension if exists pgtap'));
  }
}
