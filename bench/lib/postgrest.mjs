// Requests to the database as PostgREST 12 runs them for supabase-js, so a benchmark times what the
// API would: one transaction per request (read-only for a call to a stable function), the request's
// settings set locally first (search path, the role's own statement_timeout, the role, the JWT claims,
// method and path), then one statement shaped as PostgREST builds it for an RPC (the call in a
// `pgrst_source` CTE, the body aggregated as JSON), then COMMIT. Every screen the bench measures now
// reads through a function. Shapes read from PostgREST v12.2 (src/PostgREST/Query/Statements.hs, QueryBuilder.hs).
import pg from 'pg';

/**
 * A connection that plays PostgREST's pool: it logs in as postgres (not as `authenticator`) only so
 * that `savia.now`, the engine's clock for tests and benchmarks, can be set for the session; every
 * request still runs as `authenticated` with the caller's claims.
 */
export async function apiConnection(cfg, now) {
  const c = new pg.Client({ connectionString: cfg.dbUrl });
  await c.connect();
  await setClock(c, now);
  return c;
}

export const setClock = (c, now) => c.query(`select set_config('savia.now', $1, false)`, [now]);

/** The claims of a signed-in user's access token, as far as the database reads them. */
export const claimsOf = (userId) => ({ sub: userId, role: 'authenticated', aud: 'authenticated' });

/** Each API role's own statement_timeout, as on a hosted project. */
const STATEMENT_TIMEOUT = { anon: '3s', authenticated: '8s' };

/**
 * One API request: BEGIN, the request's settings, the statement, COMMIT. Returns the statement's
 * first row. `role`: `authenticated` (a signed-in user's claims) or `anon` (claims `{ role: 'anon' }`).
 */
export async function request(c, { claims, method, path, readOnly = true, role = 'authenticated' }, text, params) {
  await c.query(`begin isolation level read committed${readOnly ? ' read only' : ''}`);
  try {
    await c.query(
      `select set_config('search_path', '"public", "public", "extensions"', true), set_config('statement_timeout', $5, true),
              set_config('role', $4, true), set_config('request.jwt.claims', $1, true),
              set_config('request.method', $2, true), set_config('request.path', $3, true),
              set_config('request.headers', '{}', true), set_config('request.cookies', '{}', true)`,
      [JSON.stringify(claims), method, path, role, STATEMENT_TIMEOUT[role]],
    );
    const res = await c.query(text, params);
    await c.query('commit');
    return res.rows[0];
  } catch (error) {
    await c.query('rollback');
    throw error;
  }
}

const tail = `nullif(current_setting('response.headers', true), '') AS response_headers,
  nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted`;

/** The arguments of public functions (name → type, input arguments only), as PostgREST's schema cache has them. */
export async function functionSignatures(db, names) {
  const { rows } = await db.query(
    `select p.proname as fn, a.name, format_type(a.type, null) as type
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
      cross join lateral unnest(p.proargnames, coalesce(p.proallargtypes, p.proargtypes::oid[]),
                                coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs]))) with ordinality a(name, type, mode, pos)
      where p.proname = any ($1) and a.mode in ('i', 'b', 'v')
      order by p.proname, a.pos`,
    [names],
  );
  const signatures = new Map(names.map((n) => [n, new Map()]));
  for (const r of rows) signatures.get(r.fn).set(r.name, r.type);
  return signatures;
}

const ident = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * A call to `public.<fn>` with the named arguments supabase-js sends (undefined ones left out), as a
 * POST /rpc/<fn> with a JSON body. `returns`: 'set' (a table: a JSON array), 'single' (`.single()`:
 * one object) or 'scalar' (a function returning one value, jsonb for instance).
 */
export function rpcStatement(signatures, fn, argNames, returns = 'set') {
  const types = signatures.get(fn);
  if (!types) throw new Error(`función desconocida: ${fn}`);
  const cols = argNames.map((a) => {
    if (!types.has(a)) throw new Error(`${fn} no tiene el argumento ${a}`);
    return `${ident(a)} ${types.get(a)}`;
  });
  const call = `"public".${ident(fn)}(${argNames.map((a) => `${ident(a)} := pgrst_body.${ident(a)}`).join(', ')})`;
  const from = argNames.length
    ? `FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT ${argNames.map(ident).join(', ')} FROM json_to_record(pgrst_payload.json_data) AS _(${cols.join(', ')}) LIMIT 1) pgrst_body, LATERAL `
    : 'FROM ';
  const scalar = returns === 'scalar';
  const source = scalar ? `SELECT pgrst_call.pgrst_scalar ${from}(SELECT ${call} pgrst_scalar) pgrst_call` : `SELECT pgrst_call.* ${from}${call} pgrst_call`;
  const row = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const body = scalar || returns === 'single' ? `coalesce(json_agg(${row})->0, 'null')` : `coalesce(json_agg(${row}), '[]')`;
  return `WITH pgrst_source AS (${source}) SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total,
  ${body} AS body, ${tail} FROM (SELECT ${scalar ? '' : `${ident(fn)}.`}* FROM "pgrst_source" AS ${ident(fn)}) _postgrest_t`;
}

/**
 * A prepared RPC: `call(c, claims, args, { role })` runs it as one request (role `authenticated`
 * unless told). supabase-js posts to /rpc/<fn>, so
 * the method is POST; PostgREST opens a read-only transaction for a stable function all the same.
 */
export function rpc(signatures, fn, argNames, returns = 'set') {
  const text = rpcStatement(signatures, fn, argNames, returns);
  return (c, claims, args = {}, { role } = {}) =>
    request(c, { claims, method: 'POST', path: `/rpc/${fn}`, role }, text, argNames.length ? [JSON.stringify(args)] : []);
}
