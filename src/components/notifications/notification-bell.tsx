// The bell of both shells: the unread count (polled, tiny), and a panel from the right with the list,
// loaded on the first click (with the sheet itself) so the shells' first load does not carry it.
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { notificationQueries } from '@/api/notifications/notifications-queries';
import { Button } from '@/components/ui/button';
import { SheetOnDemand } from '@/components/ui/sheet-on-demand';
import { Spinner } from '@/components/ui/spinner';
import { appMessages } from '@/config/messages';
import { formatCount } from '@/lib/format/format';
import { notificationMessages as m } from './notification-messages';

const NotificationPanel = lazy(() => import('./notification-panel'));

/** `audience`: whose shell it sits in, which says what the list is about. */
export function NotificationBell({ audience }: { audience: 'member' | 'staff' }) {
  const [open, setOpen] = useState(false);
  const unread = useQuery(notificationQueries.unread()).data ?? 0;
  return (
    <SheetOnDemand
      open={open}
      onOpenChange={setOpen}
      side="right"
      closeLabel={m.close}
      trigger={
        <Button variant="ghost" size="icon" className="relative" aria-label={m.bell(unread)} data-testid="notification-bell">
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.7rem] leading-none font-semibold text-destructive-foreground"
            >
              {unread > 99 ? '99+' : formatCount(unread)}
            </span>
          )}
        </Button>
      }
    >
      <Suspense
        fallback={
          <div className="flex flex-1 items-center justify-center">
            <Spinner label={appMessages.loading} />
          </div>
        }
      >
        <NotificationPanel
          unread={unread}
          description={m.description[audience]}
          emptyHint={m.emptyHint[audience]}
          staff={audience === 'staff'}
          onNavigate={() => setOpen(false)}
        />
      </Suspense>
    </SheetOnDemand>
  );
}
