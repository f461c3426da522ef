import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core on rendered markup: names, roles, ARIA references. Colour contrast is left to
 * theme-contrast.node.test.ts (jsdom has no cascade) and to the e2e axe runs on real pages.
 */
export async function expectNoAxeViolations(container: Element = document.body) {
  const { violations } = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
