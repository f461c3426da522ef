import { useContext } from 'react';
import { SessionContext } from './session-context';

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession debe usarse dentro de SessionProvider');
  return value;
}

/**
 * The signed-in member's own record id, or null for staff and people without one. A member's lists name
 * it in their filters: their row-level policies are OR'ed with staff's, which no index serves alone.
 */
export function useMemberId(): string | null {
  return useSession().user?.clientProfile?.id ?? null;
}
