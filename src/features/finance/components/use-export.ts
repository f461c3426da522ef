import { useState } from 'react';
import { userMessage } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { m } from '../messages';

/** One export at a time (the button waits), with what happened said in a toast. */
export function useExport() {
  const [pending, setPending] = useState(false);
  const run = async (task: () => Promise<void>) => {
    setPending(true);
    try {
      await task();
      notify.success(m.exported);
    } catch (error) {
      notify.error(m.exportFailed, { description: userMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
