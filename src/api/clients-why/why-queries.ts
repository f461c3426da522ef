import { queryOptions } from '@tanstack/react-query';
import { fetchEnrollerChangePreview, fetchWhyNotPaid, searchEnrollerCandidates } from './why-api';

export const clientsWhyQueries = {
  all: () => ['clients-why'] as const,
  whyNotPaid: (clientId: string, month: string) =>
    queryOptions({
      queryKey: [...clientsWhyQueries.all(), 'why-not-paid', clientId, month] as const,
      queryFn: ({ signal }) => fetchWhyNotPaid(clientId, month, signal),
    }),
  enrollerPreview: (clientId: string, newEnrollerId: string) =>
    queryOptions({
      queryKey: [...clientsWhyQueries.all(), 'enroller-preview', clientId, newEnrollerId] as const,
      queryFn: ({ signal }) => fetchEnrollerChangePreview(clientId, newEnrollerId, signal),
      // A preview is read when the dialog asks for it, and again if the network moved meanwhile.
      staleTime: 0,
    }),
  enrollerCandidates: (search: string) =>
    queryOptions({
      queryKey: [...clientsWhyQueries.all(), 'enroller-candidates', search] as const,
      queryFn: ({ signal }) => searchEnrollerCandidates(search, signal),
    }),
};
