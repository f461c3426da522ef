import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsQueries, type AppSettings } from '@/lib/data/app-settings';
import { userMessage } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { saveAppSettings } from './settings-api';

export const settingsMessages = {
  saved: 'Configuración guardada con éxito.',
  saveFailed: 'Error al guardar la configuración.',
} as const;

/**
 * Saving the settings keeps the specification's contract: the alert «Configuración guardada con
 * éxito.» or «Error al guardar la configuración.», and a save that reports true or false (SPEC §8),
 * which is why it answers `{ ok }` instead of throwing like every other action. Nothing copies it.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: saveAppSettings,
    meta: { quietError: true },
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueries.app().queryKey, settings);
      notify.success(settingsMessages.saved);
    },
    onError: (error) => {
      console.error('Error al guardar la configuración:', error);
      notify.error(settingsMessages.saveFailed, { description: userMessage(error) });
    },
  });
  return {
    // The error rides along so the form can pin the database's sentence to its field.
    save: (patch: Partial<AppSettings>): Promise<{ ok: true } | { ok: false; error: unknown }> =>
      mutation.mutateAsync(patch).then(
        () => ({ ok: true }) as const,
        (error: unknown) => ({ ok: false, error }) as const,
      ),
    isSaving: mutation.isPending,
  };
}
