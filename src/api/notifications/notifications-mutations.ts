import { useMutation } from '@tanstack/react-query';
import { markNotificationsRead, setEmailPreference } from './notifications-api';
import { notificationQueries } from './notifications-queries';

const everything = [notificationQueries.all()] as const;

/** «Marcar todo como leído»: the list and the bell say it, no toast. */
export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: () => markNotificationsRead(),
    meta: { error: 'No pudimos marcar tus avisos como leídos.', invalidates: everything },
  });
}

/** Opening one notification marks it read, quietly (its screen opens anyway). */
export function useMarkNotificationRead() {
  return useMutation({ mutationFn: (id: number) => markNotificationsRead([id]), meta: { quietError: true, invalidates: everything } });
}

export function useSetEmailPreference() {
  return useMutation({
    mutationFn: setEmailPreference,
    meta: { error: 'No pudimos guardar tu preferencia de correo.', invalidates: [notificationQueries.emailPreferences().queryKey] },
  });
}
