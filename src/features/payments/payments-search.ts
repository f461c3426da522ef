// The URL of Pagos: which state (the open work, pending, by default), the month for finished
// requests (paid and rejected are listed by the month they were finished in, as the totals count
// them), and the page. `?estado=aprobado&pagina=2`, `?estado=pagado&mes=2026-10`.
import { z } from 'zod/mini';
import { MONTH_PARAM, readMonthParam } from '@/lib/url/month-param';
import { enumParam, pageParam, pageSizeParam } from '@/lib/url/url-params';
import type { PayoutStatus } from '@/lib/data/domain';

export const STATUS_SLUGS = ['pendiente', 'aprobado', 'pagado', 'rechazado'] as const;
export type StatusSlug = (typeof STATUS_SLUGS)[number];

export const statusOfSlug: Record<StatusSlug, PayoutStatus> = {
  pendiente: 'pending',
  aprobado: 'approved',
  pagado: 'paid',
  rechazado: 'rejected',
};

export const slugOfStatus: Record<PayoutStatus, StatusSlug> = {
  pending: 'pendiente',
  approved: 'aprobado',
  paid: 'pagado',
  rejected: 'rechazado',
};

/** Paid and rejected requests are finished: they are listed by month. Pending and approved are open work, whatever their age. */
export const isFinished = (status: PayoutStatus) => status === 'paid' || status === 'rejected';

/** `currentMonth` (`YYYY-MM`) is the company's business month: the default and the latest month offered. */
export function paymentsSearchSchema(currentMonth: string) {
  return z.object({
    pagina: pageParam(),
    por_pagina: pageSizeParam(),
    estado: enumParam(STATUS_SLUGS, 'pendiente'),
    // Anything that is not a month up to the current one reads as the current one.
    [MONTH_PARAM]: z.pipe(
      z.catch(z.optional(z.string()), undefined),
      z.transform((value) => readMonthParam(value ?? null, currentMonth)),
    ),
  });
}

export type PaymentsSearch = z.output<ReturnType<typeof paymentsSearchSchema>>;
