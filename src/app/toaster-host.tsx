import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested } from '@/lib/feedback/notify';

const Toaster = lazy(() => import('@/components/ui/sonner'));

/** Mounts sonner's Toaster when the first toast is asked for (notify.ts says why). */
export function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastRequested(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
