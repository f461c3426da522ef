// Issue 23 §2 in the member's record: an address a staff member changed opens no account until
// someone else vouches for it. The changer reads why they cannot; anyone else may confirm it, after
// reading what that gives away. The database decides (confirm_client_email): its refusal, if any,
// stays inside the dialog.
import { MailWarning } from 'lucide-react';
import type { ClientProfile } from '@/api/clients/clients-api';
import { useConfirmClientEmail } from '@/api/clients/clients-mutations';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

export function EmailCheckNotice({ profile }: { profile: ClientProfile }) {
  const f = useFormat();
  const confirm = useConfirmClientEmail();
  const check = profile.email_check;
  if (!check) return null;
  const date = f.date(check.set_at);
  return (
    <div
      role="status"
      data-testid="email-check"
      className="mt-3 flex flex-col gap-2 rounded-lg border border-tone-amber-foreground/30 bg-tone-amber p-3 text-sm text-tone-amber-foreground"
    >
      <p className="flex items-center gap-2 font-medium">
        <MailWarning className="size-4 shrink-0" aria-hidden="true" />
        {m.emailCheckTitle}
      </p>
      <p>{check.set_by_me ? m.emailCheckByMe(date, profile.enrollment_status === 'pending') : m.emailCheckBy(check.set_by_email ?? m.none, date)}</p>
      {!check.set_by_me && (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" className="self-start">
              {m.confirmEmail}
            </Button>
          }
          title={m.confirmEmailTitle(profile.email)}
          description={m.confirmEmailWhat(profile.name)}
          confirmLabel={m.confirmEmail}
          pendingLabel={m.confirmingEmail}
          variant="default"
          onConfirm={() => confirm.mutateAsync(profile.id)}
        />
      )}
    </div>
  );
}
