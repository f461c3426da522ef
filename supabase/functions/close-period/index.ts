// close-period: the month close for schedulers outside the database (pg_cron does it inside).
// Service role only: the runtime has verified the JWT's signature (verify_jwt, the default), so
// here we only read its role. The database checks the role again in public.close_period.
//
//   POST /functions/v1/close-period            closes the previous month (company time zone)
//   POST /functions/v1/close-period {"month": "2026-03-01"}
// Answers the close's summary (already_closed: true when it had been closed before: idempotent).
import { createClient } from 'npm:@supabase/supabase-js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function roleOf(req: Request): string | null {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload.padEnd(payload.length + ((4 - (payload.length % 4)) % 4), '='))).role ?? null;
  } catch {
    return null;
  }
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Usa POST para cerrar un mes.' });
  if (roleOf(req) !== 'service_role') {
    return json(403, { error: 'Solo el rol de servicio puede cerrar un mes desde esta función.' });
  }
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
  const admin = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.rpc('close_period', month ? { p_month: month } : {});
  if (error) {
    // The engine's refusals carry a stable code in hint (savia:period_not_ended, ...).
    return json(error.code === 'P0001' ? 409 : 500, { error: error.message, code: error.hint ?? error.code });
  }
  return json(200, data);
});
