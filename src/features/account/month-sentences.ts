// What Mi Cuenta says about the member's month, as sentences built from get_member_month's figures:
// the database counts (points missing, amount at risk, group points missing), this only says it.
// Nothing here promises income: a level is «what it needs», never «what it pays».
import type { MemberMonth } from '@/api/members/members-api';
import { formatDayMonth, formatMonthName, type Formatters } from '@/lib/format/format';

export type MonthFormat = Pick<Formatters, 'money' | 'points'>;

const points = (n: number, fmt: MonthFormat) => `${fmt.points(n)} ${n === 1 ? 'punto' : 'puntos'}`;

/**
 * «Te faltan 40 puntos: actívate antes del 30 de noviembre para no perder $ 38,50 en comisiones
 * pendientes.»: only for the open month, while inactive with income the close would forfeit.
 */
export function atRiskSentence(m: MemberMonth, fmt: MonthFormat): string | null {
  if (!m.is_current || m.is_active || m.at_risk_amount <= 0) return null;
  const lack = `${m.points_missing === 1 ? 'Te falta' : 'Te faltan'} ${points(m.points_missing, fmt)}`;
  // On the last day «antes del 30» would read as «too late»: the day still counts.
  const when = m.days_left <= 1 ? 'actívate hoy' : `actívate antes del ${formatDayMonth(m.month_end)}`;
  return `${lack}: ${when} para no perder ${fmt.money(m.at_risk_amount)} en comisiones pendientes.`;
}

/** The star level as people read it: «★3 Estrella 3». */
export function levelName(level: number, name: string | null): string {
  return name ? `★${level} ${name}` : `★${level}`;
}

/**
 * What the next level needs this month: «Te faltan 1.240 puntos de grupo para ★4». At the top level
 * nothing is offered; with the group points already there, the close decides (it also checks the
 * personal points), so nothing is promised either.
 */
export function nextLevelSentence(m: MemberMonth, fmt: MonthFormat): string {
  if (m.next_level === null) return `Estás en ★${m.star_level}, el nivel más alto del plan.`;
  if (!m.is_current) return `En ${formatMonthName(m.month)} sumaste ${points(m.group_points, fmt)} de grupo con ★${m.star_level}.`;
  const missing = m.next_level_points_missing ?? 0;
  if (missing === 0) return `Ya sumas los puntos de grupo que pide ★${m.next_level}: el cierre del mes revisa tu nivel.`;
  return `${missing === 1 ? 'Te falta' : 'Te faltan'} ${points(missing, fmt)} de grupo para ★${m.next_level}`;
}

/** «Quedan 8 días del mes», «Hoy es el último día del mes» or, for a past month, how it ended. */
export function daysLeftText(m: MemberMonth): string {
  if (!m.is_current) return m.month_closed ? 'Mes cerrado' : 'Mes terminado, pendiente de cierre';
  if (m.days_left <= 1) return 'Hoy es el último día del mes';
  return `Quedan ${m.days_left} días del mes`;
}
