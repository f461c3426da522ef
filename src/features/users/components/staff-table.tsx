// The staff, one row per person or invitation: role, finance, state, last sign-in, and what a
// superadmin can do with the row. One's own row offers nothing (the database refuses it too).
import { KeyRound, MailPlus, ShieldCheck, UserX } from 'lucide-react';
import type { StaffMember, StaffState } from '@/api/staff/staff-api';
import { staffRoleLabels } from '@/api/staff/staff-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

const stateTones: Record<StaffState, BadgeTone> = { activo: 'green', pendiente: 'amber', revocado: 'gray' };

export interface StaffActions {
  changeRole: (member: StaffMember) => void;
  revoke: (member: StaffMember) => void;
  withdraw: (member: StaffMember) => void;
  reinvite: (member: StaffMember) => void;
}

/** A table from the tablet up; on a phone, one card per person (an e-mail does not fit a column there). */
export function StaffTable({ members, actions }: { members: StaffMember[]; actions: StaffActions }) {
  return (
    <>
      <div className="hidden md:block">
        <WideTable members={members} actions={actions} />
      </div>
      <ul aria-label={m.listTitle} className="flex flex-col gap-3 md:hidden">
        {members.map((member) => (
          <li key={member.user_id ?? member.invitation_id} className="rounded-lg border bg-card p-4">
            <StaffCard member={member} actions={actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

function StaffCard({ member, actions }: { member: StaffMember; actions: StaffActions }) {
  const f = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <Person member={member} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{m.colRole}</dt>
          <dd>
            <Role member={member} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{m.colFinance}</dt>
          <dd>{member.finance ? m.yes : m.no}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{m.colState}</dt>
          <dd>
            <Badge tone={stateTones[member.state]}>{m.states[member.state]}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{m.colLastSignIn}</dt>
          <dd>{member.last_sign_in_at ? f.dateTime(member.last_sign_in_at) : m.never}</dd>
        </div>
      </dl>
      <RowActions member={member} actions={actions} />
    </div>
  );
}

function Person({ member }: { member: StaffMember }) {
  const f = useFormat();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        <span className="[overflow-wrap:anywhere]">{member.email}</span>
        {member.is_me && <Badge tone="blue">{m.you}</Badge>}
      </span>
      {member.invited_at && <span className="text-xs text-muted-foreground">{m.invitedOn(f.date(member.invited_at))}</span>}
    </div>
  );
}

function Role({ member }: { member: StaffMember }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      {member.role === 'superadmin' && <ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />}
      {staffRoleLabels[member.role]}
    </span>
  );
}

function WideTable({ members, actions }: { members: StaffMember[]; actions: StaffActions }) {
  const f = useFormat();
  return (
    <Table aria-label={m.listTitle}>
      <TableHeader>
        <TableRow>
          <TableHead>{m.colPerson}</TableHead>
          <TableHead>{m.colRole}</TableHead>
          <TableHead>{m.colFinance}</TableHead>
          <TableHead>{m.colState}</TableHead>
          <TableHead>{m.colLastSignIn}</TableHead>
          <TableHead className="text-right">{m.colActions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => (
          <TableRow key={member.user_id ?? member.invitation_id}>
            <TableCell>
              <Person member={member} />
            </TableCell>
            <TableCell>
              <Role member={member} />
            </TableCell>
            <TableCell>{member.finance ? m.yes : m.no}</TableCell>
            <TableCell>
              <Badge tone={stateTones[member.state]}>{m.states[member.state]}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">{member.last_sign_in_at ? f.dateTime(member.last_sign_in_at) : m.never}</TableCell>
            <TableCell className="text-right">
              <RowActions member={member} actions={actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RowActions({ member, actions }: { member: StaffMember; actions: StaffActions }) {
  if (member.is_me) return <span className="text-xs text-muted-foreground">{m.ownRow}</span>;
  if (member.state === 'activo') {
    return (
      <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
        <Button variant="outline" size="sm" aria-label={m.changeRoleOf(member.email)} onClick={() => actions.changeRole(member)}>
          <KeyRound aria-hidden="true" />
          {m.changeRole}
        </Button>
        <Button variant="outline" size="sm" aria-label={m.revokeOf(member.email)} onClick={() => actions.revoke(member)}>
          <UserX aria-hidden="true" />
          {m.revoke}
        </Button>
      </div>
    );
  }
  if (member.state === 'pendiente') {
    return (
      <Button variant="outline" size="sm" aria-label={m.withdrawOf(member.email)} onClick={() => actions.withdraw(member)}>
        <UserX aria-hidden="true" />
        {m.withdraw}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" aria-label={m.reinviteOf(member.email)} onClick={() => actions.reinvite(member)}>
      <MailPlus aria-hidden="true" />
      {m.reinvite}
    </Button>
  );
}
