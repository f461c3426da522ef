import { describe, expect, it } from 'vitest';
import { afterDecision, pageCountOf, pickFrom, step } from './queue-navigation';

const page = ['a', 'b', 'c'];

describe('J y K recorren la cola', () => {
  it('van a la siguiente y a la anterior de la página', () => {
    expect(step(page, 'a', 1, 1, 1)).toEqual({ kind: 'open', id: 'b' });
    expect(step(page, 'c', -1, 1, 1)).toEqual({ kind: 'open', id: 'b' });
  });

  it('sin ninguna abierta (o una que ya no está en la página), J abre la primera y K la última', () => {
    expect(step(page, undefined, 1, 1, 1)).toEqual({ kind: 'open', id: 'a' });
    expect(step(page, undefined, -1, 1, 1)).toEqual({ kind: 'open', id: 'c' });
    expect(step(page, 'zz', 1, 1, 1)).toEqual({ kind: 'open', id: 'a' });
  });

  it('en los bordes cruzan a la página vecina y abren su primera o su última', () => {
    expect(step(page, 'c', 1, 1, 3)).toEqual({ kind: 'load', page: 2, pick: 'first' });
    expect(step(page, 'a', -1, 2, 3)).toEqual({ kind: 'load', page: 1, pick: 'last' });
  });

  it('al principio y al final de la cola no hacen nada', () => {
    expect(step(page, 'c', 1, 3, 3)).toEqual({ kind: 'stay' });
    expect(step(page, 'a', -1, 1, 3)).toEqual({ kind: 'stay' });
    expect(step([], undefined, 1, 1, 1)).toEqual({ kind: 'stay' });
  });
});

describe('después de aprobar o rechazar se abre la próxima', () => {
  it('la que seguía a la resuelta', () => {
    expect(afterDecision(page, 'a', 1, 1)).toEqual({ kind: 'open', id: 'b' });
    expect(afterDecision(page, 'b', 1, 1)).toEqual({ kind: 'open', id: 'c' });
  });

  it('si era la última de una página con más, la que sube de la página siguiente a su lugar', () => {
    const move = afterDecision(page, 'c', 1, 2);
    expect(move).toEqual({ kind: 'load', page: 1, pick: { index: 2, without: 'c' } });
    if (move.kind !== 'load') throw new Error('esperaba esperar la página');
    // Until the refetch arrives, the page still shows the sale just resolved: nothing to open yet.
    expect(pickFrom(page, move.pick)).toBeUndefined();
    expect(pickFrom(['a', 'b', 'd'], move.pick)).toBe('d');
  });

  it('si era la última de la cola, la anterior; si era la única, ninguna; en una página que se vacía, la última de la anterior', () => {
    expect(afterDecision(page, 'c', 1, 1)).toEqual({ kind: 'open', id: 'b' });
    expect(afterDecision(['a'], 'a', 1, 1)).toEqual({ kind: 'open', id: null });
    expect(afterDecision(['x'], 'x', 3, 3)).toEqual({ kind: 'load', page: 2, pick: 'last' });
  });

  it('si la resuelta no estaba en la página (abierta por enlace), la primera de la página', () => {
    expect(afterDecision(page, 'zz', 1, 1)).toEqual({ kind: 'open', id: 'a' });
  });
});

describe('pickFrom y pageCountOf', () => {
  it('elige en la página recién cargada', () => {
    expect(pickFrom(page, 'first')).toBe('a');
    expect(pickFrom(page, 'last')).toBe('c');
    expect(pickFrom([], 'first')).toBeNull();
    // Someone else emptied the rest of the page: the last one left.
    expect(pickFrom(['a'], { index: 2, without: 'c' })).toBe('a');
    expect(pickFrom([], { index: 0, without: 'c' })).toBeNull();
  });

  it('cuenta páginas, al menos una', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
  });
});
