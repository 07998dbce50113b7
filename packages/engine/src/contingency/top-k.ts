/**
 * The K largest entries by loading, ties broken by (contingency, monitored) ascending like the
 * MATPOWER reference. A binary heap with the weakest kept entry at the root, so an offer costs
 * one comparison when it does not qualify and O(log K) when it does, even for a large K.
 */
export interface Ranked {
  readonly loading: number;
  readonly contingency: number;
  readonly monitored: number;
}

export class TopK<T extends Ranked> {
  private readonly heap: T[] = [];
  constructor(readonly k: number) {}

  /** The loading an entry must reach to be considered; -Infinity until the list is full. */
  get threshold(): number {
    return this.heap.length < this.k ? -Infinity : this.heap[0].loading;
  }

  /** The kept entries, best first. */
  get items(): T[] {
    return [...this.heap].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  }

  offer(entry: T): void {
    const h = this.heap;
    if (this.k <= 0) return;
    if (h.length < this.k) {
      h.push(entry);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(h[parent], h[i])) break;
        [h[parent], h[i]] = [h[i], h[parent]];
        i = parent;
      }
      return;
    }
    if (!before(entry, h[0])) return;
    h[0] = entry;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let weakest = i;
      if (l < h.length && before(h[weakest], h[l])) weakest = l;
      if (r < h.length && before(h[weakest], h[r])) weakest = r;
      if (weakest === i) break;
      [h[weakest], h[i]] = [h[i], h[weakest]];
      i = weakest;
    }
  }
}

/** Whether a ranks ahead of b: higher loading, then lower contingency, then lower monitored. */
function before(a: Ranked, b: Ranked): boolean {
  if (a.loading !== b.loading) return a.loading > b.loading;
  if (a.contingency !== b.contingency) return a.contingency < b.contingency;
  return a.monitored < b.monitored;
}
