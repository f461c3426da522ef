// Mi Red and the public page (issue 11): one page of a member's network (`get_network_page`, the tree
// and the table by generation) and the public page's data (`get_public_page`), on the engine
// benchmark's database (100,000 members, 300,000 orders of one month), timed in the client as
// PostgREST runs each request. Targets: p95 ≤ 50 ms for a network page, for the root of the network
// and for a leaf; p95 ≤ 30 ms for the public page. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/network-public-page.mjs   (env: SAVIA_DB_PORT, BENCH_MEMBERS, BENCH_ORDERS,
//        BENCH_MEASURED as for bench/engine.mjs; BENCH_CALLS=300 calls per measure)
// A member reads their own network signed in with their own account (role `authenticated`, their JWT
// claims); the public page is read as `anon`. One connection, one request after another, as one
// PostgREST worker serves them; each measure runs a warm-up first, then its calls in random order.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, MONTH, benchCluster, buildEngineData, checkpoint } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, rpc } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARM_UP = 50;
/** The screens' page sizes: the tree opens 20 enrollees at a time, the table shows 25 a page. */
const TREE_PAGE = 20;
const TABLE_PAGE = 25;
const RECIPES = 40;

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const db = await buildEngineData(cfg);

// What the public page shows: every member has a slug, the catalogue has descriptions and
// benefits, and there are recipes, a few of them using a product that is not for sale (not shown).
let t0 = performance.now();
await db.query(`
  alter table public.clients disable trigger audit;
  update public.clients set slug = 'miembro-' || member_no, city = (array['Bogotá', 'Medellín', 'Cali', 'Quito', 'Lima'])[1 + member_no % 5];
  alter table public.clients enable trigger audit;
  update public.products set description = 'Producto de la tienda de prueba, con una descripción de tamaño real para la página pública.',
                             category = (array['Infusiones', 'Suplementos', 'Cuidado personal'])[1 + abs(hashtext(sku)) % 3],
                             benefits = array['digestion', 'energia', 'descanso'];
  insert into public.products (sku, name, price, commissionable_amount, points, stock, is_active)
  values ('B-RETIRADO', 'Producto retirado', 10, 8, 10, 0, false);
  insert into public.recipes (title, description, instructions, benefits)
  select 'Receta ' || i, 'Una receta de prueba con productos del catálogo.',
         repeat('Mezcla los ingredientes y sirve. ', 20), array['digestion', 'energia']
    from generate_series(1, ${RECIPES}) i;
  insert into public.recipe_products (recipe_id, product_id, amount)
  select r.id, p.id, '2 cucharadas'
    from (select id, row_number() over (order by title) as k from public.recipes) r
    join (select id, row_number() over (order by sku) as k from public.products where sku like 'B-%' and sku <> 'B-RETIRADO') p
      on p.k in (1 + r.k % 20, 1 + (r.k * 7) % 20, 1 + (r.k * 13) % 20);
  insert into public.recipe_products (recipe_id, product_id, amount)
  select r.id, (select id from public.products where sku = 'B-RETIRADO'), '1 taza'
    from public.recipes r where r.title in ('Receta 1', 'Receta 2', 'Receta 3');
  analyze public.clients, public.products, public.recipes, public.recipe_products;
`);
log(`slugs de los miembros, catálogo con descripciones y ${RECIPES} recetas: ${fmt(ms(t0))} ms`);

// Callers: the root of the network, mid-level members, leaves, each signed in with their own account.
t0 = performance.now();
await db.query(`
  create temporary table reach as
    select l.label::bigint as member_no, count(*) - 1 as downline
      from public.clients c cross join lateral unnest(string_to_array(extensions.ltree2text(c.path), '.')) l(label)
     group by 1;
  create temporary table callers as
    with m as (select c.id, c.email, c.path, r.downline from public.clients c join reach r on r.member_no = c.member_no)
    (select 'root' as kind, * from m where m.downline = (select max(downline) from m))
    union all
    (select 'mid', * from m where downline between 20 and 5000 order by random() limit 30)
    union all
    (select 'leaf', * from m where downline = 0 order by random() limit 50);
  insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
  select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', email, now(), now()
    from callers;
`);
const { rows: callers } = await db.query(`
  select k.kind, k.id, k.downline::int as downline, c.auth_uid, extensions.nlevel(k.path) as level
    from callers k join public.clients c on c.id = k.id order by k.kind`);
