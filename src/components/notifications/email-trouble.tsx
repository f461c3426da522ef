// Staff: the e-mails that did not go out, below the staff's notifications, so a failure stays in view
// after its notification was read: failed after the last try, or unconfirmed (the sender died after
// handing it over: it may have arrived, so it is never sent again by itself).
import { useQuery } from '@tanstack/react-query';
import type { EmailTrouble } from '@/api/notifications/notifications-api';
import { notificationQueries } from '@/api/notifications/notifications-queries';
import { useFormat } from '@/lib/format/use-format';
import { notificationMessages as m } from './notification-messages';

export function EmailTroubleList() {
  const trouble = useQuery(notificationQueries.emailTrouble());
  if (!trouble.data?.length) return null;
  return (
    <section className="border-t px-4 py-4 sm:px-6" aria-labelledby="correos-sin-salir">
      <h3 id="correos-sin-salir" className="text-sm font-semibold">
        {m.troubleTitle}
      </h3>
      <p className="mb-2 text-xs text-muted-foreground">{m.troubleDescription}</p>
      <ul className="flex flex-col gap-2">
        {trouble.data.map((t) => (
          <TroubleItem key={t.id} trouble={t} />
        ))}
      </ul>
    </section>
  );
}

function TroubleItem({ trouble: t }: { trouble: EmailTrouble }) {
  const fmt = useFormat();
  return (
    <li className="rounded-md border px-3 py-2 text-sm">
      <p className="font-medium">
        {t.title} · {t.recipient}
      </p>
      <p className="text-muted-foreground">
        {t.status === 'unconfirmed' ? m.unconfirmed : m.failed(t.attempts)} · {fmt.dateTime(t.created_at)}
      </p>
      {t.error && <p className="text-xs break-words text-muted-foreground">{t.error}</p>}
    </li>
  );
}
