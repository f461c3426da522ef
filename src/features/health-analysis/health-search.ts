// Análisis de Salud's URL: the member, the analysis open (or none: the questionnaire) and the history's page.
import { z } from 'zod/mini';
import { pageParam, pageSizeParam, textParam } from '@/lib/url/url-params';

export const HISTORY_PAGE_SIZES = [5, 10, 20] as const;

export const healthSearch = z.object({
  miembro: textParam(40),
  analisis: textParam(40),
  hpagina: pageParam(),
  hpor_pagina: pageSizeParam(HISTORY_PAGE_SIZES, 5),
});
