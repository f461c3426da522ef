// Why each ledger entry is there, in one Spanish sentence built from its explanation fields
// (get_ledger: who bought, generation, rate, base, amount, level, plan version, sale). The figures are
// the database's; this only says them. Where a field the sentence needs is missing, the engine's own
// explanation is said instead, so an entry is never left unexplained.
import { FORFEIT_REASON, type LedgerEntry, type LedgerMonth } from '@/api/rewards/rewards-api';
import { formatMonth, formatMonthName, type Formatters } from '@/lib/format/format';

export interface WhyContext {
  fmt: Pick<Formatters, 'money' | 'points' | 'percent'>;
  /** The month's figures (get_ledger_months), for the forfeits: personal points against the threshold. */
  monthOf: (month: string) => LedgerMonth | undefined;
  /** Who reads: the member their own ledger («tu compra», the default) or staff a member's («su compra»). */
  reader?: 'member' | 'staff';
}

/** The words that change with the reader: the member is spoken to, staff are told about the member. */
const voice = (ctx: WhyContext) => (ctx.reader === 'staff' ? { your: 'su', had: 'tenía' } : { your: 'tu', had: 'tenías' });

const someone = (e: LedgerEntry) => e.source_client_name ?? 'un miembro';
const sale = (e: LedgerEntry) => (e.sale_no === null ? 'una venta' : `la venta #${e.sale_no}`);
const points = (n: number, ctx: WhyContext) => `${ctx.fmt.points(n)} ${Math.abs(n) === 1 ? 'punto' : 'puntos'}`;

/** « · nivel ★5 · plan v1»: the level the entry was computed at and the plan version it followed. */
function stamp(e: LedgerEntry): string {
  return `${e.star_level === null ? '' : ` · nivel ★${e.star_level}`} · plan v${e.plan_version}`;
}

/** «2 % de $ 120,00», or null when the entry lacks its rate or base. */
function rateOfBase(e: LedgerEntry, ctx: WhyContext): string | null {
  if (e.rate === null || e.base === null) return null;
  return `${ctx.fmt.percent(e.rate)} de ${ctx.fmt.money(e.base)}`;
}

const isForfeit = (reason: string | null) => reason === FORFEIT_REASON;

/** «0 de 100 puntos» at the close of the entry's month, when the month's figures are known. */
function closeFigures(e: LedgerEntry, ctx: WhyContext): string | null {
  const month = ctx.monthOf(e.period_month);
  return month ? `${ctx.fmt.points(month.personal_points)} de ${points(month.activity_points, ctx)}` : null;
}

/** What the reversed entry was, briefly: «lo ganado con la venta #131 de Ana Torres». */
function whatWasReversed(e: LedgerEntry): string {
  const who = e.source_client_name ? ` de ${e.source_client_name}` : '';
  return `${e.type === 'reversal_points' ? 'los puntos de' : 'lo ganado con'} ${sale(e)}${who}`;
}

const withoutFinalStop = (text: string) => text.trim().replace(/[.\s]+$/, '');
const motive = (reason: string | null) => (reason ? ` · motivo: ${withoutFinalStop(reason)}` : '');

/** The sentence of one entry. */
export function ledgerWhy(e: LedgerEntry, ctx: WhyContext): string {
  switch (e.type) {
    case 'commission_purchase': {
      const how = rateOfBase(e, ctx);
      if (!how || e.generation === null) return e.explanation;
      return `Comisión por la compra de ${someone(e)} (${e.generation}.ª generación): ${how} = ${ctx.fmt.money(e.amount)}${stamp(e)}`;
    }
    case 'commission_enrollment': {
      const how = rateOfBase(e, ctx);
      if (!how) return e.explanation;
      return `Comisión por enrolar a ${someone(e)} (kit de ${sale(e)}): ${how} = ${ctx.fmt.money(e.amount)}${stamp(e)}`;
    }
    case 'bonus_starter':
      return `Bono de inicio por enrolar a ${someone(e)} (${sale(e)}): ${ctx.fmt.money(e.amount)}${stamp(e)}`;
    case 'bonus_volume': {
      const how = rateOfBase(e, ctx);
      if (!how) return e.explanation;
      return `Bono de volumen de ${formatMonth(e.period_month)}: ${how} en ventas de ${voice(ctx).your} red = ${ctx.fmt.money(e.amount)}${stamp(e)}`;
    }
    case 'points_purchase':
      return `Puntos por ${voice(ctx).your} compra${e.sale_no === null ? '' : ` (venta #${e.sale_no})`}: ${points(e.points, ctx)} · plan v${e.plan_version}`;
    case 'points_enroller':
      return `Puntos por enrolar a ${someone(e)} (kit de ${sale(e)}): ${points(e.points, ctx)} · plan v${e.plan_version}`;
    case 'reversal_commission': {
      if (isForfeit(e.reason)) {
        const figures = closeFigures(e, ctx);
        if (!figures) return e.explanation;
        return `No cobrada al cierre de ${formatMonthName(e.period_month)} (${voice(ctx).had} ${figures}): se anula ${whatWasReversed(e)}`;
      }
      return `Reverso por la cancelación de ${sale(e)}${e.source_client_name ? ` de ${e.source_client_name}` : ''}${motive(e.reason)}`;
    }
    case 'reversal_points':
      return `Reverso por la cancelación de ${sale(e)}: ${points(Math.abs(e.points), ctx)} menos${motive(e.reason)}`;
  }
}

/**
 * For an entry reversed since (state «revertido»), why it did not count: «No cobrada: al cierre de
 * octubre tenías 60 de 100 puntos», or the cancelled sale. Null for any other entry.
 */
export function reversalNote(e: LedgerEntry, ctx: WhyContext): string | null {
  if (e.reversed_by_id === null) return null;
  if (isForfeit(e.reversed_by_reason)) {
    const figures = closeFigures(e, ctx);
    return figures
      ? `No cobrada: al cierre de ${formatMonthName(e.period_month)} ${voice(ctx).had} ${figures}`
      : (e.reversed_by_explanation ?? 'No cobrada al cierre del mes');
  }
  const reason = e.reversed_by_reason ? ` («${withoutFinalStop(e.reversed_by_reason)}»)` : '';
  return `Revertida: se canceló ${sale(e)}${reason}`;
}
