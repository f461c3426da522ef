import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasStoredSession, isAuthCallback } from '../auth/stored-session';
import { DbError, unwrap } from './db';
import { anonRpc, anonSelect, publicObjectUrl } from './rest';
import { AUTH_STORAGE_KEY } from './supabase-env';

const answer = (status: number, body: unknown) => new Response(body === undefined ? '' : JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

describe('rest: PostgREST without supabase-js, through unwrap()', () => {
  it('calls the function as anon and returns its result', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(unwrap(anonRpc('get_public_page', { p_slug: 'ana' }))).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:54321/rest/v1/rpc/get_public_page');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"p_slug":"ana"}');
    expect((init.headers as Record<string, string>).apikey).toBe('sb_publishable_unit-tests');
  });

  it('a refusal becomes the same DbError as through supabase-js', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(400, { code: 'P0001', message: 'Demasiados mensajes.', hint: 'savia:too_many_leads', details: null })),
    );
    const error = await unwrap(anonRpc('submit_lead', {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbError);
    expect((error as DbError).saviaCode).toBe('too_many_leads');
    expect((error as DbError).userMessage).toBe('Demasiados mensajes.');
  });

  it('no answer at all is a network failure; a void function answers null', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(((await unwrap(anonRpc('x', {})).catch((e: unknown) => e)) as DbError).kind).toBe('network');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(unwrap(anonRpc('submit_lead', {}))).resolves.toBeNull();
  });

  it('selects with filters; public URLs as storage-js spells them', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, [{ id: 'app_settings' }]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(unwrap(anonSelect('metadata', { id: 'eq.app_settings' }))).resolves.toEqual([{ id: 'app_settings' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://127.0.0.1:54321/rest/v1/metadata?select=*&id=eq.app_settings');
    expect(publicObjectUrl('product-images', '/a b/c.jpg')).toBe('http://127.0.0.1:54321/storage/v1/object/public/product-images/a%20b/c.jpg');
  });
});

describe('stored-session: whether supabase-js is needed', () => {
  it('uses supabase-js’s own key, sb-<first label of the host>-auth-token', () => {
    expect(AUTH_STORAGE_KEY).toBe('sb-127-auth-token');
    expect(hasStoredSession({ getItem: (key) => (key === 'sb-127-auth-token' ? '{}' : null) })).toBe(true);
    expect(hasStoredSession({ getItem: () => null })).toBe(false);
    expect(
      hasStoredSession({
        getItem: () => {
          throw new Error('bloqueado');
        },
      }),
    ).toBe(false);
  });
  it('the OAuth callback brings ?code=', () => {
    expect(isAuthCallback('?code=abc')).toBe(true);
    expect(isAuthCallback('?pagina=2')).toBe(false);
  });
});
