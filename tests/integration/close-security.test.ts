// Issue 23's findings on the month close, through PostgREST as each persona:
//   §5 a month before the business existed cannot be closed (it was queued);
//   §7 a superadmin without the finance claim sees in the close preview what the closed month's summary
//      shows him: the counts, who and why, never the amounts (he read the forfeited and bonus money);
//   «Also» the synchronous preview is gone from the API (the preview is a job).
import { afterAll, describe, expect, it } from 'vitest';
import { callAs, enginePool, member, product, retireTestProducts, staff, tagOf } from './engine-support';
import { staffPersona } from './fixtures/personas';
import { waitForSimulation } from './simulation-support';
import { sql } from './support';

const pool = enginePool(4);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

describe('el cierre de mes ante cada persona (issue 23)', () => {
  it('§5: un mes anterior al primero de la empresa no se cierra, ni se pone en cola', async () => {
    // The month before the oldest one the database has: other tests write months of their own, long ago.
    const [{ month, label, first }] = await sql<{ month: string; label: string; first: string }>(
      `select to_char(x.m, 'YYYY-MM-DD') as month, private.period_label(x.m) as label, private.period_label(x.first) as first
         from (select (min(p.month) - interval '1 month')::date as m, min(p.month) as first from public.periods p) x`,
    );
    const superadmin = await staffPersona('superadmin', true);
    const asked = await superadmin.client.rpc('request_period_close', { p_month: month });
    expect(asked.error).toMatchObject({
      hint: 'savia:before_first_period',
      message: `No hay nada que cerrar en ${label}: la historia de la empresa empieza en ${first}.`,
    });
    expect(asked.data).toBeNull();
    expect(await sql(`select 1 from private.jobs where kind = 'period_close' and month = $1`, [month])).toEqual([]);
    expect(await sql(`select 1 from public.periods where month = $1`, [month])).toEqual([]);
  });

  it('§7: sin finanzas, la vista previa muestra recuentos, quién y por qué, sin importes; con finanzas, todo', { timeout: 120_000 }, async () => {
    // This month, an inactive sponsor earns a commission the close would forfeit, and an active one a volume bonus.
    const tag = tagOf();
    const admin = await staff(tag, 'admin');
    const top = await member(tag, 'Cima', null);
    const idle = await member(tag, 'Quieta', top.id);
    const buyer = await member(tag, 'Compradora', idle.id);
    await sql('update public.clients set star_level = 2 where id = $1', [top.id]);
    const productId = await product(tag, 100, 100, 50);
    for (const who of [top, buyer]) {
      const order = await callAs<{ id: string }>(pool, who.userId, `select (public.place_order($1::jsonb, 'efectivo')).id`, [
        JSON.stringify([{ product_id: productId, quantity: who === buyer ? 10 : 1 }]),
      ]);
      expect(order.ok).toBe(true);
      expect((await callAs(pool, admin, 'select public.approve_sale($1)', [(order as { value: { id: string } }).value.id])).ok).toBe(true);
    }
    const [{ month }] = await sql<{ month: string }>(`select to_char(private.current_period(), 'YYYY-MM-DD') as month`);

    const blind = await staffPersona('superadmin', false);
    const finance = await staffPersona('superadmin', true);
    const previewOf = async (who: typeof blind) => {
      const asked = await who.client.rpc('request_close_preview', { p_month: month });
      expect(asked.error).toBeNull();
      const done = await waitForSimulation(who.client, (asked.data as { id: number }).id, 90_000);
      expect(done.status).toBe('done');
      const result = done.result as { rows: number; totals: Record<string, number> };
      const rows: { action: string; client_name: string; amount: number | null; base: number | null; rate: number | null; detail: string }[] = [];
      for (let page = 1; rows.length < result.rows; page += 1) {
        const got = await who.client.rpc('get_close_preview', { p_job_id: done.id, p_page: page, p_page_size: 200 });
        expect(got.error).toBeNull();
        expect(got.data!.length).toBeGreaterThan(0);
        rows.push(...(got.data as typeof rows));
      }
      return { totals: result.totals, rows: rows.filter((r) => r.client_name.endsWith(tag)) };
    };

    const seen = await previewOf(blind);
    expect(Object.keys(seen.totals).sort()).toEqual(['forfeits', 'level_ups', 'volume_bonuses']);
    const idleRow = seen.rows.find((r) => r.action === 'forfeit' && r.client_name === `Quieta ${tag}`);
    const topRow = seen.rows.find((r) => r.action === 'bonus_volume' && r.client_name === `Cima ${tag}`);
    expect(idleRow).toMatchObject({ amount: null, base: null, rate: null });
    expect(idleRow!.detail).toMatch(/^Anulada al cierre de .+: terminó el mes inactivo \(0 de 100 puntos personales\)\.$/);
    expect(topRow).toMatchObject({ amount: null, base: null, rate: null });
    expect(topRow!.detail).toMatch(/^Bono de volumen de .+ \(Estrella 2\): 2% de las ventas de su red\.$/);
    for (const row of seen.rows) expect(row.detail).not.toMatch(/\d,\d{2}|US\$|COP/);

    // The same preview with the claim: the amounts are there (what the one above must not show).
    const full = await previewOf(finance);
    expect(full.totals).toHaveProperty('forfeited_amount');
    expect(full.totals).toHaveProperty('volume_bonus_amount');
    expect(full.rows.find((r) => r.action === 'forfeit' && r.client_name === `Quieta ${tag}`)).toMatchObject({ amount: -100 });
    expect(full.rows.find((r) => r.action === 'bonus_volume' && r.client_name === `Cima ${tag}`)).toMatchObject({ amount: 20 });
    expect(full.totals.forfeits).toBe(seen.totals.forfeits);
  });

  it('«Also»: la vista previa síncrona ya no está en la API', async () => {
    for (const who of [await staffPersona('superadmin', true), await staffPersona('superadmin', false)]) {
      const sync = await who.client.rpc('preview_period_close', { p_month: '2026-01-01' });
      expect(sync.error).toMatchObject({ code: 'PGRST202' });
      expect(sync.data).toBeNull();
    }
  });
});
