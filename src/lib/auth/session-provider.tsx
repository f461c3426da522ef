import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { settingsQueries } from '@/lib/data/app-settings';
import { loadSupabase } from '@/lib/data/load-supabase';
import { loadSessionUser } from './load-user';
import { SessionContext } from './session-context';
import { needsAuthClient } from './stored-session';
import type { SessionState, SessionUser } from './types';

/**
 * Who is signed in. supabase-js is loaded only when it can have something to say: a session is
 * stored, or Google just sent the browser back with a code. Otherwise nobody is, at once, and the
 * public pages render without it (bench/README.md, «First-load JavaScript per route»).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionState['status']>(() => (needsAuthClient() ? 'loading' : 'ready'));
  const [user, setUser] = useState<SessionUser | null>(null);
  // The user id whose data is loaded or loading; undefined until the first auth event.
  const loadedUid = useRef<string | null | undefined>(undefined);
  const generation = useRef(0);

  useEffect(() => {
    if (!needsAuthClient()) return;
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    void loadSupabase()
      .then((supabase) => {
        if (unmounted) return;
        // Every signed-in screen waits for the settings (SettingsGate): ask for them alongside.
        void queryClient.prefetchQuery(settingsQueries.app());
        const { data } = supabase.auth.onAuthStateChange((event, session) => {
          // Our own refresh (and the periodic ones) only rotate the token; the person is the same.
          if (event === 'TOKEN_REFRESHED') return;
          const uid = session?.user.id ?? null;
          if (uid === loadedUid.current && event !== 'USER_UPDATED') return;
          loadedUid.current = uid;
          const current = ++generation.current;

          if (!session) {
            setUser(null);
            setStatus('ready');
            return;
          }
          setStatus('loading');
          // supabase-js holds its auth lock while it notifies; calling it back synchronously deadlocks.
          setTimeout(() => {
            loadSessionUser(supabase, session.user)
              .then((loaded) => {
                if (current !== generation.current) return;
                setUser(loaded);
                setStatus('ready');
              })
              .catch(async (error: unknown) => {
                console.error('Error al obtener datos de usuario:', error);
                if (current !== generation.current) return;
                loadedUid.current = null;
                await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
                setUser(null);
                setStatus('ready');
              });
          }, 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      })
      .catch((error: unknown) => {
        // The chunk did not arrive (offline): nobody can be signed in on this page load.
        console.error('Error al cargar la sesión:', error);
        if (unmounted) return;
        setUser(null);
        setStatus('ready');
      });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [queryClient]);

  const signOut = useCallback(async () => {
    generation.current++;
    loadedUid.current = null;
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signOut();
    // Even when the server cannot be reached, this browser forgets the session.
    if (error) await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
    // The company's settings are the same for everyone; every other cached row was this person's.
    const [settingsRoot] = settingsQueries.all();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== settingsRoot });
    setUser(null);
    setStatus('ready');
  }, [queryClient]);

  const value = useMemo<SessionState>(() => ({ status, user, signOut }), [status, user, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
