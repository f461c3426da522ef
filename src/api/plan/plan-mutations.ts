import { useMutation } from '@tanstack/react-query';
import { notify } from '@/lib/feedback/notify';
import { savePlan } from './plan-api';
import { planQueries } from './plan-queries';

export const planMutationMessages = {
  saved: (v: number) => `Plan guardado: ahora rige la versión ${v}.`,
  unchanged: (v: number) => `El plan no cambió: sigue la versión ${v}.`,
} as const;

/**
 * The panel shows a refusal above the levels (it names the level). The toast names the version, so it
 * is said here rather than through meta; here, because the editor remounts with the saved plan.
 */
export function useSavePlan() {
  return useMutation({
    mutationFn: savePlan,
    meta: { quietError: true, invalidates: [planQueries.all()] },
    onSuccess: (saved) => notify.success(saved.changed ? planMutationMessages.saved(saved.version) : planMutationMessages.unchanged(saved.version)),
  });
}
