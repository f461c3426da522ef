// close-period: asks for a month's close from outside the database (another scheduler, a script).
// The close itself never runs here: it takes longer than a request may last, so this queues it
// through public.request_period_close and pg_cron runs it (see the engine_close migration).
//
// Authorization is the database's: the caller's own `apikey` and `Authorization` headers are
// forwarded to the RPC, so whatever key the gateway accepts (the legacy service_role JWT, a secret
// key sb_secret_…, a superadmin's session) reaches request_period_close with the caller's role, and
// the function decodes no token. That is also why supabase/config.toml turns verify_jwt off for it:
// a secret key is not a JWT.
//
//   POST /functions/v1/close-period            the previous month (company time zone)
//   POST /functions/v1/close-period {"month": "2026-03-01"}
// Answers 202 with the job while it is queued or running, 200 once done or failed (asking again is
// idempotent: it returns the same job). Poll by asking again, or read public.period_close_jobs.
//
// supabase-js is pinned (the version of package-lock.json): `supabase functions deploy` bundles
// exactly what was tested. A browser may call the function too (a superadmin's session), so it
// answers the CORS preflight itself, as Supabase's own function examples do: on a hosted project
// the gateway passes OPTIONS through to the function.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'content-type': 'application/json' } });

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST para pedir el cierre de un mes.' });
  const apikey = req.headers.get('apikey');
  if (!apikey) return json(401, { error: 'Falta la clave de la API (cabecera apikey).' });
  let month: string | undefined;
  const text = await req.text();
  if (text.trim()) {
    try {
      month = JSON.parse(text).month;
    } catch {
      return json(400, { error: 'El cuerpo debe ser JSON, por ejemplo {"month": "2026-03-01"}.' });
    }
    if (month !== undefined && !/^\d{4}-\d{2}-01$/.test(String(month))) {
      return json(400, { error: 'month debe ser el primer día del mes (AAAA-MM-01).' });
    }
  }
  const authorization = req.headers.get('authorization');
  const asCaller = createClient(Deno.env.get('SUPABASE_URL')!, apikey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: authorization ? { Authorization: authorization } : {} },
  });
  const { data: job, error, status } = await asCaller.rpc('request_period_close', month ? { p_month: month } : {});
  if (error) {
    // The engine's refusals carry a stable code in hint (savia:forbidden, savia:period_not_ended, ...);
    // a key or token the gateway or PostgREST refused keeps its 401/403.
    const answer = error.hint === 'savia:forbidden' ? 403 : error.code === 'P0001' ? 409 : status === 401 || status === 403 ? status : 500;
    return json(answer, { error: error.message, code: error.hint || error.code });
  }
  return json(job.status === 'queued' || job.status === 'running' ? 202 : 200, job);
});
