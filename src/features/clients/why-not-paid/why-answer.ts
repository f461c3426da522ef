// The one line at the top of «¿Por qué no cobró?»: the database decides the verdict and gives every
// figure; this only puts them in a sentence, formatted as the rest of the screen.
import type { WhyNotPaid } from '@/api/clients-why/why-api';
import { formatMonth } from '@/lib/format/format';
import type { Formatters } from '@/lib/format/format';

type Fmt = Pick<Formatters, 'money' | 'points'>;

const pts = (fmt: Fmt, n: number) => `${fmt.points(n)} ${n === 1 ? 'punto' : 'puntos'}`;

export function whyAnswer(w: WhyNotPaid, fmt: Fmt): string {
  const month = formatMonth(w.month);
  const score = `${fmt.points(w.personal_points)} de ${pts(fmt, w.activity_points)}`;
  const stillOpen = w.is_current ? `${month} sigue abierto` : `${month} aún no se cierra`;
  const alsoReversed = w.reversed > 0 ? ` Además se revirtieron ${fmt.money(w.reversed)} por ventas canceladas.` : '';
  switch (w.verdict) {
    case 'forfeited':
      return `No cobró porque en ${month} tuvo ${score}: al cierre se anularon ${fmt.money(w.forfeited)} en comisiones y bonos.${alsoReversed}`;
    case 'at_risk':
      return `Aún no cobra: ${stillOpen} y lleva ${score}. Si no llega a ${pts(fmt, w.activity_points)} antes del cierre, perderá ${fmt.money(w.pending)} pendientes.`;
    case 'pending':
      return `Aún no cobra porque ${stillOpen}: tiene ${fmt.money(w.pending)} pendientes que quedarán disponibles al cierre (ya está activo con ${score}).`;
    case 'paid':
      return `Cobró: de ${month} quedaron disponibles ${fmt.money(w.available)} (terminó activo con ${score}).${alsoReversed}`;
    case 'reversed':
      return `No cobró porque se cancelaron las ventas que le daban ${fmt.money(w.reversed)} en comisiones de ${month}.`;
    case 'no_income':
      return w.month_closed
        ? `En ${month} no tuvo comisiones ni bonos: no había nada que cobrar (terminó ${w.is_active ? 'activo' : 'inactivo'} con ${score}).`
        : `En ${month} aún no tiene comisiones ni bonos (lleva ${score}).`;
  }
}
