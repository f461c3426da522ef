// The close-period edge function: only the service role may call it, and it closes through the
// engine (idempotent, the engine's refusals passed on with their code).
import { describe, expect, it } from 'vitest';
import { cfg } from './support';

const url = `${cfg.apiUrl}/functions/v1/close-period`;
const call = (key: string, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('función close-period', () => {
  it('rechaza a quien no es el rol de servicio', async () => {
    const res = await call(cfg.anonKey);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('Solo el rol de servicio puede cerrar un mes desde esta función.');
  });

  it('cierra el mes anterior con la clave de servicio, y cerrarlo otra vez no escribe nada', async () => {
    const first = await call(cfg.serviceRoleKey);
    expect(first.status).toBe(200);
    const summary = await first.json();
    expect(summary.month).toMatch(/^\d{4}-\d{2}-01$/);
    const again = await call(cfg.serviceRoleKey, { month: summary.month });
    expect(again.status).toBe(200);
    const second = await again.json();
    expect(second.already_closed).toBe(true);
    expect(second.forfeits).toBe(summary.forfeits);
  });

  it('pasa los rechazos del motor con su código', async () => {
    const res = await call(cfg.serviceRoleKey, { month: '2999-01-01' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('savia:period_not_ended');
  });
});
