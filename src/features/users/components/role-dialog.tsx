// «Cambiar rol» of one person: the database refuses demoting the last superadmin and giving or
// taking finance without holding it; the sentence stays inside the dialog.
import { useWatch } from 'react-hook-form';
import type { StaffMember } from '@/api/staff/staff-api';
import { useSetStaffRole } from '@/api/staff/staff-mutations';
import { Form, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { m } from '../messages';
import { RoleFields } from './role-fields';
import { roleSchema, type RoleValue } from './role-schema';

export function RoleDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.roleTitle}</DialogTitle>
          <DialogDescription>{member ? m.roleDescription(member.email) : ''}</DialogDescription>
        </DialogHeader>
        {member?.user_id && <RoleForm userId={member.user_id} initial={{ role: member.role, finance: member.finance }} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RoleForm({ userId, initial, onDone }: { userId: string; initial: RoleValue; onDone: () => void }) {
  const setRole = useSetStaffRole();
  const form = useAppForm(roleSchema, { defaultValues: initial });
  const [role, finance] = useWatch({ control: form.control, name: ['role', 'finance'] });
  const unchanged = role === initial.role && finance === initial.finance;
  // Every refusal here (the last superadmin, finance without holding it) is about the change as a whole.
  const submit = useFormSubmit(form, async (access) => {
    await setRole.mutateAsync({ userId, ...access });
    onDone();
  });

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <RoleFields idPrefix="change" />
      <FormFooter submitLabel={m.save} pendingLabel={m.saving} submitDisabled={unchanged} cancelLabel={m.cancel} onCancel={onDone} />
    </Form>
  );
}
