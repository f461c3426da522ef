// Pagos's reads through PostgREST, as the screen calls them: the queue of one month's finished
// requests with each member's document (for the bank's payment file), for staff only.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { cfg, sql } from './support';

async function clientFor(email: string): Promise<SupabaseClient> {
  const [user] = await sql<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [email]);
  const now = Math.floor(Date.now() / 1000);
  const token: string = await signJwt({ sub: user!.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, cfg.jwtSecret);
  return createClient(cfg.apiUrl, cfg.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

describe('la cola de cobros por la API', () => {
  it('el personal lee las pagadas de un mes de negocio, con el documento de cada miembro', async () => {
    // The demo history pays requests in the months before this one.
    const [{ month }] = await sql<{ month: string }>(
      `select to_char(private.business_month(max(paid_at)), 'YYYY-MM-DD') as month from public.payout_requests
        where status = 'paid' and paid_at < (date_trunc('month', now() at time zone 'America/Bogota') at time zone 'America/Bogota')`,
    );
    const expected = await sql<{ id: string; document_number: string | null }>(
      `select r.id, c.document_number from public.payout_requests r join public.clients c on c.id = r.client_id
        where r.status = 'paid' and private.business_month(r.paid_at) = $1::date order by r.requested_at, r.id`,
      [month],
    );
    expect(expected.length).toBeGreaterThan(0);
    const admin = await clientFor('laura.admin@savia.test');
    const { data, error } = await admin.rpc('get_payout_queue', { p_statuses: ['paid'], p_month: month, p_page: 1, p_page_size: 50 });
    expect(error).toBeNull();
    expect(data.map((r: { id: string; client_document: string | null; total: number }) => [r.id, r.client_document, r.total])).toEqual(
      expected.map((e) => [e.id, e.document_number, expected.length]),
    );
  });

  it('un miembro no la lee, ni por meses; anon no llega a la función', async () => {
    const member = await clientFor('maria.activa@savia.test');
    const refused = await member.rpc('get_payout_queue', { p_statuses: ['paid'], p_month: '2026-01-01' });
    expect(refused.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    const anon = createClient(cfg.apiUrl, cfg.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    const blocked = await anon.rpc('get_payout_queue', { p_month: '2026-01-01' });
    expect(blocked.error?.code).toBe('42501');
  });
});
