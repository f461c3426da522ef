// The queue's keyboard: A approve, R reject, J next, K previous. Never while the person types in a
// field or works inside a dialog, never with a modifier (Ctrl+R reloads), and a held A or R does not
// repeat a decision.
import { useEffect, useEffectEvent } from 'react';

export type QueueShortcut = 'approve' | 'reject' | 'next' | 'previous';

const KEYS: Record<string, QueueShortcut> = { a: 'approve', r: 'reject', j: 'next', k: 'previous' };

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="combobox"]';
const ELSEWHERE = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

type KeyInfo = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'repeat' | 'defaultPrevented' | 'target'>;

export function shortcutOf(event: KeyInfo): QueueShortcut | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target;
  if (target instanceof Element && (target.closest(TYPING) || target.closest(ELSEWHERE))) return null;
  const shortcut = KEYS[event.key.toLowerCase()] ?? null;
  if (event.repeat && (shortcut === 'approve' || shortcut === 'reject')) return null;
  return shortcut;
}

/** Listens on the document while mounted; a shortcut without a handler is left alone. */
export function useQueueShortcuts(handlers: Partial<Record<QueueShortcut, () => void>>) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const shortcut = shortcutOf(event);
    const handler = shortcut ? handlers[shortcut] : undefined;
    if (!handler) return;
    event.preventDefault();
    handler();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
