import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, mergeSettings, SETTINGS_ROW_ID, settingsKeys, type AppSettings } from '@/lib/app-settings';
import { notify } from '@/lib/notify';
import { supabase } from '@/lib/supabase';
import { settingsMessages } from '../messages';

/** Merges the changed fields into metadata/app_settings; reports whether it was saved. */
export async function saveAppSettings(patch: Partial<AppSettings>): Promise<{ ok: boolean; settings?: AppSettings }> {
  const { data, error } = await supabase
    .from('metadata')
    .upsert({ id: SETTINGS_ROW_ID, ...patch })
    .select()
    .single();
  if (error) {
    console.error('Error al guardar la configuración:', error);
    return { ok: false };
  }
  return { ok: true, settings: mergeSettings(DEFAULT_SETTINGS, data as Record<string, unknown>) };
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: saveAppSettings,
    onSuccess: (result) => {
      if (result.ok && result.settings) {
        queryClient.setQueryData(settingsKeys.app(), result.settings);
        notify.success(settingsMessages.saved);
      } else {
        notify.error(settingsMessages.saveFailed);
      }
    },
  });
  return {
    save: async (patch: Partial<AppSettings>) => (await mutation.mutateAsync(patch)).ok,
    isSaving: mutation.isPending,
  };
}
