// Page, page size, sort, filters and the open item live in the URL's search params, so reload,
// back and a shared link show the same thing. Every field of the schema carries a `.catch()`
// default (see url-params.ts): a hand-edited URL falls back field by field, never crashes.
// Any Zod object will do, classic or `zod/mini` (url-params.ts uses mini, so a page that keeps its
// state in the URL does not carry all of Zod in its first load): it is read through Zod's core.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parse, type $ZodObject, type output } from 'zod/v4/core';

export type UrlSchema = $ZodObject;
/** The params a schema owns. */
export const urlSchemaKeys = (schema: UrlSchema) => Object.keys(schema._zod.def.shape);
/** Each param's value when the URL says nothing. */
export const urlDefaults = (schema: UrlSchema) => parse(schema, {}) as Record<string, unknown>;
type Value = string | number | boolean | readonly (string | number)[] | null | undefined;

export type UrlStatePatch<S extends UrlSchema> = Partial<output<S>>;
export interface UrlStateOptions {
  /** Replace the history entry instead of adding one (typing in a search box, a corrected URL). */
  replace?: boolean;
}
export type SetUrlState<S extends UrlSchema> = (patch: UrlStatePatch<S> | ((current: output<S>) => UrlStatePatch<S>), options?: UrlStateOptions) => void;

/** The state the URL holds: its own params parsed, the rest (and anything broken) at their defaults. */
export function readUrlState<S extends UrlSchema>(schema: S, params: URLSearchParams): output<S> {
  const input: Record<string, string> = {};
  for (const key of urlSchemaKeys(schema)) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  return parse(schema, input);
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
export function writeUrlState<S extends UrlSchema>(schema: S, params: URLSearchParams, state: output<S>): URLSearchParams {
  const defaults = urlDefaults(schema) as Record<string, Value>;
  const next = new URLSearchParams(params);
  for (const key of urlSchemaKeys(schema)) {
    const value = serializeUrlValue((state as Record<string, Value>)[key]);
    if (value === null || value === serializeUrlValue(defaults[key])) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Typed state from the URL and a setter that merges a patch and writes back non-default values. */
export function useUrlState<S extends UrlSchema>(schema: S): [output<S>, SetUrlState<S>] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUrlState(schema, params), [schema, params]);
  const setState = useCallback<SetUrlState<S>>(
    (patch, options) => {
      setParams(
        (current) => {
          const before = readUrlState(schema, current);
          const changes = typeof patch === 'function' ? patch(before) : patch;
          return writeUrlState(schema, current, { ...before, ...changes });
        },
        { replace: options?.replace ?? false },
      );
    },
    [schema, setParams],
  );
  return [state, setState];
}
