import type { SupabaseClient, User } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { settingsQueries } from '@/lib/data/app-settings';
import { loadSupabase } from '@/lib/data/load-supabase';
import { AUTH_STORAGE_KEY } from '@/lib/data/supabase-env';
import type { Database } from '@/lib/database.types';
import { loadSessionUser } from './load-user';
import { apiDidNotAnswer } from './api-did-not-answer';
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
  // What «Reintentar» loads again after the API did not answer: the stored session's person, or the
  // whole page when supabase-js itself did not arrive.
  const retryTarget = useRef<{ supabase: SupabaseClient<Database>; authUser: User } | 'page' | null>(null);
  // The company's settings are the same for everyone; every other cached row was the person's who
  // read it, under keys that often say only «mine» (a balance, a bank account, the bell).
  const forgetPersonData = useCallback(() => {
    const [settingsRoot] = settingsQueries.all();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== settingsRoot });
  }, [queryClient]);

  const load = useCallback(
    (supabase: SupabaseClient<Database>, authUser: User, current: number) => {
      setStatus('loading');
      retryTarget.current = null;
      loadSessionUser(supabase, authUser)
        .then((loaded) => {
          if (current !== generation.current) return;
          setUser(loaded);
          setStatus('ready');
        })
        .catch(async (error: unknown) => {
          console.error('Error al obtener datos de usuario:', error);
          if (current !== generation.current) return;
          if (apiDidNotAnswer(error)) {
            // The session is still good; the API did not answer. The person sees why and «Reintentar».
            retryTarget.current = { supabase, authUser };
            setUser(null);
            setStatus('error');
            return;
          }
          loadedUid.current = null;
          await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
          forgetPersonData();
          setUser(null);
          setStatus('ready');
        });
    },
    [forgetPersonData],
  );

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
          const previous = loadedUid.current;
          // Another person signed in over this one (in another tab of a shared browser): the page starts
          // again as them, so nothing of the first person (a form, a cart, a screen) is acted on as the second.
          if (previous && uid && previous !== uid) {
            window.location.reload();
            return;
          }
          // Signed out here or in another tab: what this person read leaves the cache with them.
          if (previous && !uid) forgetPersonData();
          loadedUid.current = uid;
          const current = ++generation.current;

          if (!session) {
            setUser(null);
            setStatus('ready');
            return;
          }
          setStatus('loading');
          // supabase-js holds its auth lock while it notifies; calling it back synchronously deadlocks.
          setTimeout(() => load(supabase, session.user, current), 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      })
      .catch((error: unknown) => {
        // The chunk did not arrive (offline, or a deploy replaced it): a session is stored, so this is
        // no sign-out; «Reintentar» loads the page again.
        console.error('Error al cargar la sesión:', error);
        if (unmounted) return;
        retryTarget.current = 'page';
        setUser(null);
        setStatus('error');
      });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [queryClient, load, forgetPersonData]);

  // A tab opened while nobody was signed in never loaded supabase-js, so it hears no sign-in: when another
  // tab stores a session, this one starts again with it, rather than offering a second person a
  // sign-in that would replace the first one's session under their open tabs.
  useEffect(() => {
    if (needsAuthClient()) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signOut = useCallback(async () => {
    generation.current++;
    loadedUid.current = null;
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signOut();
    // Even when the server cannot be reached, this browser forgets the session.
    if (error) await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
    forgetPersonData();
    setUser(null);
    setStatus('ready');
  }, [forgetPersonData]);

  const retry = useCallback(() => {
    const target = retryTarget.current;
    if (target === 'page') window.location.reload();
    else if (target) load(target.supabase, target.authUser, ++generation.current);
  }, [load]);

  const value = useMemo<SessionState>(() => ({ status, user, signOut, retry }), [status, user, signOut, retry]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
