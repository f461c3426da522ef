// The one debounce of the app: a search waits until typing pauses, so a keystroke never waits for
// the database and the history does not get one entry per letter.
import { useEffect, useEffectEvent, useState } from 'react';

/** How long typing must pause before a search runs. */
export const DEBOUNCE_MS = 300;

/** `value` once it has stopped changing for `delay` ms (a search box's query). */
export function useDebounced<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A search box whose text lives in the URL: kept as typed, written (`onSettle`, trimmed, undefined
 * when empty) after the pause. When the URL's value changes elsewhere («Quitar filtros», back), the
 * box shows it, and the text it replaced is not written back.
 */
export function useDebouncedText(value: string | undefined, onSettle: (text: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  const current = text.trim() || undefined;
  const settled = useDebounced(current);
  const settle = useEffectEvent((next: string | undefined) => onSettle(next));
  useEffect(() => {
    // `settled` lags `current` while typing and right after the URL changed: only a pause writes.
    if (settled === current && settled !== value) settle(settled);
  }, [settled, current, value]);
  return [text, setText] as const;
}
