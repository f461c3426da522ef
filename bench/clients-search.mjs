// Clientes' search (issue 11): `search_members` as the back office calls it while staff type, on the
// benchmarks' database (bench/lib/engine-data.mjs: 100,000 members), timed in the client as PostgREST
// runs each request. Target: p95 ≤ 50 ms for any query. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/clients-search.mjs   (env: SAVIA_DB_PORT, BENCH_MEMBERS as for bench/engine.mjs;
//        BENCH_ORDERS=20000 orders (the search reads no order), BENCH_CALLS=200 calls per query)
// The build names its members «Miembro n»; a search over 100,000 copies of one word measures nothing,
// so they are renamed first with Spanish names (accents included) from a few dozen first names and
// surnames, as a real member base repeats them, with a document number, a city and a slug each.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, benchCluster, buildEngineData, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, rpc } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 50;
const log = (...args) => console.log(...args);

const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const db = await buildEngineData(cfg, {
  members: Number(process.env.BENCH_MEMBERS ?? 100_000),
  orders: Number(process.env.BENCH_ORDERS ?? 20_000),
  pending: 1_000,
});
const { admin } = await staffIds(db);

let t0 = performance.now();
await db.query(`
  alter table public.clients disable trigger audit;
  with first(names) as (values (array['María', 'José', 'Ana', 'Luis', 'Carmen', 'Juan', 'Lucía', 'Andrés', 'Sofía', 'Carlos',
                                      'Valentina', 'Jorge', 'Isabel', 'Martín', 'Camila', 'Diego', 'Paula', 'Sebastián', 'Daniela',
                                      'Tomás', 'Mariana', 'Julián', 'Gabriela', 'Óscar', 'Inés', 'Raúl', 'Elena', 'Iván', 'Natalia',
                                      'Héctor', 'Verónica', 'Ramón', 'Ángela', 'Rubén', 'Patricia', 'Nicolás', 'Beatriz', 'Álvaro',
                                      'Lorena', 'Germán'])),
       last(names) as (values (array['Gómez', 'Rodríguez', 'Pérez', 'Martínez', 'García', 'López', 'Hernández', 'Díaz', 'Sánchez',
                                     'Ramírez', 'Torres', 'Flórez', 'Vargas', 'Castro', 'Ruiz', 'Moreno', 'Jiménez', 'Muñoz', 'Rojas',
                                     'Ortiz', 'Suárez', 'Núñez', 'Álvarez', 'Romero', 'Herrera', 'Medina', 'Aguilar', 'Cárdenas',
                                     'Peña', 'Quiñónez', 'Salazar', 'Ospina', 'Zuluaga', 'Bermúdez', 'Mejía', 'Restrepo', 'Cortés',
                                     'Londoño', 'Velásquez', 'Echeverri', 'Ibáñez', 'Giraldo', 'Montoya', 'Arango', 'Villegas',
                                     'Duque', 'Valencia', 'Cifuentes', 'Benítez', 'Acuña'])),
       cities(names) as (values (array['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Cartagena', 'Bucaramanga', 'Pereira',
                                       'Manizales', 'Cúcuta', 'Ibagué', 'Santa Marta', 'Villavicencio', 'Pasto', 'Montería',
                                       'Neiva', 'Armenia', 'Popayán', 'Sincelejo', 'Valledupar', 'Tunja'])),
       named as (
         select c.id, c.member_no,
                f.names[1 + (hashint8(c.member_no) & 2147483647) % 40] || ' ' ||
                l.names[1 + (hashint8(c.member_no * 7) & 2147483647) % 50] || ' ' ||
                l.names[1 + (hashint8(c.member_no * 13) & 2147483647) % 50] as name,
                k.names[1 + (hashint8(c.member_no * 3) & 2147483647) % 20] as city
           from public.clients c, first f, last l, cities k)
  update public.clients c
     set name = n.name, city = n.city, document_number = 'CC ' || (10000000 + n.member_no * 37)::text,
         slug = private.search_key(replace(n.name, ' ', '-')) || '-' || n.member_no,
         phone = '+57 3' || lpad(((n.member_no * 7919) % 1000000000)::text, 9, '0')
    from named n where n.id = c.id;
  alter table public.clients enable trigger audit;
`);
await db.query('vacuum analyze public.clients');
log(`nombres, documentos, ciudades y slugs de ${(await db.query('select count(*)::int n from public.clients')).rows[0].n} miembros: ${fmt(ms(t0))} ms`);
const {
  rows: [sizes],
} = await db.query(`
  select pg_size_pretty(pg_relation_size('public.clients_search_trgm')) as trgm, pg_size_pretty(pg_relation_size('public.clients')) as heap`);
