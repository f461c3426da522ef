import { describe, expect, it } from 'vitest';
import { paths, pathTo } from './paths';

describe('pathTo', () => {
  it('llena los parámetros de la ruta y los codifica', () => {
    expect(pathTo(paths.clientDetail, { id: '0b6c2d1e-7f3a-4c55-9a10-2f4e8d9b1c3a' })).toBe('/clientes/0b6c2d1e-7f3a-4c55-9a10-2f4e8d9b1c3a');
    expect(pathTo(paths.landing, { slug: 'maría josé/1' })).toBe('/p/mar%C3%ADa%20jos%C3%A9%2F1');
  });
});
