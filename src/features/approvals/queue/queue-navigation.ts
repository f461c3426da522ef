// Which sale opens next, as pure functions of the queue page on screen: J/K step through it and
// cross to the neighbouring page at its edges; after a decision the sale that took its place opens.

/** A row of a page that is still loading: its first, its last, or the one at a position once the
 *  sale just resolved has left it. */
export type Pick = 'first' | 'last' | { index: number; without: string };

export type Move = { kind: 'open'; id: string | null } | { kind: 'load'; page: number; pick: Pick } | { kind: 'stay' };

const STAY: Move = { kind: 'stay' };

/** J (+1) or K (−1) from the open sale. With none open (or one no longer on this page), J opens the
 *  page's first and K its last. */
export function step(ids: readonly string[], openId: string | undefined, direction: 1 | -1, page: number, pageCount: number): Move {
  const index = openId ? ids.indexOf(openId) : -1;
  if (index === -1) {
    const edge = direction === 1 ? ids[0] : ids[ids.length - 1];
    return edge ? { kind: 'open', id: edge } : STAY;
  }
  const neighbour = ids[index + direction];
  if (neighbour) return { kind: 'open', id: neighbour };
  if (direction === 1 && page < pageCount) return { kind: 'load', page: page + 1, pick: 'first' };
  if (direction === -1 && page > 1) return { kind: 'load', page: page - 1, pick: 'last' };
  return STAY;
}

/**
 * After `doneId` was approved or rejected it leaves the queue: open the one after it; on the last row
 * of a page with more pages, the next page's first slides into its place once the page reloads; at
 * the very end, the one before it; with nothing left, nothing.
 */
export function afterDecision(ids: readonly string[], doneId: string, page: number, pageCount: number): Move {
  const index = ids.indexOf(doneId);
  if (index === -1) return { kind: 'open', id: ids.find((id) => id !== doneId) ?? null };
  const after = ids[index + 1];
  if (after) return { kind: 'open', id: after };
  if (page < pageCount) return { kind: 'load', page, pick: { index, without: doneId } };
  const before = ids[index - 1];
  if (before) return { kind: 'open', id: before };
  if (page > 1) return { kind: 'load', page: page - 1, pick: 'last' };
  return { kind: 'open', id: null };
}

/** The row a pending pick opens in a freshly loaded page; undefined while the page still shows the
 *  sale just resolved (its refetch has not arrived yet). */
export function pickFrom(ids: readonly string[], pick: Pick): string | null | undefined {
  if (pick === 'first') return ids[0] ?? null;
  if (pick === 'last') return ids[ids.length - 1] ?? null;
  if (ids.includes(pick.without)) return undefined;
  return ids[Math.min(pick.index, ids.length - 1)] ?? null;
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
