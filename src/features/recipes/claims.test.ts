import { describe, expect, it } from 'vitest';
import { findClaims } from './claims';

describe('findClaims', () => {
  it.each([
    ['Este batido cura la gastritis.', ['cura']],
    ['Ayuda a curar y curan las heridas', ['curar', 'curan']],
    ['Tiene propiedades curativas', ['curativas']],
    ['Trata el insomnio', ['Trata']],
    ['Un tratamiento natural; tratamientos caseros', ['tratamiento', 'tratamientos']],
    ['Previene la gripa y previenen resfriados', ['Previene', 'previenen']],
    ['Ideal para la prevención del cáncer', ['prevención']],
    ['Te ADELGAZA rápido', ['ADELGAZA']],
    ['Bebida adelgazante para adelgazar', ['adelgazante', 'adelgazar']],
    ['Cúrcuma que cura', ['cura']],
  ])('«%s» avisa de %j', (text, claims) => {
    expect(findClaims(text)).toEqual(claims);
  });

  it.each([
    'Leche dorada con cúrcuma y canela',
    'Se trata de una bebida caliente; trata de tomarla de noche',
    'Procura prepararla al momento, sin curry',
    'Aporta energía y ayuda a tu descanso',
    'Con un toque de prevenido humor', // not a form of the claim list: «prevenido» means warned
    '',
  ])('«%s» no avisa', (text) => {
    expect(findClaims(text)).toEqual([]);
  });

  it('cada palabra una sola vez, en el orden del texto', () => {
    expect(findClaims('cura, previene y cura otra vez')).toEqual(['cura', 'previene']);
  });
});
