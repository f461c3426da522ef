// No figure cut off or pushed out of sight (issue 25 §7): every text with a digit on the page (money,
// points, counts, dates) must show whole, at the laptop's and the phone's size. A figure fails when
//   - its element clips it (overflow hidden/clip, text-overflow: ellipsis, line-clamp) and its text
//     is wider than the box (scrollWidth > clientWidth) or taller (a clamped line);
//   - its text lies, even in part, outside the visible box of an ancestor that clips or scrolls
//     sideways, or outside the viewport horizontally;
//   - and the document itself scrolls sideways (the page is wider than the phone).
// The one allowed exception is a table that scrolls sideways as it says it does: its scroller carries
// `data-scroll-hint` (Table's `scrollHint`), every row has a `position: sticky` cell (its name, which
// stays while the figures move under it), and the scroller shows its hint while there is more to
// see (its wrapper's chevron, `::after` in index.css, opaque). The check reads those from the page, not from the
// attribute alone: a scroller that loses its sticky column or its hint fails again. A figure scrolled
// out of such a table is allowed; one cut inside its cell is not.
// Text inside SVG (charts draw their own axes) and visually hidden text (sr-only) are not read.
import { expect, type Page } from '@playwright/test';

const SIZES = [
  { name: 'escritorio', width: 1280, height: 800 },
  { name: 'móvil', width: 390, height: 844 },
] as const;

/** What the page reports: one line per figure cut off. */
async function cutFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      found.push(`el documento se desplaza de lado: ${root.scrollWidth} px de contenido en ${root.clientWidth} px`);
    }
    const describe = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const slot = e.getAttribute('data-slot') ?? e.getAttribute('data-testid');
        const label = e.getAttribute('aria-label');
        parts.unshift(`${e.tagName.toLowerCase()}${slot ? `[${slot}]` : ''}${label ? `«${label}»` : ''}`);
      }
      return parts.join(' > ');
    };
    const box = (r: DOMRect) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    // sr-only text: a 1 px box that clips what it holds.
    const visuallyHidden = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 && r.height <= 1 && getComputedStyle(e).overflow !== 'visible') return true;
      }
      return false;
    };
    const clipsItsText = (s: CSSStyleDeclaration) =>
      s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
    const honouredScroller = (el: Element) => {
      if (!el.hasAttribute('data-scroll-hint')) return false;
      const rows = [...el.querySelectorAll('tr')];
      const sticky = rows.length > 0 && rows.every((tr) => [...tr.children].some((cell) => getComputedStyle(cell).position === 'sticky'));
      // The hint is the wrapper's chevron (::after, index.css), shown by the scroller's scroll timeline.
      const hint = el.parentElement ? getComputedStyle(el.parentElement, '::after') : null;
      const hintShown = !!hint && hint.content !== 'none' && hint.display !== 'none' && Number(hint.opacity) > 0.5;
      const more = el.scrollWidth > el.clientWidth + 1;
      return sticky && (!more || hintShown);
    };

    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (/\d/.test(n.nodeValue ?? '') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('svg, script, style, noscript, [data-sonner-toaster]')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0 && text.height === 0) continue;
      if (visuallyHidden(el)) continue;
      const what = `${describe(el)} «${(node.nodeValue ?? '').trim().slice(0, 40)}»`;

      const own = getComputedStyle(el);
      if (!seen.has(el) && clipsItsText(own) && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        seen.add(el);
        found.push(`${what}: recortado en su caja (${el.scrollWidth}×${el.scrollHeight} px de texto en ${el.clientWidth}×${el.clientHeight} px)`);
        continue;
      }
      let allowed = false;
      let cut = '';
      for (let a: Element | null = el; a && a !== document.body && a !== root; a = a.parentElement) {
        const s = getComputedStyle(a);
        const clipsX = s.overflowX !== 'visible';
        const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
        if (!clipsX && !clipsY) continue;
        const r = a.getBoundingClientRect();
        // The padding box: what the ancestor shows of its content.
        const left = r.left + a.clientLeft;
        const right = left + a.clientWidth;
        const top = r.top + a.clientTop;
        const bottom = top + a.clientHeight;
        const outX = clipsX && (text.left < left - 1 || text.right > right + 1);
        const outY = clipsY && (text.top < top - 1 || text.bottom > bottom + 1);
        if (!outX && !outY) continue;
        if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && honouredScroller(a)) {
          allowed = true;
          break;
        }
        cut = `fuera de la caja visible de ${describe(a)} (texto ${box(text)}, caja ${box(new DOMRect(left, top, a.clientWidth, a.clientHeight))})`;
        break;
      }
      if (allowed) continue;
      if (!cut && (text.left < -1 || text.right > root.clientWidth + 1)) cut = `fuera de la pantalla (texto ${box(text)}, pantalla ${root.clientWidth} px)`;
      if (cut) found.push(`${what}: ${cut}`);
    }
    return found;
  });
}

/** Waits until the screen's data has arrived: no skeleton, nothing busy. */
async function loaded(page: Page) {
  await expect(page.locator('[data-slot="skeleton"]:visible, [aria-busy="true"]')).toHaveCount(0);
}

/** Two painted frames after a resize: the layout the person sees. */
const painted = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * No figure on the page as it is now is cut off or out of sight, at 1280×800 and at 390×844 (the
 * viewport is set back afterwards). `what` names the screen in the failure.
 */
export async function expectNoFigureCut(page: Page, what: string) {
  await loaded(page);
  const original = page.viewportSize();
  try {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await painted(page);
      await loaded(page);
      expect(await cutFigures(page), `${what} a ${size.width}×${size.height} (${size.name})`).toEqual([]);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
