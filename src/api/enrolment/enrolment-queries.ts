import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchMyEnrolments, fetchOwnEnrolment, fetchStarterKits, previewEnrolment, type MyEnrolmentsParams } from './enrolment-api';

export const enrolmentQueries = {
  all: () => ['enrolment'] as const,
  kits: () => queryOptions({ queryKey: [...enrolmentQueries.all(), 'kits'] as const, queryFn: ({ signal }) => fetchStarterKits(signal) }),
  preview: (kitId: string) =>
    queryOptions({
      queryKey: [...enrolmentQueries.all(), 'preview', kitId] as const,
      queryFn: ({ signal }) => previewEnrolment(kitId, signal),
    }),
  mine: (p: MyEnrolmentsParams) =>
    queryOptions({
      queryKey: [...enrolmentQueries.all(), 'mine', p] as const,
      queryFn: ({ signal }) => fetchMyEnrolments(p, signal),
      placeholderData: keepPreviousData,
    }),
  /** The signed-in person's own enrolment while it is not approved (their first sign-in). */
  own: () => queryOptions({ queryKey: [...enrolmentQueries.all(), 'own'] as const, queryFn: ({ signal }) => fetchOwnEnrolment(signal) }),
};