if (callers.some((c) => !c.auth_uid)) throw new Error('un miembro de la muestra quedó sin cuenta vinculada');
const root = callers.find((c) => c.kind === 'root');
const rootClaims = claimsOf(root.auth_uid);
// The root's generations, their sizes, and nodes to open in the tree (members with enrollees).
const { rows: generations } = await db.query(
  `select extensions.nlevel(path) - $1 as generation, count(*)::int as members from public.clients where extensions.nlevel(path) > $1 group by 1 order by 1`,
  [root.level],
);
const biggest = generations.reduce((a, b) => (b.members > a.members ? b : a));
const { rows: nodes } = await db.query(`select e.enroller_id as id from public.clients e group by 1 having count(*) >= 2 order by random() limit ${CALLS}`);
const { rows: inBiggest } = await db.query(`select name from public.clients where extensions.nlevel(path) = $1 order by random() limit ${CALLS}`, [
  root.level + biggest.generation,
]);
log(
  `la raíz: ${root.downline} personas en ${generations.length} generaciones (la mayor, la ${biggest.generation}.ª, de ${biggest.members}); ` +
    `nivel medio ${callers.filter((c) => c.kind === 'mid').length}, hojas ${callers.filter((c) => c.kind === 'leaf').length} (${fmt(ms(t0))} ms)`,
);
await checkpoint(cfg);

const sig = await functionSignatures(db, ['get_network_page', 'get_network_summary', 'get_public_page']);
const api = await apiConnection(cfg, APPROVALS_AT);

// Measuring ----------------------------------------------------------------------------------------------
const shuffle = (xs) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};
const spread = (specs, count = CALLS) => Array.from({ length: Math.max(count, specs.length) }, (_, i) => specs[i % specs.length]);
const results = [];

async function measure(label, calls, target) {
  for (const call of shuffle(calls).slice(0, WARM_UP)) await call();
  const times = [];
  for (const call of shuffle(calls)) {
    const t1 = performance.now();
    await call();
    times.push(ms(t1));
  }
  const s = summary(times);
  log(`  ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms, n ${s.n}${s.p95 <= target ? '' : `  ← p95 > ${target} ms`}`);
  results.push({ label, target, ...s });
}

// Mi Red: the same month the screen opens on (the open month), as the member it belongs to --------------
// The tree opens with generation 1 (parentId null) and then a node's enrollees; the table shows one
// generation, optionally searched by name or filtered by activity.
const tree = rpc(sig, 'get_network_page', ['p_month', 'p_generation', 'p_page', 'p_page_size']);
const treeNode = rpc(sig, 'get_network_page', ['p_month', 'p_parent_id', 'p_page', 'p_page_size']);
const table = tree;
const tableSearch = rpc(sig, 'get_network_page', ['p_month', 'p_generation', 'p_search', 'p_page', 'p_page_size']);
const tableStatus = rpc(sig, 'get_network_page', ['p_month', 'p_generation', 'p_status', 'p_page', 'p_page_size']);
const summaryOf = rpc(sig, 'get_network_summary', ['p_month']);
const page = (claims, fn, args) => () => fn(api, claims, { p_month: MONTH, ...args });
const lastPage = Math.ceil(biggest.members / TABLE_PAGE);

