import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, GC_TIME_MS, retryDelay, shouldRetry } from './query-client';

vi.mock('../feedback/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));
const { notify } = await import('../feedback/notify');

describe('retryDelay', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never waits more than 30 s', () => {
    expect(retryDelay(5)).toBe(30000);
    expect(retryDelay(10)).toBe(30000);
  });
});

describe('shouldRetry', () => {
  it('reintenta tres veces un fallo de conexión o del servidor', () => {
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, network))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, { code: 'XX000', message: 'boom' })).toBe(true);
  });

  it('nunca reintenta un rechazo (P0001, 42501, otro 4xx)', () => {
    expect(shouldRetry(0, { code: 'P0001', message: 'No.', hint: 'savia:forbidden' })).toBe(false);
    expect(shouldRetry(0, { code: '42501', message: 'permission denied' })).toBe(false);
    expect(shouldRetry(0, { code: 'PGRST116', message: 'no rows', status: 406 })).toBe(false);
    expect(shouldRetry(0, { code: '23505', message: 'duplicate' })).toBe(false);
  });
});

describe('query client defaults', () => {
  it('retries with that policy and delay and keeps data for five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.queries?.retryDelay).toBe(retryDelay);
    expect(defaults.queries?.gcTime).toBe(5 * 60 * 1000);
    expect(defaults.mutations?.retry).toBe(false);
    expect(GC_TIME_MS).toBe(300000);
  });
});

describe('mutation meta', () => {
  it('muestra el éxito, la frase de la base al fallar, e invalida lo que cambió en ambos casos', async () => {
    const client = createQueryClient();
    client.setQueryData(['sales', 'list'], [1]);
    const ok = client.getMutationCache().build(client, {
      mutationFn: async () => 'ok',
      meta: { success: 'Venta aprobada.', invalidates: [['sales']] },
    });
    await ok.execute(undefined);
    expect(notify.success).toHaveBeenCalledWith('Venta aprobada.');
    expect(client.getQueryState(['sales', 'list'])?.isInvalidated).toBe(true);

    client.setQueryData(['sales', 'list'], [2]);
    const refused = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw { code: 'P0001', message: 'La venta #3 está «Pagada».', hint: 'savia:invalid_transition' };
      },
      meta: { error: 'No se pudo aprobar', invalidates: [['sales']] },
    });
    await refused.execute(undefined).catch(() => undefined);
    expect(notify.error).toHaveBeenCalledWith('No se pudo aprobar', { description: 'La venta #3 está «Pagada».' });
    expect(client.getQueryState(['sales', 'list'])?.isInvalidated).toBe(true);
  });

  it('quietError deja el rechazo a la pantalla', async () => {
    vi.mocked(notify.error).mockClear();
    const client = createQueryClient();
    const m = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw { code: 'P0001', message: 'No.' };
      },
      meta: { quietError: true },
    });
    await m.execute(undefined).catch(() => undefined);
    expect(notify.error).not.toHaveBeenCalled();
  });
});
