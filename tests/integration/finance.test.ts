// Finanzas through PostgREST: only a superadmin with the finance claim reads the month, the series and
// the margin per product; a superadmin without finance, an admin, a member, someone without a role and
// anon are refused (42501, Spanish). On the seeded database the kept figures equal their computation
// from scratch.
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { memberPersona, signedIn, staffPersona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';

const refusal = {
  code: '42501',
  hint: 'savia:forbidden',
  message: 'Solo un superadmin con acceso a finanzas puede ver los informes financieros.',
};

describe('Finanzas por la API', () => {
  it('un superadmin con finanzas lee el mes, la serie y el margen por producto', async () => {
    const finance = await staffPersona('superadmin', true);
    const [{ month }] = await sql<{ month: string }>(`select to_char(private.current_period(), 'YYYY-MM-DD') as month`);
    const report = await finance.client.rpc('get_finance_month', { p_month: month });
    expect(report.error).toBeNull();
    expect(report.data).toMatchObject({ month, revenue: expect.any(Number), cost_of_goods: expect.any(Number), liability: expect.any(Number) });
    // The month's revenue is what its paid and delivered sales add up to.
    const [{ revenue }] = await sql<{ revenue: string }>(
      `select coalesce(sum(total), 0)::text as revenue from public.sales where status in ('Pagada', 'Entregada') and period_month = $1`,
      [month],
    );
    expect((report.data as { revenue: number }).revenue).toBe(Number(revenue));
    const series = await finance.client.rpc('get_finance_series', { p_months: 12 });
    expect(series.error).toBeNull();
    expect(series.data).toHaveLength(12);
    const products = await finance.client.rpc('get_finance_products', { p_month: month });
    expect(products.error).toBeNull();
    expect(Array.isArray(products.data)).toBe(true);
  });

  it('un superadmin sin finanzas, un admin, un miembro y alguien sin rol no leen nada', async () => {
    const callers = [
      (await staffPersona('superadmin', false)).client,
      (await staffPersona('admin')).client,
      (await memberPersona()).client,
      (await signedIn(unique('sinrol'))).client,
    ];
    for (const caller of callers) {
      const month = await caller.rpc('get_finance_month', {});
      expect(month.data).toBeNull();
      expect(month.error).toMatchObject(refusal);
      const series = await caller.rpc('get_finance_series', { p_months: 12 });
      expect(series.error).toMatchObject(refusal);
      const products = await caller.rpc('get_finance_products', {});
      expect(products.error).toMatchObject(refusal);
    }
    const anon = await anonClient().rpc('get_finance_month', {});
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it('las cifras guardadas de la semilla igualan su cálculo desde cero', async () => {
    expect(await sql('select * from private.finance_month_violations()')).toEqual([]);
  });
});
