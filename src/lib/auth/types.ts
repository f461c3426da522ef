import type { Role } from '@/config/paths';
import type { Tables } from '@/lib/database.types';
import type { CustomClaims } from './claims';

/** The member's own `clients` row. */
export type ClientProfile = Tables<'clients'>;

export interface SessionUser {
  uid: string;
  email: string;
  /** The Google profile's name, when the identity provider gave one. */
  fullName: string | null;
  role: Role;
  customClaims: CustomClaims;
  /** The sign-in this session belongs to, shared by its tabs (null when the token does not say). */
  sessionId: string | null;
  clientProfile: ClientProfile | null;
}

/** `error`: a session is stored but its person could not be loaded (the API did not answer). */
export type SessionStatus = 'loading' | 'ready' | 'error';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  signOut: () => Promise<void>;
  /** Loads the stored session's person again after `error`. */
  retry: () => void;
}
