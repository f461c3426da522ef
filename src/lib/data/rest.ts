// PostgREST over fetch, as `anon`, for what anyone may read without signing in (the public page,
// the company's settings): the public pages' first load goes without supabase-js (supabase.ts).
// Answers have supabase-js's shape, so they go through db.ts's unwrap() like every other.
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from './supabase-env';

export type RestAnswer<T> = { data: T; error: null; status: number } | { data: null; error: object; status: number };

async function request<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal }): Promise<RestAnswer<T>> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    method: init.method,
    headers: { apikey: SUPABASE_PUBLISHABLE_KEY, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (response.ok) return { data: body as T, error: null, status: response.status };
  const error = body && typeof body === 'object' ? body : { message: text || response.statusText };
  return { data: null, error, status: response.status };
}

/** `select rpc(args)`: the function's result. */
export function anonRpc<T>(fn: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<RestAnswer<T>> {
  return request<T>(`rpc/${encodeURIComponent(fn)}`, { method: 'POST', body: args, signal });
}

/** Rows of `table` matching PostgREST filters (`{ id: 'eq.x' }`). */
export function anonSelect<T>(table: string, filters: Record<string, string>, signal?: AbortSignal): Promise<RestAnswer<T[]>> {
  const query = new URLSearchParams({ select: '*', ...filters });
  return request<T[]>(`${encodeURIComponent(table)}?${query}`, { method: 'GET', signal });
}

/** A public bucket's file, as supabase-js's getPublicUrl spells it. */
export function publicObjectUrl(bucket: string, path: string): string {
  return encodeURI(`${SUPABASE_URL}/storage/v1/object/public/${bucket}/${path.replace(/^\/+/, '')}`);
}
