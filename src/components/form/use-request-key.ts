// One key per attempt of a form that creates something (an order, a direct sale, a payout request).
// When an answer is lost the request may have committed; pressed again with the same values, the same
// key makes the database return what the first press made instead of making it twice
// (private.earlier_request). Other values are another attempt, with a key of its own: they are not
// what the first press made. Once something is made, the next press is a new attempt too.
import { useCallback, useRef } from 'react';

export function useRequestKey(): { key: (values: unknown) => string; done: () => void } {
  const current = useRef<{ key: string; values: string } | null>(null);
  const key = useCallback((values: unknown) => {
    const sent = JSON.stringify(values);
    if (current.current?.values !== sent) current.current = { key: crypto.randomUUID(), values: sent };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { key, done };
}
