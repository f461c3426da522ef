// @vitest-environment node
// supabase/README.md is the map a newcomer reads: it must name every public RPC the migrations define,
// in the migration that defines it, and none that no longer exists; its tables' triggers must be
// the ones 76_trigger_order.test.sql asserts against the database, listed in the order they fire.
// `npm run db:map` rewrites the map from the tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const migrationsDir = join(root, 'supabase', 'migrations');
const readme = readFileSync(join(root, 'supabase', 'README.md'), 'utf8');

function section(name: string): string[] {
  const match = new RegExp(`<!-- db:map ${name} -->([\\s\\S]*?)<!-- /db:map ${name} -->`).exec(readme);
  if (!match?.[1]) throw new Error(`supabase/README.md no tiene la sección «${name}» del mapa: ejecuta npm run db:map.`);
  return match[1].split('\n').filter((line) => line.startsWith('| `'));
}

/** Each public function of the migrations and the (last) migration that creates it. */
function rpcsInMigrations(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    for (const m of sql.matchAll(/create (?:or replace )?function public\.(\w+)\s*\(/gi)) found.set(m[1] as string, file.replace(/\.sql$/, ''));
  }
  return found;
}

/** The map's RPCs: name → the migration its row names. */
function rpcsInMap(): Map<string, string> {
  return new Map(
    section('rpcs')
      .map((row) => row.split('|').map((cell) => cell.trim().replace(/`/g, '')))
      .map((cells) => [cells[1] ?? '', cells[2] ?? '']),
  );
}

/** Where a trigger fires among its table's, read from the map's «Fires» cell (BEFORE STATEMENT first, deferred last). */
function firingRank(fires: string): number {
  if (fires.endsWith('deferred to the commit')) return 6;
  const row = /, row\b/.test(fires);
  if (fires.startsWith('BEFORE')) return row ? 1 : 0;
  if (fires.startsWith('INSTEAD OF')) return 2;
  return row ? 4 : 5;
}

/** table → its triggers as the map lists them: { name, rank } in the map's order. */
function triggersInMap(): Map<string, { name: string; rank: number }[]> {
  const out = new Map<string, { name: string; rank: number }[]>();
  for (const row of section('triggers')) {
    const [, table = '', name = '', fires = ''] = row.split('|').map((cell) => cell.trim().replace(/`/g, ''));
    out.set(table, [...(out.get(table) ?? []), { name, rank: firingRank(fires) }]);
  }
  return out;
}
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** table → its triggers' names in byte order, as 76_trigger_order asserts them against the database. */
function triggersInPgtap(): Map<string, string[]> {
  const sql = readFileSync(join(root, 'supabase', 'tests', 'database', '76_trigger_order.test.sql'), 'utf8');
  const out = new Map<string, string[]>();
  for (const m of sql.matchAll(/tests\.triggers_of\('([\w.]+)'\), array\[([\s\S]*?)\]/g)) {
    out.set(
      m[1] as string,
      [...(m[2] as string).matchAll(/'(\w+):/g)].map((e) => e[1] as string),
    );
  }
  return out;
}

describe('supabase/README.md', () => {
  it('nombra cada RPC pública de las migraciones, con la migración que la define', () => {
    const inSql = rpcsInMigrations();
    const inMap = rpcsInMap();
    expect(inSql.size).toBeGreaterThan(50);
    const missing = [...inSql.keys()].filter((rpc) => !inMap.has(rpc));
    expect(missing, 'faltan en el mapa de supabase/README.md (npm run db:map)').toEqual([]);
    const elsewhere = [...inSql].filter(([rpc, file]) => inMap.has(rpc) && inMap.get(rpc) !== file).map(([rpc, file]) => `${rpc}: ${file}`);
    expect(elsewhere, 'el mapa las pone en otra migración (npm run db:map)').toEqual([]);
  });

  it('no nombra RPC que las migraciones ya no definen', () => {
    const inSql = rpcsInMigrations();
    expect(
      [...rpcsInMap().keys()].filter((rpc) => !inSql.has(rpc)),
      'sobran en el mapa de supabase/README.md (npm run db:map)',
    ).toEqual([]);
  });

  it('da los mismos disparadores de cada tabla que 76_trigger_order comprueba contra la base', () => {
    const pgtap = triggersInPgtap();
    expect(pgtap.size).toBeGreaterThan(20);
    const inMap = [...triggersInMap()].map(([table, list]) => [table, list.map((t) => t.name).sort(byteOrder)]);
    expect(Object.fromEntries(inMap), 'el mapa de disparadores no es el de 76_trigger_order.test.sql (npm run db:map)').toEqual(Object.fromEntries(pgtap));
  });

  it('lista los disparadores de cada tabla en el orden en que se disparan', () => {
    const misordered = [...triggersInMap()]
      .filter(([, list]) => {
        const fired = [...list].sort((a, b) => a.rank - b.rank || byteOrder(a.name, b.name));
        return fired.some((t, i) => t !== list[i]);
      })
      .map(([table]) => table);
    expect(misordered, 'tablas cuyo orden en el mapa no es el de disparo (npm run db:map)').toEqual([]);
  });
});
