// The buckets, and the public URL of a file in a public one (product photos). Without supabase-js,
// so the public page can show them (bench/README.md, «First-load JavaScript per route»).
import { publicObjectUrl } from '@/lib/data/rest';

export const BUCKETS = { vouchers: 'payment-vouchers', products: 'product-images', recipes: 'recipe-images' } as const;
export type Bucket = (typeof BUCKETS)[keyof typeof BUCKETS];

export function publicUrl(bucket: Bucket, path: string): string {
  return publicObjectUrl(bucket, path);
}
