import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchEmailPreferences, fetchEmailTrouble, fetchNotifications, fetchUnreadCount, NOTIFICATIONS_PAGE } from './notifications-api';

export const notificationQueries = {
  all: () => ['notifications'] as const,
  /** The bell's count: polled (the local stack has no Realtime), and on focus. */
  unread: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread'] as const,
      queryFn: ({ signal }) => fetchUnreadCount(signal),
      refetchInterval: 60_000,
    }),
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => (last.length < NOTIFICATIONS_PAGE ? undefined : last[last.length - 1]!.id),
    }),
  /** Staff: the e-mails that did not go out. */
  emailTrouble: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'email-trouble'] as const,
      queryFn: ({ signal }) => fetchEmailTrouble(signal),
    }),
  emailPreferences: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'email-preferences'] as const,
      queryFn: ({ signal }) => fetchEmailPreferences(signal),
    }),
};
