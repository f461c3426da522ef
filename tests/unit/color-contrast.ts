// WCAG contrast of the theme's oklch tokens, computed from src/index.css itself: jsdom has no
// layout or cascade, so axe cannot judge colour there, and the tokens are where contrast is decided.

type Rgb = [number, number, number];

/** oklch(L C H) → linear sRGB, clipped to the gamut (Björn Ottosson's matrices). */
export function oklchToLinearSrgb(l: number, c: number, hDeg: number): Rgb {
  const h = (hDeg * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clip(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clip(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

export function contrastRatio(x: Rgb, y: Rgb): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The opaque oklch tokens of one block (`:root` or `.dark`) of the stylesheet. */
export function themeTokens(css: string, selector: ':root' | '.dark'): Map<string, Rgb> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No hay bloque ${selector}`);
  const block = css.slice(start, css.indexOf('}', start));
  const tokens = new Map<string, Rgb>();
  for (const m of block.matchAll(/--([\w-]+):\s*oklch\(([\d.]+)\s+([\d.]+)\s+([\d.]+)\)/g)) {
    tokens.set(m[1]!, oklchToLinearSrgb(Number(m[2]), Number(m[3]), Number(m[4])));
  }
  return tokens;
}
