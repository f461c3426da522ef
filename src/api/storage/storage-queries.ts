import { queryOptions } from '@tanstack/react-query';
import { signedUrl, type Bucket } from './storage-api';

const SIGNED_SECONDS = 300;

export const storageQueries = {
  all: () => ['storage'] as const,
  /** A signed link, renewed before it expires. */
  signedUrl: (bucket: Bucket, path: string) =>
    queryOptions({
      queryKey: [...storageQueries.all(), 'signed-url', bucket, path] as const,
      queryFn: () => signedUrl(bucket, path, SIGNED_SECONDS),
      staleTime: (SIGNED_SECONDS - 60) * 1000,
    }),
};
