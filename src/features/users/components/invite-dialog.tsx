// «Invitar»: the e-mail of the person's Google account, a role and the finance flag. The database
// refuses a member's address, someone with access already, a pending invitation, finance without
// holding it; each sentence shows at its field, and nothing typed is lost.
import { useState } from 'react';
import { useInviteStaff } from '@/api/staff/staff-mutations';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldControl, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DbError, userMessage } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { m } from '../messages';
import { RoleFields, type RoleValue } from './role-fields';

export interface InviteDraft extends RoleValue {
  email: string;
}

export function InviteDialog({ draft, onClose }: { draft: InviteDraft | null; onClose: () => void }) {
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.inviteTitle}</DialogTitle>
          <DialogDescription>{m.inviteDescription}</DialogDescription>
        </DialogHeader>
        {draft && <InviteForm draft={draft} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type FieldName = 'email' | 'role' | 'finance';
const FIELDS: readonly string[] = ['email', 'role', 'finance'];

function InviteForm({ draft, onDone }: { draft: InviteDraft; onDone: () => void }) {
  const invite = useInviteStaff();
  const [email, setEmail] = useState(draft.email);
  const [access, setAccess] = useState<RoleValue>({ role: draft.role, finance: draft.finance });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (invite.isPending) return;
    setFormError(null);
    if (!email.trim()) {
      setErrors({ email: m.emailRequired });
      document.getElementById('invite-email')?.focus();
      return;
    }
    setErrors({});
    try {
      const result = await invite.mutateAsync({ email: email.trim(), ...access });
      notify.success(result.state === 'activo' ? m.invitedActive(result.email) : m.invitedPending(result.email));
      onDone();
    } catch (error) {
      const field = error instanceof DbError ? error.details : null;
      if (field && FIELDS.includes(field)) {
        setErrors({ [field]: userMessage(error) });
        if (field === 'email') document.getElementById('invite-email')?.focus();
      } else setFormError(userMessage(error));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <Field controlId="invite-email" error={errors.email}>
        <FieldLabel>{m.email}</FieldLabel>
        <FieldControl>
          <Input type="email" autoComplete="off" spellCheck={false} required value={email} onChange={(e) => setEmail(e.target.value)} />
        </FieldControl>
        <FieldError />
      </Field>
      <RoleFields idPrefix="invite" value={access} onChange={setAccess} errors={errors} />
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? m.sending : m.sendInvite}
        </Button>
      </DialogFooter>
    </form>
  );
}