log(`Mi Red de la raíz (${root.downline} personas), mes ${MONTH.slice(0, 7)} abierto:`);
await measure('árbol: primera generación, página 1', spread([page(rootClaims, tree, { p_generation: 1, p_page: 1, p_page_size: TREE_PAGE })]), 50);
await measure(
  'árbol: los enrolados de un nodo al azar, página 1',
  nodes.map((n) => page(rootClaims, treeNode, { p_parent_id: n.id, p_page: 1, p_page_size: TREE_PAGE })),
  50,
);
await measure(
  `tabla: cada generación (1–${generations.length}), página 1`,
  spread(generations.map((g) => page(rootClaims, table, { p_generation: g.generation, p_page: 1, p_page_size: TABLE_PAGE }))),
  50,
);
await measure(
  `tabla: la generación mayor (${biggest.members}), página 1`,
  spread([page(rootClaims, table, { p_generation: biggest.generation, p_page: 1, p_page_size: TABLE_PAGE })]),
  50,
);
await measure(
  `tabla: la generación mayor, página al azar (1–${lastPage})`,
  Array.from({ length: CALLS }, () =>
    page(rootClaims, table, { p_generation: biggest.generation, p_page: 1 + Math.floor(Math.random() * lastPage), p_page_size: TABLE_PAGE }),
  ),
  50,
);
await measure(
  'tabla: la generación mayor, buscando el nombre de uno de ellos',
  inBiggest.map((p) => page(rootClaims, tableSearch, { p_generation: biggest.generation, p_search: p.name.toLowerCase(), p_page: 1, p_page_size: TABLE_PAGE })),
  50,
);
await measure(
  'tabla: la generación mayor, filtro activo / inactivo / en riesgo',
  spread(
    ['activo', 'inactivo', 'en_riesgo'].map((s) =>
      page(rootClaims, tableStatus, { p_generation: biggest.generation, p_status: s, p_page: 1, p_page_size: TABLE_PAGE }),
    ),
  ),
  50,
);

const memberPages = (kind) =>
  callers
    .filter((c) => c.kind === kind)
    .flatMap((c) => [
      page(claimsOf(c.auth_uid), tree, { p_generation: 1, p_page: 1, p_page_size: TREE_PAGE }),
      page(claimsOf(c.auth_uid), table, { p_generation: 2, p_page: 1, p_page_size: TABLE_PAGE }),
    ]);
log('Mi Red de otros miembros (el árbol y la 2.ª generación, página 1):');
await measure('una hoja (sin red)', spread(memberPages('leaf')), 50);
await measure('nivel medio (20–5.000 personas)', spread(memberPages('mid')), 50);
log('El resumen por generación que la pantalla pide junto a la página (sin objetivo en el issue):');
await measure('get_network_summary de la raíz', spread([page(rootClaims, summaryOf, {})], 100), Infinity);

// The public page, as an anonymous visitor ------------------------------------------------------------------
const publicPage = rpc(sig, 'get_public_page', ['p_slug'], 'scalar');
const anon = { role: 'anon' };
const asVisitor = (slug) => () => publicPage(api, anon, { p_slug: slug }, { role: 'anon' });
const { rows: slugs } = await db.query(`select slug from public.clients where slug is not null order by random() limit ${CALLS}`);
const [sample] = (await db.query(`select public.get_public_page($1) as page`, [slugs[0].slug])).rows;
log(`Página pública (${sample.page.products.length} productos, ${sample.page.recipes.length} recetas), como visitante anónimo:`);
await measure(
  'get_public_page(slug de un miembro al azar)',
  slugs.map((s) => asVisitor(s.slug)),
  30,
);
await measure('get_public_page(slug que no existe)', spread([asVisitor('no-existe-nadie'), asVisitor('Miembro-999999999')]), 30);
await api.end();

const slow = results.filter((r) => r.p95 > r.target);
log(slow.length ? `fuera del objetivo: ${slow.map((r) => `${r.label} (p95 ${fmt(r.p95)} ms > ${r.target} ms)`).join('; ')}` : 'todas dentro de su objetivo');
log(`máquina al terminar: ${machine()}, PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}`);
await db.end();
