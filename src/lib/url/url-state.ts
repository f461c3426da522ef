// Page, page size, sort, filters and the open item live in the URL's search params, so reload,
// back and a shared link show the same thing. Every field of the schema carries a `.catch()`
// default (see url-params.ts): a hand-edited URL falls back field by field, never crashes.
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod/mini';

export type UrlSchema = z.ZodMiniObject<z.core.$ZodLooseShape>;
type Value = string | number | boolean | readonly (string | number)[] | null | undefined;

export type UrlStatePatch<S extends UrlSchema> = Partial<z.output<S>>;
export interface UrlStateOptions {
  /** Replace the history entry instead of adding one (typing in a search box, a corrected URL). */
  replace?: boolean;
}
export type SetUrlState<S extends UrlSchema> = (patch: UrlStatePatch<S> | ((current: z.output<S>) => UrlStatePatch<S>), options?: UrlStateOptions) => void;

/** The state the URL holds: its own params parsed, the rest (and anything broken) at their defaults. */
export function readUrlState<S extends UrlSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  return schema.parse(input);
}

/** What a value looks like in the URL; null means «leave it out». */
export function serializeUrlValue(value: Value): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  return String(value);
}

/**
 * The params with the schema's keys set to `state`, leaving out every value equal to its default
 * (so the plain page has a clean URL) and keeping params the schema does not own.
 */
export function writeUrlState<S extends UrlSchema>(schema: S, params: URLSearchParams, state: z.output<S>): URLSearchParams {
  const defaults = schema.parse({}) as Record<string, Value>;
  const next = new URLSearchParams(params);
  for (const key of Object.keys(schema.shape)) {
    const value = serializeUrlValue((state as Record<string, Value>)[key]);
    if (value === null || value === serializeUrlValue(defaults[key])) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * Typed state from the URL and a setter that merges a patch and writes back non-default values.
 *
 * React Router hands a functional update the params of the last render, not of the last write: two
 * changes before the page repaints (a select and then a search box, as fast hands or a test do) would
 * have the second undo the first. So the setter builds on the newest params it knows: the URL's, or
 * its own last write if the URL has not caught up yet.
 */
export function useUrlState<S extends UrlSchema>(schema: S): [z.output<S>, SetUrlState<S>] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUrlState(schema, params), [schema, params]);
  // What the setter last wrote over the params this render shows (forgotten as soon as the page
  // renders other params: our write arrived, or back/forward took the URL elsewhere).
  const written = useRef<{ over: URLSearchParams; next: URLSearchParams } | null>(null);
  const setState = useCallback<SetUrlState<S>>(
    (patch, options) => {
      setParams(
        (current) => {
          const base = written.current?.over === params ? written.current.next : current;
          const before = readUrlState(schema, base);
          const changes = typeof patch === 'function' ? patch(before) : patch;
          const next = writeUrlState(schema, base, { ...before, ...changes });
          written.current = { over: params, next };
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [schema, params, setParams],
  );
  return [state, setState];
}
