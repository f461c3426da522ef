// How long a sale has waited, in words («hace 3 horas»): the approver works oldest first.
const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function waitedFor(since: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(since).getTime());
  if (elapsed < MINUTE) return 'hace un momento';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  return relative.format(-Math.floor(elapsed / DAY), 'day');
}
