// The approval as it was at a git revision and as it is in the working tree, as two SQL files for
// `BENCH_AB` (bench/engine.mjs): the functions an approval runs that issue 27 changed, taken from the
// migrations of each, plus the group points' trigger of each (per ancestor before, per change now).
// Both apply to the current schema. Usage: node bench/ab/approval-variants.mjs <revision> → prints
// the two files' paths, comma-separated, for BENCH_AB. A revision that already keeps the group points per
// change (one pending row each) gets that trigger too, so only the functions differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/config.mjs';
import { definition, migrationAt, migrationNow } from './functions-variants.mjs';

const FUNCTIONS = {
  '20250701070000_engine_foundation.sql': ['private.lock_open_period'],
  '20250701080000_kept_sales_aggregates.sql': ['private.sales_daily_stripes', 'private.add_to_sales_daily', 'private.keep_product_sales_daily'],
  '20250701081000_kept_group_points.sql': ['private.pending_group_points'],
  '20250701082000_kept_dashboard_and_finance.sql': [
    'private.bump_dashboard_month',
    'private.activity_points',
    'private.activity_band',
    'private.keep_dashboard_activity',
  ],
};

function variant(read, trigger) {
  const parts = Object.entries(FUNCTIONS).flatMap(([file, names]) => names.map((n) => definition(read(file), n)));
  return [...parts, readFileSync(join(ROOT, 'bench', 'ab', trigger), 'utf8')].join('\n\n');
}

const revision = process.argv[2] ?? 'main';
const atRevision = (file) => migrationAt(revision, file);
const perChange = atRevision('20250701081000_kept_group_points.sql')?.includes('group_points_pending') ?? false;
const before = join(tmpdir(), `savia-ab-${revision.replace(/\W/g, '_')}.sql`);
const after = join(tmpdir(), 'savia-ab-working-tree.sql');
writeFileSync(before, variant(atRevision, perChange ? 'group-points-per-change.sql' : 'group-points-per-ancestor.sql'));
writeFileSync(after, variant(migrationNow, 'group-points-per-change.sql'));
console.log(`${before},${after}`);
