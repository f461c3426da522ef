import { useEffect, useState } from 'react';

/**
 * A search box's text, kept as typed, that writes to the URL (`onSettle`) after a 300 ms pause, so a
 * keystroke never waits for the database. When the URL's value changes elsewhere («Quitar filtros»,
 * back), the box shows it.
 */
export function useDebouncedText(value: string | undefined, onSettle: (text: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  useEffect(() => {
    const t = setTimeout(() => {
      if ((text.trim() || undefined) !== value) onSettle(text.trim() || undefined);
    }, 300);
    return () => clearTimeout(t);
  }, [text, value, onSettle]);
  return [text, setText] as const;
}
