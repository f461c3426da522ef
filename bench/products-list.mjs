// Productos (issue 12): list_products as the back office calls it, on the engine benchmark's database
// (bench/lib/engine-data.mjs: 100,000 members and a month of orders, BENCH_ORDERS) with its 20
// products grown to 500 (names, categories, costs, some low, some inactive, a few kits), timed in the
// client as PostgREST runs each request, as an admin and as finance. Target: p95 ≤ 30 ms.
// Not a test: it prints figures for bench/README.md.
//
// What the list costs is its products (all of them are figured, then filtered and paged) and the
// orders still pending (what they commit is summed on every call); the settled sales are never read.
// So it is measured with the build's pending orders (BENCH_MEASURED, 10,000 by default: far more than
// an approvals queue ever holds) and again with 1,000 of them.
//
// Usage: node bench/products-list.mjs [--keep | --reuse [file.sql …]]   (env: SAVIA_DB_PORT, BENCH_MEMBERS,
//        BENCH_ORDERS, BENCH_MEASURED as for bench/engine.mjs; BENCH_CALLS=200 calls per query)
//   --keep / --reuse as in bench/why-not-paid.mjs: keep a copy of the built database, or start from it and
//   run the SQL files given (a new version of the functions) as the superuser.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, benchCluster, buildEngineData, benchDatabase, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, rpc } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 30;
const PRODUCTS = 500;
const log = (...args) => console.log(...args);

const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const args = process.argv.slice(2);
const SNAPSHOT = 'products-list';
const db = await benchDatabase(
  cfg,
  SNAPSHOT,
  args,
  async () => {
    const built = await buildEngineData(cfg);
    await growCatalogue(built);
    return built;
  },
  log,
);

/** From the build's 20 products to 500, as a catalogue grows: through the table, so each gets its opening movement. */
async function growCatalogue(c) {
  const t1 = performance.now();
  await c.query(`
    insert into public.products (sku, name, category, benefits, price, commissionable_amount, points, stock, is_kit)
    select 'P-' || lpad(i::text, 4, '0'),
           (array['Té', 'Cápsulas', 'Aceite', 'Crema', 'Jarabe', 'Infusión', 'Polvo', 'Gotas', 'Gel', 'Tabletas'])[1 + i % 10] || ' de ' ||
           (array['moringa', 'cúrcuma', 'lavanda', 'caléndula', 'jengibre', 'manzanilla', 'espirulina', 'chía', 'romero',
                  'valeriana', 'propóleo', 'saúco', 'árnica', 'equinácea', 'ginseng', 'maca', 'colágeno'])[1 + (i / 10) % 17] || ' ' || i,
           (array['Suplementos', 'Infusiones', 'Aceites', 'Cuidado personal', 'Alimentos', 'Jarabes', 'Kits', 'Bienestar'])[1 + i % 8],
           array['energia', 'descanso', 'digestion'], 4 + (i % 97) * 1.25, round((4 + (i % 97) * 1.25) * 0.8, 2), 5 + i % 40,
           (i * 37) % 400, i % 100 = 0
      from generate_series(1, ${PRODUCTS - 20}) i;
    update public.products set is_active = false where sku like 'P-%' and (substr(sku, 3)::int % 25) = 0;
    insert into public.product_costs (product_id, unit_cost)
    select id, round(price * 0.4, 2) from public.products where (hashtext(sku) & 3) <> 0;
    analyze public.products, public.product_costs, public.sales, public.sale_items;
  `);
  log(`catálogo de ${PRODUCTS} productos (con costo el 75 %, 4 % inactivos): ${fmt(ms(t1))} ms`);
}

const { admin } = await staffIds(db);
// The bench's superadmin, with finance (as Sofía), to time the figures only finance gets.
await db.query(`update public.users_roles set finance = true where user_id = (select id from auth.users where email = 'bench.super@savia.test')`);
const { superadmin } = await staffIds(db);
const sig = await functionSignatures(db, ['list_products']);
const api = await apiConnection(cfg, APPROVALS_AT);
const ARGS = ['p_query', 'p_category', 'p_low_stock', 'p_kit', 'p_status', 'p_sort', 'p_desc', 'p_page', 'p_page_size'];
const list = rpc(sig, 'list_products', ARGS);

const QUERIES = [
  ['primera página (activos, por nombre)', {}],
  ['buscar «te» (sin tilde)', { p_query: 'te' }],
  ['buscar «cúrcuma 1»', { p_query: 'cúrcuma 1' }],
  ['buscar un SKU', { p_query: 'P-0137' }],
  ['sin coincidencias', { p_query: 'xyzzy' }],
  ['categoría', { p_category: 'Aceites' }],
  ['stock bajo', { p_low_stock: true }],
  ['kits', { p_kit: true }],
  ['inactivos', { p_status: 'inactivos' }],
  ['todos, por precio (mayor primero)', { p_status: 'todos', p_sort: 'precio', p_desc: true }],
  ['por stock, página 10', { p_sort: 'stock', p_page: 10 }],
  ['100 por página', { p_page_size: 100 }],
];

async function measure(title) {
  const {
    rows: [pending],
  } = await db.query(`select count(*)::int n from public.sales where status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')`);
  log(`\n${title}: ${pending.n} ventas pendientes; list_products, página de 20, ${CALLS} llamadas por consulta tras ${WARM_UP} de calentamiento:`);
  const results = [];
  for (const [who, userId] of [
    ['admin', admin],
    ['finanzas', superadmin],
  ]) {
    for (const [label, extra] of QUERIES) {
      // The bench's statement passes every argument (null when absent), so the screen's defaults are spelt out.
      const body = { p_status: 'activos', p_sort: 'nombre', p_desc: false, p_low_stock: false, p_page: 1, p_page_size: 20, ...extra };
      let first;
      for (let i = 0; i < WARM_UP; i += 1) first = await list(api, claimsOf(userId), body);
      const times = [];
      for (let i = 0; i < CALLS; i += 1) {
        const t1 = performance.now();
        await list(api, claimsOf(userId), body);
        times.push(ms(t1));
      }
      const rows = first.body ?? [];
      const s = summary(times);
      results.push({ label: `${who}: ${label}`, ...s });
      const costs = rows.filter((r) => r.unit_cost !== null).length;
      log(
        `  ${who}: ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms (${rows[0]?.total ?? 0} resultados, ${costs} con costo en la página)${s.p95 <= TARGET_MS ? '' : '  ← p95 > 30 ms'}`,
      );
    }
  }
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  log(`peor p95: ${fmt(worst.p95)} ms (${worst.label}); máquina: ${machine()}`);
}

await measure('Con los pedidos pendientes de la construcción');
// 1,000 pending: the rest are cancelled by hand (as postgres, without the engine: nothing else is read).
let t0 = performance.now();
await db.query(`
  alter table public.sales disable trigger sales_transition;
  update public.sales set status = 'Cancelada', cancelled_at = now()
   where id in (select id from public.sales where status = 'Pendiente de Aprobación' order by created_at offset 1000);
  alter table public.sales enable trigger sales_transition;
  analyze public.sales;
`);
log(`\npendientes reducidos a 1.000: ${fmt(ms(t0))} ms`);
await measure('Con 1.000 pedidos pendientes');
await api.end();
await db.end();
