// «Invitar»: the e-mail of the person's Google account, a role and the finance flag. The database
// refuses a member's address, someone with access already, a pending invitation, finance without
// holding it; each sentence shows at its field, and nothing typed is lost.
import { z } from 'zod/mini';
import { useInviteStaff } from '@/api/staff/staff-mutations';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/feedback/notify';
import { m } from '../messages';
import { RoleFields } from './role-fields';
import { roleSchema, type RoleValue } from './role-schema';

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

const inviteSchema = z.extend(roleSchema, { email: z.string().check(z.trim(), z.minLength(1, m.emailRequired)) });

function InviteForm({ draft, onDone }: { draft: InviteDraft; onDone: () => void }) {
  const invite = useInviteStaff();
  const form = useAppForm(inviteSchema, { defaultValues: draft });
  const submit = useFormSubmit(
    form,
    async (values) => {
      const result = await invite.mutateAsync(values);
      notify.success(result.state === 'activo' ? m.invitedActive(result.email) : m.invitedPending(result.email));
      onDone();
    },
    { fields: { details: ['email', 'role', 'finance'] } },
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <FormField name="email" label={m.email} controlId="invite-email">
        <Input type="email" autoComplete="off" spellCheck={false} required />
      </FormField>
      <RoleFields idPrefix="invite" />
      <FormFooter submitLabel={m.sendInvite} pendingLabel={m.sending} cancelLabel={m.cancel} onCancel={onDone} />
    </Form>
  );
}
