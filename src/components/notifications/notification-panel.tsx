// The list behind the bell: newest first, each notification a link to its screen (opening one marks it
// read), «Marcar todo como leído», and the older ones a page at a time.
import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { AppNotification } from '@/api/notifications/notifications-api';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '@/api/notifications/notifications-mutations';
import { notificationQueries } from '@/api/notifications/notifications-queries';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { EmailTroubleList } from './email-trouble';
import { notificationMessages as m } from './notification-messages';

interface PanelProps {
  unread: number;
  /** What the list is about, for the shell's people (members or staff). */
  description: string;
  emptyHint: string;
  /** Staff also see the e-mails that did not go out. */
  staff: boolean;
  onNavigate: () => void;
}

export default function NotificationPanel({ unread, description, emptyHint, staff, onNavigate }: PanelProps) {
  const list = useInfiniteQuery(notificationQueries.list());
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flat() ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="notification-panel">
      <div className="flex flex-col gap-3 border-b px-4 pt-4 pb-3 sm:px-6">
        <div className="pr-10">
          <SheetTitle className="text-lg font-semibold">{m.title}</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">{description}</SheetDescription>
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {unread === 0 ? m.allRead : m.unreadCount(unread)}
          </p>
          <Button variant="outline" size="sm" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
            <CheckCheck aria-hidden="true" />
            {m.markAll}
          </Button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <PanelSkeleton />
        ) : list.isError ? (
          <ErrorState title={m.loadFailed} error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState icon={BellOff} title={m.empty} description={emptyHint} />
        ) : (
          <>
            <ul className="divide-y" aria-label={m.title}>
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} onNavigate={onNavigate} />
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="flex justify-center p-4">
                <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {m.more}
                </Button>
              </div>
            )}
          </>
        )}
        {staff && <EmailTroubleList />}
      </div>
    </div>
  );
}

function NotificationItem({ notification: n, onNavigate }: { notification: AppNotification; onNavigate: () => void }) {
  const fmt = useFormat();
  const markRead = useMarkNotificationRead();
  const unread = n.read_at === null;
  return (
    <li>
      <Link
        to={n.link}
        onClick={() => {
          if (unread) markRead.mutate(n.id);
          onNavigate();
        }}
        className={cn(
          'flex gap-3 px-4 py-3 transition-colors outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset sm:px-6',
          unread && 'bg-primary/5',
        )}
        data-testid="notification-item"
      >
        <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden="true" />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn('text-sm', unread ? 'font-semibold' : 'font-medium')}>
            {unread && <span className="sr-only">{m.unread}: </span>}
            {n.title}
          </span>
          {n.body && <span className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground">{n.body}</span>}
          <time className="text-xs text-muted-foreground" dateTime={n.created_at}>
            {fmt.dateTime(n.created_at)}
          </time>
        </span>
      </Link>
    </li>
  );
}

function PanelSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-4 sm:px-6">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}
