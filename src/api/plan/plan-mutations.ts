import { useMutation } from '@tanstack/react-query';
import { previewPlanChange, savePlan } from './plan-api';
import { planQueries } from './plan-queries';

/** The what-if is a read the person asks for with a click; the panel shows its answer or refusal. */
export function usePreviewPlanChange() {
  return useMutation({ mutationFn: previewPlanChange, meta: { quietError: true } });
}

/** The panel shows a refusal above the levels (it names the level), and says the new version itself. */
export function useSavePlan() {
  return useMutation({ mutationFn: savePlan, meta: { quietError: true, invalidates: [planQueries.all()] } });
}
