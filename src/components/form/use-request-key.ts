// One key per attempt of a form that creates something (an order, a direct sale, a payout request).
// When an answer is lost the request may have committed; pressed again, the same key makes the database
// return what the first press made instead of making it twice (private.earlier_request). The key is
// kept through failures and replaced once the thing is made, so the next one is a new attempt.
import { useCallback, useRef } from 'react';

export function useRequestKey(): { key: () => string; done: () => void } {
  const current = useRef<string | null>(null);
  const key = useCallback(() => (current.current ??= crypto.randomUUID()), []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { key, done };
}
