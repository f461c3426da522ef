import type { Role } from '@/config/paths';
import type { CustomClaims } from './claims';

/** The member's own `clients` row, as far as the shell needs it. */
export interface ClientProfile {
  id: string;
  auth_uid: string | null;
  name: string | null;
  email: string | null;
  is_active: boolean;
  [column: string]: unknown;
}

export interface SessionUser {
  uid: string;
  email: string;
  /** The Google profile's name, when the identity provider gave one. */
  fullName: string | null;
  role: Role;
  customClaims: CustomClaims;
  clientProfile: ClientProfile | null;
}

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  signOut: () => Promise<void>;
}
