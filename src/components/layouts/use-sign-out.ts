import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';

/** Signs out and goes to /login. */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    await navigate(paths.login, { replace: true });
  }, [signOut, navigate]);
}
