// A fast sign-in for the end-to-end tests: the Google chooser's flow run over HTTP (the same
// emulator, the same hooks, a fresh session every time), then the session put in the page's
// storage before the app loads. A shared saved session would not do: refresh tokens rotate, and
// reusing one after 10 s revokes the session. The UI sign-in keeps its own tests (auth.spec.ts).
import { expect, type Page } from '@playwright/test';
import { cfg } from './support';

const AUTH = `${cfg.apiUrl}/auth/v1`;
const APP_URL = process.env.SAVIA_APP_URL ?? 'http://127.0.0.1:55173';
/** supabase-js keeps the session under `sb-<first label of the API host>-auth-token`. */
const STORAGE_KEY = `sb-${new URL(cfg.apiUrl).hostname.split('.')[0]}-auth-token`;

interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: unknown;
}

/** Signs `email` in through the account chooser, as the browser would, and returns the session. */
export async function sessionFor(email: string): Promise<StoredSession> {
  const authorize = `${AUTH}/authorize?provider=google&redirect_to=${encodeURIComponent(`${APP_URL}/`)}`;
  const chooser = await fetch(authorize, { redirect: 'manual' });
  expect(chooser.status, 'el selector de cuentas responde').toBe(200);
  const html = await chooser.text();
  const [, action, state] = /<form method="post" action="([^"]+)">\s*<input type="hidden" name="state" value="([^"]+)">/.exec(html) ?? [];
  expect(action, 'el selector tiene su formulario').toBeTruthy();
  const answer = await fetch(new URL(action!, authorize), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: state!, email }),
    redirect: 'manual',
  });
  const fragment = new URLSearchParams(new URL(answer.headers.get('location') ?? '', APP_URL).hash.slice(1));
  const accessToken = fragment.get('access_token');
  expect(accessToken, `inicio de sesión de ${email}: ${fragment.get('error_description') ?? ''}`).toBeTruthy();
  const user = await (await fetch(`${AUTH}/user`, { headers: { apikey: cfg.anonKey, authorization: `Bearer ${accessToken}` } })).json();
  return {
    access_token: accessToken!,
    refresh_token: fragment.get('refresh_token')!,
    expires_in: Number(fragment.get('expires_in')),
    expires_at: Number(fragment.get('expires_at')),
    token_type: 'bearer',
    user,
  };
}

/**
 * Opens `path` already signed in as `email`. The session is seeded once per tab: later navigations
 * keep the one the app has rotated since. Once per browser context: its tabs share localStorage, so
 * a second openAs in the same context replaces the first tab's session with a new one. For a second
 * tab of the same person, `context.newPage()` and `goto` (it finds the stored session, as in
 * tabs.spec.ts); for another person, another context.
 */
export async function openAs(page: Page, email: string, path: string) {
  await seedSession(page, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
}

/** Puts a fresh session of `email` in the tab's storage before its next document loads (openAs without the visit). */
export async function seedSession(page: Page, email: string) {
  const session = await sessionFor(email);
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem('e2e-session-seeded', '1');
    },
    [STORAGE_KEY, JSON.stringify(session)] as const,
  );
}

/**
 * The API as `email`'s browser speaks to it (their fresh session's token on every request): an RPC
 * answered as one object, or a file uploaded to a bucket. A refused call fails the test with the
 * database's answer.
 */
export async function apiAs(email: string) {
  const { access_token: token } = await sessionFor(email);
  const headers = { apikey: cfg.anonKey, authorization: `Bearer ${token}` };
  return {
    async rpc<T>(name: string, body: object): Promise<T> {
      const res = await fetch(`${cfg.apiUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/vnd.pgrst.object+json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      expect(res.ok, `${name}: ${JSON.stringify(answer)}`).toBe(true);
      return answer as T;
    },
    async upload(bucket: string, path: string, bytes: Buffer, contentType: string) {
      const res = await fetch(`${cfg.apiUrl}/storage/v1/object/${bucket}/${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType },
        body: new Uint8Array(bytes),
      });
      expect(res.ok, `subir ${path}: ${await res.text()}`).toBe(true);
      return path;
    },
  };
}
