import { Leaf } from 'lucide-react';
import { useState } from 'react';
import { BUCKETS, publicUrl } from '@/api/storage/buckets';
import { cn } from '@/lib/utils';
import { m } from '../messages';

/** A catalogue photo from the public bucket, or a calm placeholder when there is none (or it fails). */
export function ProductPhoto({ path, className, label = false }: { path: string | null; className?: string; label?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!path || failed) {
    return (
      <div className={cn('flex flex-col items-center justify-center gap-1 rounded-md bg-muted text-muted-foreground', className)}>
        <Leaf className="size-5 opacity-60" aria-hidden="true" />
        {label ? <span className="text-xs">{m.noPhoto}</span> : <span className="sr-only">{m.noPhoto}</span>}
      </div>
    );
  }
  // The product's name is right beside the photo: the image itself adds nothing to read.
  return (
    <img src={publicUrl(BUCKETS.products, path)} alt="" loading="lazy" onError={() => setFailed(true)} className={cn('rounded-md object-cover', className)} />
  );
}
