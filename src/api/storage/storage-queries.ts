import { queryOptions } from '@tanstack/react-query';
import { signedUrl, type Bucket } from './storage-api';

const SIGNED_SECONDS = 300;
const RENEW_MS = (SIGNED_SECONDS - 60) * 1000;

export const storageQueries = {
  all: () => ['storage'] as const,
  /**
   * A signed link, renewed a minute before it expires while a screen shows it, and on coming back to a
   * tab left longer than that: a voucher opened after a long look at the queue still opens.
   */
  signedUrl: (bucket: Bucket, path: string) =>
    queryOptions({
      queryKey: [...storageQueries.all(), 'signed-url', bucket, path] as const,
      queryFn: () => signedUrl(bucket, path, SIGNED_SECONDS),
      staleTime: RENEW_MS,
      refetchInterval: RENEW_MS,
      refetchOnWindowFocus: true,
    }),
};
