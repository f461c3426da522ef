// The cart lives in the browser's localStorage, one per member («savia.cart.<client id>»): it
// survives a reload and a closed tab, and another member signing in on the same browser gets their
// own (or none), never this one. Tabs of the same member follow each other through `storage` events.
import { useCallback, useSyncExternalStore } from 'react';
import { addLine, parseStoredCart, putLines, removeLine, setLineQuantity, type CartLine } from './cart-lines';

const KEY_PREFIX = 'savia.cart.';

export const cartKey = (ownerId: string) => `${KEY_PREFIX}${ownerId}`;

type Listener = () => void;

export interface CartStore {
  subscribe: (listener: Listener) => () => void;
  getLines: () => CartLine[];
  update: (change: (lines: CartLine[]) => CartLine[]) => void;
  clear: () => void;
}

const EMPTY: CartLine[] = [];

/** A cart over a Storage (localStorage in the app, a fake in tests). */
export function createCartStore(storage: Storage, ownerId: string, events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = null): CartStore {
  const key = cartKey(ownerId);
  const listeners = new Set<Listener>();
  // The snapshot must stay the same object while the stored text does (useSyncExternalStore).
  let lastRaw: string | null | undefined;
  let lastLines: CartLine[] = EMPTY;
  // When the storage refuses to write (full, disabled), the cart lives on in memory for this page.
  let memory: CartLine[] | null = null;

  const read = (): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null; // storage disabled: an empty cart rather than a broken page
    }
  };
  const getLines = () => {
    if (memory) return memory;
    const raw = read();
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastLines = parseStoredCart(raw);
    }
    return lastLines;
  };
  const emit = () => listeners.forEach((l) => l());
  const onStorage = (e: Event) => {
    if ((e as StorageEvent).key === key || (e as StorageEvent).key === null) emit();
  };

  const update = (change: (lines: CartLine[]) => CartLine[]) => {
    const next = change(getLines());
    try {
      if (next.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(next));
      memory = null;
    } catch {
      memory = next;
    }
    emit();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) events?.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage);
      };
    },
    getLines,
    update,
    clear: () => update(() => []),
  };
}

const stores = new Map<string, CartStore>();

/** The one store per member in this page, so both screens (and every component) share it. */
export function cartStoreFor(ownerId: string): CartStore {
  let store = stores.get(ownerId);
  if (!store) stores.set(ownerId, (store = createCartStore(window.localStorage, ownerId, window)));
  return store;
}

export interface Cart {
  lines: CartLine[];
  count: number;
  add: (product: { id: string; name: string }, quantity?: number) => void;
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  put: (lines: CartLine[]) => void;
  clear: () => void;
}

/** The member's cart; `ownerId` is their client id. */
export function useCart(ownerId: string): Cart {
  const store = cartStoreFor(ownerId);
  const lines = useSyncExternalStore(store.subscribe, store.getLines, store.getLines);
  const add = useCallback((product: { id: string; name: string }, quantity = 1) => store.update((l) => addLine(l, product, quantity)), [store]);
  const setQuantity = useCallback((productId: string, quantity: number) => store.update((l) => setLineQuantity(l, productId, quantity)), [store]);
  const remove = useCallback((productId: string) => store.update((l) => removeLine(l, productId)), [store]);
  const put = useCallback((incoming: CartLine[]) => store.update((l) => putLines(l, incoming)), [store]);
  const clear = useCallback(() => store.clear(), [store]);
  return { lines, count: lines.length, add, setQuantity, remove, put, clear };
}
