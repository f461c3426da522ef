// Browsers call edge functions across origins. On a hosted project the gateway passes a function's
// CORS preflight (OPTIONS) through to the function, which must answer it itself, as Supabase's own
// function examples do; the local gateway does the same for /functions/v1 (and keeps Kong's
// preflight for the other services, tests/stack/gateway.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cfg } from '../integration/support';

const functionsUrl = `${cfg.apiUrl}/functions/v1`;
const preflight = (name: string) =>
  fetch(`${functionsUrl}/${name}`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://savia.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,x-client-info,apikey,content-type',
    },
  });

describe('CORS of the edge functions', () => {
  it('passes a preflight to the function, as the hosted gateway does', async () => {
    const res = await preflight('echo');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'OPTIONS', path: '/echo' });
  });

  it('close-period answers its preflight with the headers supabase-js sends', async () => {
    const res = await preflight('close-period');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']));
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('close-period puts the CORS headers on its answers too, refusals included', async () => {
    const res = await fetch(`${functionsUrl}/close-period`, { method: 'POST', headers: { origin: 'https://savia.example' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(await res.json()).toEqual({ error: 'Falta la clave de la API (cabecera apikey).' });
  });

  it('close-period imports the supabase-js the lock installs, pinned', () => {
    const source = readFileSync(join(import.meta.dirname, '../../supabase/functions/close-period/index.ts'), 'utf8');
    const imports = [...source.matchAll(/from '(npm:[^']+)'/g)].map((m) => m[1]);
    const installed = JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/@supabase/supabase-js/package.json'), 'utf8')).version;
    expect(imports).toEqual([`npm:@supabase/supabase-js@${installed}`]);
  });
});
