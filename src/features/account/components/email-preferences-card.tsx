import { useQuery } from '@tanstack/react-query';
import type { EmailPreference } from '@/api/notifications/notifications-api';
import { useSetEmailPreference } from '@/api/notifications/notifications-mutations';
import { notificationQueries } from '@/api/notifications/notifications-queries';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/feedback/notify';
import { accountMessages as m } from '../messages';

/** Which notifications also arrive by e-mail, kind by kind; in the app (the bell) they always arrive. */
export default function EmailPreferencesCard() {
  const preferences = useQuery(notificationQueries.emailPreferences());
  return (
    <Card data-testid="email-preferences-card">
      <CardHeader className="pb-2">
        <CardTitle>
          <h2>{m.emailTitle}</h2>
        </CardTitle>
        <CardDescription>{m.emailDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div className="flex flex-col gap-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-3/4" />
            ))}
          </div>
        ) : preferences.isError ? (
          <ErrorState error={preferences.error} onRetry={() => preferences.refetch()} retrying={preferences.isFetching} />
        ) : (
          <ul className="flex flex-col gap-3">
            {preferences.data.map((p) => (
              <PreferenceRow key={p.kind} preference={p} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PreferenceRow({ preference: p }: { preference: EmailPreference }) {
  const save = useSetEmailPreference();
  const id = `correo-${p.kind}`;
  // While saving, the box shows what was asked; the list is read again when it settles.
  const checked = save.isPending && save.variables ? save.variables.email : p.email;
  return (
    <li className="flex items-center gap-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={save.isPending}
        onCheckedChange={(value) =>
          save.mutate({ kind: p.kind, email: value === true }, { onSuccess: (_, asked) => notify.success(m.emailSaved(p.label, asked.email)) })
        }
      />
      <Label htmlFor={id} className="cursor-pointer text-sm font-normal">
        {p.label}
      </Label>
    </li>
  );
}
