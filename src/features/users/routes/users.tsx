// Usuarios (superadmin): who works in the back office, with which role and finance access, who is
// invited and who lost access; invite, change a role, revoke. Every rule is the database's
// (20250701020000_identity.sql): this page shows its sentences where the person is looking.
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { StaffMember } from '@/api/staff/staff-api';
import { useRevokeStaffAccess, useRevokeStaffInvitation } from '@/api/staff/staff-mutations';
import { staffQueries } from '@/api/staff/staff-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { InviteDialog, type InviteDraft } from '../components/invite-dialog';
import { RoleDialog } from '../components/role-dialog';
import { StaffTable } from '../components/staff-table';
import { m } from '../messages';

const NEW_INVITE: InviteDraft = { email: '', role: 'admin', finance: false };

export default function UsersPage() {
  const staff = useQuery(staffQueries.members());
  const revokeAccess = useRevokeStaffAccess();
  const withdraw = useRevokeStaffInvitation();
  const [invite, setInvite] = useState<InviteDraft | null>(null);
  const [roleOf, setRoleOf] = useState<StaffMember | null>(null);
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffMember | null>(null);
  const others = staff.data?.filter((s) => !s.is_me) ?? [];

  return (
    <>
      <PageHeader title={routeLabel(paths.users)}>
        <Button onClick={() => setInvite(NEW_INVITE)}>
          <UserPlus aria-hidden="true" />
          {m.invite}
        </Button>
      </PageHeader>
      <section aria-labelledby="staff-title" className="flex flex-col gap-3">
        <div>
          <h2 id="staff-title" className="text-base font-semibold">
            {m.listTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{m.listHint}</p>
        </div>
        {staff.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : staff.isError ? (
          <ErrorState title={m.loadFailed} error={staff.error} onRetry={() => staff.refetch()} retrying={staff.isFetching} />
        ) : (
          <>
            <StaffTable
              members={staff.data}
              actions={{
                changeRole: setRoleOf,
                revoke: setRevoking,
                withdraw: setWithdrawing,
                reinvite: (member) => setInvite({ email: member.email, role: member.role, finance: false }),
              }}
            />
            {others.length === 0 && (
              <EmptyState
                icon={Users}
                title={m.emptyTitle}
                description={m.emptyDescription}
                action={<Button onClick={() => setInvite(NEW_INVITE)}>{m.invite}</Button>}
              />
            )}
          </>
        )}
      </section>

      <InviteDialog draft={invite} onClose={() => setInvite(null)} />
      <RoleDialog member={roleOf} onClose={() => setRoleOf(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={m.revokeTitle}
        description={revoking ? m.revokeDescription(revoking.email) : ''}
        confirmLabel={m.revoke}
        pendingLabel={m.revoking}
        onConfirm={() => revoking?.user_id && revokeAccess.mutateAsync(revoking.user_id)}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={m.withdrawTitle}
        description={withdrawing ? m.withdrawDescription(withdrawing.email) : ''}
        confirmLabel={m.withdraw}
        pendingLabel={m.withdrawing}
        onConfirm={() => withdrawing?.invitation_id && withdraw.mutateAsync(withdrawing.invitation_id)}
      />
    </>
  );
}
