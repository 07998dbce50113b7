/**
 * The K largest entries by loading, ties broken by (contingency, monitored) ascending like the
 * MATPOWER reference. Entries are kept sorted; insertion is O(K) but after the first few
 * contingencies almost every candidate fails the threshold test and costs one comparison.
 */
export interface Ranked {
  readonly loading: number;
  readonly contingency: number;
  readonly monitored: number;
}

export class TopK<T extends Ranked> {
  readonly items: T[] = [];
  constructor(readonly k: number) {}

  /** The loading an entry must beat to enter; -Infinity until the list is full. */
  get threshold(): number {
    return this.items.length < this.k ? -Infinity : this.items[this.items.length - 1].loading;
  }

  offer(entry: T): void {
    if (this.k <= 0) return;
    const items = this.items;
    if (items.length === this.k && !before(entry, items[items.length - 1])) return;
    let i = items.length;
    while (i > 0 && before(entry, items[i - 1])) i--;
    items.splice(i, 0, entry);
    if (items.length > this.k) items.pop();
  }
}

function before(a: Ranked, b: Ranked): boolean {
  if (a.loading !== b.loading) return a.loading > b.loading;
  if (a.contingency !== b.contingency) return a.contingency < b.contingency;
  return a.monitored < b.monitored;
}
