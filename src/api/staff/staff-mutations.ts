import { useMutation } from '@tanstack/react-query';
import { inviteStaff, revokeStaffAccess, revokeStaffInvitation, setStaffRole } from './staff-api';
import { staffQueries } from './staff-queries';

export const staffMessages = {
  roleChanged: 'Rol actualizado: vale desde su siguiente acción.',
  accessRevoked: 'Acceso revocado: su siguiente acción ya se rechaza.',
  invitationRevoked: 'Invitación retirada.',
} as const;

const members = [staffQueries.all()] as const;

/** The dialog says the outcome (pending invitation or access back at once) and pins a refusal to its field. */
export function useInviteStaff() {
  return useMutation({ mutationFn: inviteStaff, meta: { quietError: true, invalidates: members } });
}

/** The dialogs show a refusal inside them (own role, last superadmin, finance), so no toast on error. */
export function useSetStaffRole() {
  return useMutation({ mutationFn: setStaffRole, meta: { success: staffMessages.roleChanged, quietError: true, invalidates: members } });
}

export function useRevokeStaffAccess() {
  return useMutation({ mutationFn: revokeStaffAccess, meta: { success: staffMessages.accessRevoked, quietError: true, invalidates: members } });
}

export function useRevokeStaffInvitation() {
  return useMutation({ mutationFn: revokeStaffInvitation, meta: { success: staffMessages.invitationRevoked, quietError: true, invalidates: members } });
}