log(`índice de trigramas: ${sizes.trgm} (tabla ${sizes.heap})`);

const sig = await functionSignatures(db, ['search_members']);
const api = await apiConnection(cfg, APPROVALS_AT);
const asAdmin = claimsOf(admin);
const ARGS = ['p_query', 'p_active', 'p_star_level', 'p_status', 'p_city', 'p_sort', 'p_desc', 'p_page', 'p_page_size'];
const search = rpc(sig, 'search_members', ARGS);

// What staff type: a common letter, a few letters, names with and without accents, long names, an
// e-mail, a document, a slug, nothing that matches, odd characters; then filters and sorts.
const {
  rows: [sample],
} = await db.query(`select email, document_number, slug, name from public.clients where member_no = 54321`);
const QUERIES = [
  ['una letra común', { p_query: 'a' }],
  ['una letra', { p_query: 'm' }],
  ['dos letras', { p_query: 'ma' }],
  ['tres letras comunes', { p_query: 'mar' }],
  ['tres letras', { p_query: 'gon' }],
  ['un apellido con tilde', { p_query: 'Gómez' }],
  ['un apellido sin tilde, en mayúsculas', { p_query: 'GOMEZ' }],
  ['nombre y apellido', { p_query: 'maría pérez' }],
  ['nombre completo largo', { p_query: 'sebastián rodríguez quiñónez' }],
  ['cuatro palabras', { p_query: 'ana lucia rodriguez bermudez' }],
  ['el nombre de un miembro', { p_query: sample.name }],
  ['correo', { p_query: sample.email }],
  ['parte de un correo', { p_query: 'm5432' }],
  ['documento', { p_query: sample.document_number.replace('CC ', '') }],
  ['slug', { p_query: sample.slug }],
  ['sin coincidencias', { p_query: 'xyzzyq' }],
  ['sin coincidencias, dos letras', { p_query: 'qx' }],
  ['%', { p_query: '%' }],
  ["comillas y _: o'hara_", { p_query: "o'hara_" }],
  ['texto de 100 caracteres', { p_query: 'rodriguez '.repeat(10).trim() }],
  ['sin texto, por nombre', {}],
  ['sin texto, página 200', { p_page: 200 }],
  ['sin texto, por ingreso (reciente primero)', { p_sort: 'ingreso', p_desc: true }],
  ['activos', { p_active: true }],
  ['nivel 5, por nombre', { p_star_level: 5 }],
  ['ciudad', { p_city: 'medellin' }],
  ['«mar» + nivel 3 + ciudad', { p_query: 'mar', p_star_level: 3, p_city: 'Bogotá' }],
  ['pendientes de enrolamiento', { p_status: 'pending' }],
];

const results = [];
log(`search_members como admin, página de 25, ${CALLS} llamadas por consulta tras ${WARM_UP} de calentamiento:`);
for (const [label, args] of QUERIES) {
  const body = { p_page: 1, p_page_size: 25, ...args };
  let first;
  for (let i = 0; i < WARM_UP; i += 1) first = await search(api, asAdmin, body);
  const times = [];
  for (let i = 0; i < CALLS; i += 1) {
    const t1 = performance.now();
    await search(api, asAdmin, body);
    times.push(ms(t1));
  }
  const rows = first.body ?? [];
  const total = rows.length ? `${rows[0].total_capped ? 'más de ' : ''}${rows[0].total}` : '0';
  const s = summary(times);
  results.push({ label, ...s });
  log(`  ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms (${total} resultados)${s.p95 <= TARGET_MS ? '' : '  ← p95 > 50 ms'}`);
}
const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
log(`peor p95: ${fmt(worst.p95)} ms (${worst.label}); máquina al terminar: ${machine()}`);
await api.end();
await db.end();
