// Some functions as they were at a git revision and as they are in the working tree, as two SQL files
// for `BENCH_AB` (bench/engine.mjs), taken from the migrations of each: the side-by-side measure of a
// change to those functions, without keeping a copy of them in the repository.
// Usage: node bench/ab/functions-variants.mjs <revision> <migration>=<function>[,<function>…] …
//   e.g. node bench/ab/functions-variants.mjs 8a97a0d 20250701110000_notifications.sql=private.notify_sale_change,private.notify_earnings
//   → prints the two files' paths, comma-separated, for BENCH_AB (the revision's first).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../scripts/lib/config.mjs';

/** `create or replace function name(…) … $$;` out of a migration's text ('' where the migration does not exist). */
export function definition(sql, name) {
  if (sql === null) return '';
  const start = sql.indexOf(`create or replace function ${name}(`);
  if (start < 0) throw new Error(`${name} no está en la migración`);
  const end = sql.indexOf('\n$$;', start);
  return sql.slice(start, end + 4);
}

/** A migration's text at a revision, or null where it does not exist yet. */
export function migrationAt(revision, file) {
  try {
    return execFileSync('git', ['show', `${revision}:supabase/migrations/${file}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/** The working tree's migration. */
export const migrationNow = (file) => readFileSync(join(ROOT, 'supabase', 'migrations', file), 'utf8');

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [revision, ...specs] = process.argv.slice(2);
  if (!revision || specs.length === 0) throw new Error('Uso: node bench/ab/functions-variants.mjs <revisión> <migración>=<función>[,<función>…] …');
  const wanted = specs.map((spec) => {
    const [file, names] = spec.split('=');
    return { file, names: names.split(',') };
  });
  const variant = (read) => wanted.flatMap(({ file, names }) => names.map((name) => definition(read(file), name))).join('\n\n');
  const before = join(tmpdir(), `savia-ab-functions-${revision.replace(/\W/g, '_')}.sql`);
  const after = join(tmpdir(), 'savia-ab-functions-working-tree.sql');
  writeFileSync(before, `${variant((file) => migrationAt(revision, file))}\n`);
  writeFileSync(after, `${variant(migrationNow)}\n`);
  console.log(`${before},${after}`);
}
