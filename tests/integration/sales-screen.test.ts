// Ventas through PostgREST, as each persona: staff list, total, export, open and preview the
// cancellation of any sale; a member (even the buyer) and an account without a role get nothing of
// these reads (refused, never an empty answer that looks like data); a visitor cannot call them. Two
// tabs cancelling the same sale: one cancels, the other is told why not, and nothing is reversed twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { memberPersona, signedIn, staffPersona, type Persona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';

let admin: Persona;
let buyer: Persona & { clientId: string };
let nobody: Persona;
let saleId: string;
let saleNo: number;

beforeAll(async () => {
  admin = await staffPersona('admin');
  buyer = await memberPersona();
  nobody = await signedIn(unique('sin-rol'));
  const [product] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, commissionable_amount, points, stock)
     values ($1, 'Té de ventas de prueba', 12.50, 10.00, 15, 50) returning id`,
    [`VT-${crypto.randomUUID().slice(0, 8)}`],
  );
  const sale = await admin.client.rpc('create_direct_sale', {
    p_client_id: buyer.clientId,
    p_items: [{ product_id: product.id, quantity: 2 }] as never,
    p_payment_method: 'efectivo',
    p_payment_reference: 'CAJA-INT-1',
  });
  expect(sale.error).toBeNull();
  saleId = (sale.data as { id: string }).id;
  saleNo = (sale.data as { sale_no: number }).sale_no;
});

const filters = () => ({ p_client_id: buyer.clientId });

describe('Ventas por la API', () => {
  it('el personal lista, suma, exporta y abre la venta del miembro', async () => {
    const list = await admin.client.rpc('search_sales', filters());
    expect(list.error).toBeNull();
    expect(list.data).toEqual([
      expect.objectContaining({
        id: saleId,
        sale_no: saleNo,
        kind: 'direct',
        status: 'Pagada',
        total: 25,
        points_total: 30,
        row_count: 1,
        row_count_capped: false,
      }),
    ]);
    const totals = await admin.client.rpc('get_sales_totals', filters());
    expect(totals.data).toEqual([{ sales_count: 1, total: 25, points_total: 30 }]);
    const exported = await admin.client.rpc('export_sales', filters());
    expect(exported.data).toEqual([expect.objectContaining({ id: saleId, payment_reference: 'CAJA-INT-1' })]);
    const detail = await admin.client.rpc('get_sale_detail', { p_sale_id: saleId });
    expect(detail.error).toBeNull();
    expect(detail.data).toMatchObject({
      sale: { id: saleId, status: 'Pagada' },
      member: { id: buyer.clientId },
      timeline: [{ step: 'created', by: admin.email }],
    });
    const preview = await admin.client.rpc('preview_sale_cancellation', { p_sale_id: saleId });
    expect(preview.error).toBeNull();
    expect(preview.data).toMatchObject({ paid: true, points: -30, stock: [{ quantity: 2 }] });
  });

  it('un miembro, aun el comprador, y una cuenta sin rol no obtienen nada de estas lecturas', async () => {
    for (const persona of [buyer, nobody]) {
      const answers = await Promise.all([
        persona.client.rpc('search_sales', filters()),
        persona.client.rpc('get_sales_totals', filters()),
        persona.client.rpc('export_sales', filters()),
        persona.client.rpc('get_sale_detail', { p_sale_id: saleId }),
        persona.client.rpc('preview_sale_cancellation', { p_sale_id: saleId }),
      ]);
      for (const answer of answers) {
        expect(answer.data).toBeNull();
        expect(answer.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
        expect(JSON.stringify(answer)).not.toContain('CAJA-INT-1');
      }
    }
  });

  it('un visitante sin sesión no puede llamarlas', async () => {
    const { error } = await anonClient().rpc('search_sales', {});
    expect(error?.code).toBe('42501');
  });

  it('dos pestañas cancelan a la vez: una cancela, la otra recibe la frase, y nada se revierte dos veces', async () => {
    const second = await staffPersona('superadmin');
    const answers = await Promise.all([
      admin.client.rpc('cancel_sale', { p_sale_id: saleId, p_reason: 'Cancelada desde la pestaña uno' }),
      second.client.rpc('cancel_sale', { p_sale_id: saleId, p_reason: 'Cancelada desde la pestaña dos' }),
    ]);
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    const refused = answers.find((a) => a.error !== null);
    expect(refused?.error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_transition', message: `La venta #${saleNo} ya está «Cancelada».` });
    const [reversed] = await sql<{ n: number }>(
      `select count(*)::int as n from public.reward_transactions where source_sale_id = $1 and reverses_id is not null`,
      [saleId],
    );
    expect(reversed.n).toBe(1); // the buyer's 30 points, once
    const deliver = await admin.client.rpc('deliver_sale', { p_sale_id: saleId });
    expect(deliver.error).toMatchObject({
      hint: 'savia:invalid_transition',
      message: `La venta #${saleNo} está «Cancelada»: solo se entrega una venta Pagada.`,
    });
  });
});
