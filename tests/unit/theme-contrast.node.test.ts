// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, oklchToLinearSrgb, themeTokens } from './color-contrast';

const css = readFileSync(join(process.cwd(), 'src', 'index.css'), 'utf8');
const TONES = ['green', 'blue', 'amber', 'red', 'violet', 'gray'];

describe.each([':root', '.dark'] as const)('contraste del tema %s', (selector) => {
  const tokens = themeTokens(css, selector);
  const ratio = (fg: string, bg: string) => {
    const a = tokens.get(fg);
    const b = tokens.get(bg);
    if (!a || !b) throw new Error(`Falta --${a ? bg : fg} en ${selector}`);
    return contrastRatio(a, b);
  };

  it.each(TONES)('la insignia %s se lee (≥ 4,5:1)', (tone) => {
    expect(ratio(`tone-${tone}-foreground`, `tone-${tone}`)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['foreground', 'background'],
    ['muted-foreground', 'background'],
    ['muted-foreground', 'card'],
    ['card-foreground', 'card'],
    ['primary-foreground', 'primary'],
    ['destructive-foreground', 'destructive'],
    ['secondary-foreground', 'secondary'],
    ['accent-foreground', 'accent'],
    // Error messages are destructive text on the page and on cards.
    ['destructive', 'background'],
    ['destructive', 'card'],
  ])('%s sobre %s se lee (≥ 4,5:1)', (fg, bg) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('la conversión de color', () => {
  it('da los extremos y el contraste de referencia', () => {
    expect(contrastRatio(oklchToLinearSrgb(1, 0, 0), oklchToLinearSrgb(0, 0, 0))).toBeCloseTo(21, 1);
    expect(contrastRatio(oklchToLinearSrgb(0.5, 0, 0), oklchToLinearSrgb(0.5, 0, 0))).toBe(1);
  });
});
