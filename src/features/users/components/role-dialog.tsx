// «Cambiar rol» of one person: the database refuses demoting the last superadmin and giving or
// taking finance without holding it; the sentence stays inside the dialog.
import { useState } from 'react';
import type { StaffMember } from '@/api/staff/staff-api';
import { useSetStaffRole } from '@/api/staff/staff-mutations';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { userMessage } from '@/lib/data/db';
import { m } from '../messages';
import { RoleFields, type RoleValue } from './role-fields';

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
  const [access, setAccess] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const unchanged = access.role === initial.role && access.finance === initial.finance;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (setRole.isPending) return;
    setFailure(null);
    try {
      await setRole.mutateAsync({ userId, ...access });
      onDone();
    } catch (error) {
      setFailure(userMessage(error));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <RoleFields idPrefix="change" value={access} onChange={setAccess} />
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={setRole.isPending || unchanged}>
          {setRole.isPending ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
