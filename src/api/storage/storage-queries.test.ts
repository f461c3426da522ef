// @vitest-environment jsdom
// A voucher stays on screen for as long as an approver looks at the queue: its signed link must be
// renewed before Storage stops honouring it, whatever the lifetime asked for.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const signedUrl = vi.fn((_bucket: string, path: string, seconds: number) => Promise.resolve(`https://storage/${path}?expires=${seconds}`));
vi.mock('./storage-api', () => ({ signedUrl }));

const { storageQueries } = await import('./storage-queries');

afterEach(() => {
  vi.useRealTimers();
  signedUrl.mockClear();
});

describe('storageQueries.signedUrl', () => {
  it('renueva el enlace mientras se muestra, antes de que caduque', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const options = storageQueries.signedUrl('payment-vouchers', 'm1/comprobante.png');
    const observer = new QueryObserver(client, options);
    const watching = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(signedUrl).toHaveBeenCalledTimes(1);
    const lifetimeMs = (signedUrl.mock.calls[0]?.[2] ?? 0) * 1000;
    expect(lifetimeMs).toBeGreaterThan(0);

    // Just before the first link expires, a second one has been asked for.
    await vi.advanceTimersByTimeAsync(lifetimeMs - 30_000);
    expect(signedUrl).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toContain('m1/comprobante.png');
    watching();
    client.clear();
  });
});
