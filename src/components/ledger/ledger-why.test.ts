import { describe, expect, it } from 'vitest';
import { FORFEIT_REASON, type LedgerEntry, type LedgerMonth } from '@/api/rewards/rewards-api';
import { createFormatters } from '@/lib/format/format';
import { ledgerWhy, reversalNote, type WhyContext } from './ledger-why';

// Intl separates the currency from the amount with a no-break space; compare plain text.
const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

const october: LedgerMonth = { month: '2026-10-01', closed: true, income: 0, personal_points: 60, forfeited: 38.5, was_active: false, activity_points: 100 };
const ctx: WhyContext = {
  fmt: createFormatters({ currency: 'USD', timezone: 'America/Bogota' }),
  monthOf: (month) => (month === october.month ? october : undefined),
};

const entry = (fields: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  created_at: '2026-10-12T15:00:00Z',
  period_month: '2026-10-01',
  period_closed: true,
  type: 'commission_purchase',
  type_label: 'Comisión por compra',
  amount: 0,
  points: 0,
  generation: null,
  base: null,
  rate: null,
  star_level: 5,
  explanation: 'La explicación del motor.',
  reason: null,
  plan_version: 1,
  source_sale_id: 'venta',
  sale_no: 812,
  source_client_name: 'Lorena Peña',
  reverses_id: null,
  reversed_by_id: null,
  reversed_by_explanation: null,
  reversed_by_reason: null,
  state: 'disponible',
  ...fields,
});

const why = (fields: Partial<LedgerEntry>) => plain(ledgerWhy(entry(fields), ctx));

// The notifications say the same sentences (private.earning_why; supabase/tests/database/78_notifications
// checks the first and the volume bonus below word for word).
describe('el porqué de cada asiento, en una frase', () => {
  it('comisión por compra: quién compró, generación, tasa por base, nivel y plan', () => {
    expect(why({ type: 'commission_purchase', amount: 2.4, generation: 5, base: 120, rate: 0.02 })).toBe(
      'Comisión por la compra de Lorena Peña (5.ª generación): 2% de US$ 120,00 = US$ 2,40 · nivel ★5 · plan v1',
    );
  });

  it('comisión de enrolamiento: a quién enrolaste y el kit', () => {
    expect(why({ type: 'commission_enrollment', amount: 5, generation: 1, base: 50, rate: 0.1, star_level: 2, plan_version: 3 })).toBe(
      'Comisión por enrolar a Lorena Peña (kit de la venta #812): 10% de US$ 50,00 = US$ 5,00 · nivel ★2 · plan v3',
    );
  });

  it('bono de inicio', () => {
    expect(why({ type: 'bonus_starter', amount: 30, generation: 1 })).toBe(
      'Bono de inicio por enrolar a Lorena Peña (la venta #812): US$ 30,00 · nivel ★5 · plan v1',
    );
  });

  it('bono de volumen: el mes, la tasa y las ventas de la red', () => {
    expect(why({ type: 'bonus_volume', amount: 69.72, base: 2324, rate: 0.03, star_level: 3, sale_no: null, source_client_name: null })).toBe(
      'Bono de volumen de octubre de 2026: 3% de US$ 2.324,00 en ventas de tu red = US$ 69,72 · nivel ★3 · plan v1',
    );
  });

  it('puntos por compra propia', () => {
    expect(why({ type: 'points_purchase', points: 106, base: 86, star_level: 3, plan_version: 2 })).toBe(
      'Puntos por tu compra (venta #812): 106 puntos · plan v2',
    );
  });

  it('puntos de enrolamiento', () => {
    expect(why({ type: 'points_enroller', points: 100, generation: 1 })).toBe('Puntos por enrolar a Lorena Peña (kit de la venta #812): 100 puntos · plan v1');
  });

  it('reverso de comisión por inactividad al cierre: los puntos del mes frente a los de actividad', () => {
    expect(
      why({ type: 'reversal_commission', amount: -2.4, generation: 5, base: 120, rate: 0.02, reverses_id: 7, reason: FORFEIT_REASON, state: 'reverso' }),
    ).toBe('No cobrada al cierre de octubre (tenías 60 de 100 puntos): se anula lo ganado con la venta #812 de Lorena Peña');
  });

  it('reverso de comisión por una venta cancelada: la venta y el motivo', () => {
    expect(why({ type: 'reversal_commission', amount: -4.15, reverses_id: 7, reason: 'Devolución por producto dañado.', state: 'reverso' })).toBe(
      'Reverso por la cancelación de la venta #812 de Lorena Peña · motivo: Devolución por producto dañado',
    );
  });

  it('reverso de puntos por una venta cancelada', () => {
    expect(why({ type: 'reversal_points', points: -106, reverses_id: 7, reason: 'El cliente devolvió el pedido sin abrir.', state: 'reverso' })).toBe(
      'Reverso por la cancelación de la venta #812: 106 puntos menos · motivo: El cliente devolvió el pedido sin abrir',
    );
  });

  it('sin los campos que necesita, dice la explicación del motor', () => {
    expect(why({ type: 'commission_purchase', amount: 2.4, generation: 5 })).toBe('La explicación del motor.');
    expect(why({ type: 'reversal_commission', amount: -1, reason: FORFEIT_REASON, period_month: '2026-09-01' })).toBe('La explicación del motor.');
  });

  it('un punto en singular', () => {
    expect(why({ type: 'points_purchase', points: 1, plan_version: 1 })).toBe('Puntos por tu compra (venta #812): 1 punto · plan v1');
  });
});

describe('por qué un asiento revertido no cuenta', () => {
  it('anulado al cierre: «No cobrada: al cierre de octubre tenías 60 de 100 puntos»', () => {
    const forfeited = entry({ amount: 2.4, generation: 5, base: 120, rate: 0.02, reversed_by_id: 9, reversed_by_reason: FORFEIT_REASON, state: 'revertido' });
    expect(plain(reversalNote(forfeited, ctx))).toBe('No cobrada: al cierre de octubre tenías 60 de 100 puntos');
  });

  it('en la ficha de un miembro, el personal lee de él y no a él', () => {
    const staff: WhyContext = { ...ctx, reader: 'staff' };
    const forfeited = entry({ amount: 2.4, generation: 5, base: 120, rate: 0.02, reversed_by_id: 9, reversed_by_reason: FORFEIT_REASON, state: 'revertido' });
    expect(plain(reversalNote(forfeited, staff))).toBe('No cobrada: al cierre de octubre tenía 60 de 100 puntos');
    expect(plain(ledgerWhy(entry({ type: 'points_purchase', points: 106, plan_version: 2 }), staff))).toBe(
      'Puntos por su compra (venta #812): 106 puntos · plan v2',
    );
  });

  it('revertido por una cancelación: qué venta y por qué', () => {
    const cancelled = entry({ amount: 4.15, reversed_by_id: 9, reversed_by_reason: 'Devolución por producto dañado en el transporte.', state: 'revertido' });
    expect(reversalNote(cancelled, ctx)).toBe('Revertida: se canceló la venta #812 («Devolución por producto dañado en el transporte»)');
  });

  it('sin las cifras del mes, la explicación del reverso', () => {
    const forfeited = entry({
      period_month: '2026-09-01',
      reversed_by_id: 9,
      reversed_by_reason: FORFEIT_REASON,
      reversed_by_explanation: 'Anulada al cierre.',
    });
    expect(reversalNote(forfeited, ctx)).toBe('Anulada al cierre.');
  });

  it('un asiento vigente no lleva nota', () => {
    expect(reversalNote(entry({ amount: 2.4 }), ctx)).toBeNull();
  });
});
