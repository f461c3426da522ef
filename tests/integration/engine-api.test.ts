// The engine through PostgREST with supabase-js, as the app calls it: RPCs exposed to signed-in
// users, refusals with their Spanish message and stable code, nothing for anon.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { member, payoutAccount, product, retireTestProducts, staff, tagOf } from './engine-support';
import { formatMoney } from '../../src/lib/format/format';
import { cfg, sql } from './support';

/** A supabase-js client carrying an access token for the user, as after a Google sign-in. */
async function clientFor(userId: string): Promise<SupabaseClient> {
  const now = Math.floor(Date.now() / 1000);
  const token: string = await signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, cfg.jwtSecret);
  return createClient(cfg.apiUrl, cfg.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

const anon = createClient(cfg.apiUrl, cfg.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
afterAll(async () => {
  await anon.removeAllChannels();
  await retireTestProducts();
});

describe('el motor por la API', () => {
  it('un miembro pide, el personal previsualiza y aprueba, el miembro ve su libro explicado', async () => {
    const tag = tagOf();
    const sponsor = await member(tag, 'Madrina', null);
    const buyer = await member(tag, 'Ahijada', sponsor.id);
    const productId = await product(tag, 12.5, 20, 5);
    const admin = await clientFor(await staff(tag));
    const asBuyer = await clientFor(buyer.userId);
    const asSponsor = await clientFor(sponsor.userId);

    const order = await asBuyer.rpc('place_order', { p_items: [{ product_id: productId, quantity: 2 }], p_payment_method: 'efectivo' });
    expect(order.error).toBeNull();
    expect(order.data).toMatchObject({ status: 'Pendiente de Aprobación', total: 25, points_total: 40 });

    const preview = await admin.rpc('preview_sale_rewards', { p_sale_id: order.data.id });
    expect(preview.error).toBeNull();
    expect(preview.data.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['points_purchase', 0],
      ['commission_purchase', 2.5],
    ]);
    const approved = await admin.rpc('approve_sale', { p_sale_id: order.data.id });
    expect(approved.error).toBeNull();
    const ledger = await asSponsor.rpc('get_ledger');
    expect(ledger.error).toBeNull();
    expect(ledger.data[0]).toMatchObject({ type: 'commission_purchase', amount: 2.5, state: 'pendiente', source_client_name: `Ahijada ${tag}` });
    // In the company's currency, written as the screens write it (the demo's is COP: «$ 25», and the
    // «$ 2,50» commission with its cents, never rounded to 3).
    const [{ currency }] = await sql<{ currency: string }>(`select currency from public.metadata where id = 'app_settings'`);
    expect(ledger.data[0].explanation).toContain(`10% de ${formatMoney(25, currency)} = ${formatMoney(2.5, currency)}`);
    const balance = await asSponsor.rpc('get_balance');
    expect(balance.data[0]).toMatchObject({ available: 0, pending: 2.5 });
  });

  it('los rechazos llegan con su mensaje en español y su código', async () => {
    const tag = tagOf();
    const someone = await member(tag, 'Alguien', null);
    await payoutAccount(someone.id);
    const asMember = await clientFor(someone.userId);
    const refused = await asMember.rpc('approve_sale', { p_sale_id: '00000000-0000-0000-0000-000000000000' });
    expect(refused.error).toMatchObject({
      code: 'P0001',
      message: 'Solo el personal (admin o superadmin) puede realizar esta acción.',
      hint: 'savia:forbidden',
    });
    const payout = await asMember.rpc('request_payout', { p_amount: 1000 });
    expect(payout.error?.hint).toMatch(/^savia:(below_minimum|above_balance)$/);
  });

  it('anon no puede llamar a ninguna acción del motor', async () => {
    const { error } = await anon.rpc('place_order', { p_items: [] });
    expect(error?.code).toBe('42501');
  });
});
