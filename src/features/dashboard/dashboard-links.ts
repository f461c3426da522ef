// Where each figure of the Dashboard opens its rows: the filtered lists' URL contracts (ISSUE12-BRIEF).
import { paths, pathTo } from '@/config/paths';

/** The last day of a business month `YYYY-MM-01`, as `YYYY-MM-DD`. */
export function monthEnd(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return `${month.slice(0, 8)}${String(last).padStart(2, '0')}`;
}

export const links = {
  /** Paid and delivered sales of the month by sale date: what «Ventas netas de cancelaciones» counts. */
  monthSales: (month: string) => `${paths.sales}?desde=${month}&hasta=${monthEnd(month)}&estado=pagada,entregada`,
  newMembers: () => `${paths.clients}?estado=registered&orden=-ingreso`,
  activeMembers: () => `${paths.clients}?activo=si`,
  approvals: () => paths.approvals,
  payouts: (estado: 'pendiente' | 'aprobado' = 'pendiente') => `${paths.payments}?estado=${estado}`,
  product: (id: string) => `${paths.products}?producto=${encodeURIComponent(id)}`,
  lowStock: () => `${paths.products}?stock=bajo`,
  restock: (id: string) => `${paths.suppliers}?reponer=${encodeURIComponent(id)}`,
  member: (id: string) => pathTo(paths.clientDetail, { id }),
  settings: () => paths.settings,
};
