// What Enrolar Miembro keeps in the URL (url-state.ts): the page of the member's enrolments.
import { z } from 'zod/mini';
import { tableParams } from '@/lib/url/url-params';

export const ENROLMENT_PAGE_SIZES = [10, 20, 50] as const;

export const enrolSearch = z.object({
  ...tableParams({ sort: ['fecha'], defaultSort: '-fecha', pageSizes: ENROLMENT_PAGE_SIZES, defaultPageSize: 10 }),
});
