import { describe, expect, it, vi } from 'vitest';
import { addLine, MAX_QUANTITY, orderItems, parseQuantity, parseStoredCart, putLines, quantityMessages, removeLine, setLineQuantity } from './cart-lines';
import { cartKey, createCartStore } from './cart-store';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const moringa = { id: A, name: 'Moringa en cápsulas' };
const te = { id: B, name: 'Té verde orgánico' };

/** A Storage like the browser's, in memory. */
class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('líneas del carrito', () => {
  it('agregar suma unidades a la línea del mismo producto y no pasa de 10.000', () => {
    let lines = addLine([], moringa);
    lines = addLine(lines, te, 2);
    lines = addLine(lines, moringa, 3);
    expect(lines).toEqual([
      { product_id: A, name: moringa.name, quantity: 4 },
      { product_id: B, name: te.name, quantity: 2 },
    ]);
    expect(addLine(lines, moringa, 20_000)[0]!.quantity).toBe(MAX_QUANTITY);
  });

  it('cambiar la cantidad, quitar y volver a pedir reemplazando la línea', () => {
    const lines = addLine(addLine([], moringa), te);
    expect(setLineQuantity(lines, B, 7).find((l) => l.product_id === B)!.quantity).toBe(7);
    expect(removeLine(lines, A).map((l) => l.product_id)).toEqual([B]);
    expect(putLines(lines, [{ product_id: A, name: moringa.name, quantity: 5 }])[0]!.quantity).toBe(5);
    expect(orderItems(lines)).toEqual([
      { product_id: A, quantity: 1 },
      { product_id: B, quantity: 1 },
    ]);
  });

  it('una cantidad escrita: entera de 1 a 10.000, o la frase de lo que falla', () => {
    expect(parseQuantity(' 12 ')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantity('10000')).toEqual({ ok: true, quantity: 10_000 });
    expect(parseQuantity('0')).toEqual({ ok: false, message: quantityMessages.tooFew });
    expect(parseQuantity('-3')).toEqual({ ok: false, message: quantityMessages.tooFew });
    expect(parseQuantity('10001')).toEqual({ ok: false, message: quantityMessages.tooMany });
    expect(parseQuantity('99999999999999999999')).toEqual({ ok: false, message: quantityMessages.tooMany });
    expect(parseQuantity('2.5')).toEqual({ ok: false, message: quantityMessages.notWhole });
    expect(parseQuantity('')).toEqual({ ok: false, message: quantityMessages.notWhole });
  });

  it('lo guardado mal formado se descarta línea por línea, sin romper', () => {
    expect(parseStoredCart('no es json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(
      parseStoredCart(
        JSON.stringify([
          { product_id: A, name: 'ok', quantity: 2 },
          { product_id: 'x', name: 'id raro', quantity: 1 },
          { product_id: B, name: 'cero', quantity: 0 },
          { product_id: B, name: 'enorme', quantity: 10_001 },
          { product_id: A, name: 'repetida', quantity: 9 },
        ]),
      ),
    ).toEqual([{ product_id: A, name: 'ok', quantity: 2 }]);
  });
});

describe('el carrito guardado por miembro', () => {
  it('sobrevive a una recarga: otra instancia sobre el mismo almacenamiento lo ve', () => {
    const storage = new MemoryStorage();
    const first = createCartStore(storage, 'miembro-a');
    first.update((l) => addLine(l, moringa, 2));
    const afterReload = createCartStore(storage, 'miembro-a');
    expect(afterReload.getLines()).toEqual([{ product_id: A, name: moringa.name, quantity: 2 }]);
    expect(storage.getItem(cartKey('miembro-a'))).not.toBeNull();
  });

  it('otro miembro en el mismo navegador no ve el carrito del primero', () => {
    const storage = new MemoryStorage();
    createCartStore(storage, 'miembro-a').update((l) => addLine(l, moringa));
    const other = createCartStore(storage, 'miembro-b');
    expect(other.getLines()).toEqual([]);
    other.update((l) => addLine(l, te));
    expect(
      createCartStore(storage, 'miembro-a')
        .getLines()
        .map((l) => l.product_id),
    ).toEqual([A]);
  });

  it('vaciarlo borra la entrada; la instantánea no cambia mientras no cambie lo guardado', () => {
    const storage = new MemoryStorage();
    const store = createCartStore(storage, 'miembro-a');
    store.update((l) => addLine(l, moringa));
    expect(store.getLines()).toBe(store.getLines());
    store.clear();
    expect(store.getLines()).toEqual([]);
    expect(storage.getItem(cartKey('miembro-a'))).toBeNull();
  });

  it('avisa a quien escucha, también cuando otra pestaña cambia su carrito', () => {
    const storage = new MemoryStorage();
    const target = new EventTarget();
    const store = createCartStore(storage, 'miembro-a', target as unknown as Window);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update((l) => addLine(l, moringa));
    expect(listener).toHaveBeenCalledTimes(1);

    storage.setItem(cartKey('miembro-a'), JSON.stringify([{ product_id: B, name: te.name, quantity: 3 }]));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: cartKey('miembro-a') }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getLines()).toEqual([{ product_id: B, name: te.name, quantity: 3 }]);

    target.dispatchEvent(Object.assign(new Event('storage'), { key: cartKey('miembro-b') }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('si el almacenamiento no deja escribir, el carrito sigue funcionando en la página', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const store = createCartStore(storage, 'miembro-a');
    store.update((l) => addLine(l, moringa));
    expect(store.getLines().map((l) => l.product_id)).toEqual([A]);
  });
});
