// The audit log's URL: `?tabla=<table>&persona=<e-mail>&registro=<id>&desde=YYYY-MM-DD&hasta=YYYY-MM-DD`
// (days in the company's time zone, both inclusive), plus the page and its size; `tab` is the route's.
import { z } from 'zod/mini';
import { AUDITED_TABLES } from '@/api/audit/audit-api';
import { enumParam, pageParam, pageSizeParam, textParam } from '@/lib/url/url-params';

export const AUDIT_PAGE_SIZES = [10, 25, 50] as const;
const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);
export const auditSearch = z.object({
  tabla: enumParam(AUDITED_TABLES),
  persona: textParam(200),
  registro: textParam(100),
  desde: day,
  hasta: day,
  pagina: pageParam(),
  por_pagina: pageSizeParam(AUDIT_PAGE_SIZES, 10),
});
export type AuditSearch = z.output<typeof auditSearch>;
