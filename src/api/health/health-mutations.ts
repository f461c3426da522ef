import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordAnalysis } from './health-api';
import { healthQueries } from './health-queries';

export const healthMessages = {
  saved: 'Análisis guardado.',
} as const;

/** The form shows a refusal beside what it concerns (consent, answers), so no toast on error. The saved
 * analysis goes into the cache, so opening it right away costs no request. */
export function useRecordAnalysis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recordAnalysis,
    onSuccess: (analysis) => qc.setQueryData(healthQueries.detail(analysis.id).queryKey, analysis),
    meta: { success: healthMessages.saved, quietError: true, invalidates: [healthQueries.histories()] },
  });
}
