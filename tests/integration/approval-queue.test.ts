// Aprobaciones' queue through PostgREST, as the screen calls it (get_approval_queue): the same sales,
// in the same order and shape, as the embedded read it replaced; staff only.
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

const PENDING = ['Pendiente de Aprobación', 'Pendiente de Enrolamiento'];
// The embedded read the screen made before (sales-api.ts's DETAIL_COLUMNS).
const EMBEDDED =
  'id, sale_no, client_id, kind, status, total, commissionable_total, points_total, period_month, payment_method, payment_reference, voucher_path, delivery_address, notes, rejection_reason, cancellation_reason, created_at, approved_at, delivered_at, rejected_at, cancelled_at, client:clients(id, name, email, phone, document_number, city, address), items:sale_items(product_id, quantity, unit_price, unit_points, line_total, product:products(name, image_path, stock, is_active))';

interface QueuePage {
  total: number;
  sales: { id: string; items: { product: { name: string } }[]; email_check?: unknown; fraud_signs?: unknown }[];
}
const byName = (a: { product: { name: string } }, b: { product: { name: string } }) => a.product.name.localeCompare(b.product.name, 'es');

describe('la cola de Aprobaciones por la API', () => {
  it('el personal lee cada página: las pendientes de la más antigua a la más nueva, con miembro y líneas, y el total', async () => {
    const pending = await sql<{ id: string }>(`select id from public.sales where status = any ($1) order by created_at, id`, [PENDING]);
    expect(pending.length).toBeGreaterThan(3);
    const admin = await clientFor('laura.admin@savia.test');
    const size = 3;
    for (const page of [1, 2]) {
      const { data, error } = await admin.rpc('get_approval_queue', { p_page: page, p_page_size: size });
      expect(error).toBeNull();
      const got = data as unknown as QueuePage;
      expect(got.total).toBe(pending.length);
      expect(got.sales.map((s) => s.id)).toEqual(pending.slice((page - 1) * size, page * size).map((s) => s.id));

      // Field by field what the embedded read returned for the same page (lines in the screen's order).
      const before = await admin
        .from('sales')
        .select(EMBEDDED)
        .in('status', PENDING)
        .order('created_at')
        .order('id')
        .range((page - 1) * size, page * size - 1);
      expect(before.error).toBeNull();
      const sorted = (rows: QueuePage['sales']) => rows.map((s) => ({ ...s, items: [...s.items].sort(byName) }));
      // Besides the sale's own fields, an enrolment says whether staff changed its address (issue 23 §2): the demo's did not.
      expect(got.sales.map((s) => s.email_check)).toEqual(got.sales.map(() => null));
      // What the queue adds to the embedded read: the fraud signs of each sale (their sentences: 82_fraud_signs).
      for (const sale of got.sales) expect(Array.isArray(sale.fraud_signs), `fraud_signs de ${sale.id}`).toBe(true);
      expect(sorted(got.sales.map(({ email_check: _, fraud_signs: __, ...sale }) => sale))).toEqual(sorted(before.data as unknown as QueuePage['sales']));
    }

    const past = await admin.rpc('get_approval_queue', { p_page: 1000, p_page_size: 50 });
    expect(past.data).toEqual({ total: pending.length, sales: [] });
  });

  it('un miembro no la lee aunque tenga ventas pendientes; anon no llega a la función', async () => {
    const [owner] = await sql<{ email: string }>(
      `select u.email from public.sales s join public.clients c on c.id = s.client_id join auth.users u on u.id = c.auth_uid
        where s.status = any ($1) limit 1`,
      [PENDING],
    );
    expect(owner).toBeDefined();
    const member = await clientFor(owner!.email);
    const refused = await member.rpc('get_approval_queue', { p_page: 1, p_page_size: 20 });
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    const anon = createClient(cfg.apiUrl, cfg.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    const blocked = await anon.rpc('get_approval_queue', { p_page: 1, p_page_size: 20 });
    expect(blocked.error?.code).toBe('42501');
  });
});
