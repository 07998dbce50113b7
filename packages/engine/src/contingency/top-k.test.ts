import { describe, expect, it } from 'vitest';
import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the K largest loadings, ties by contingency then monitored', () => {
    const top = new TopK(3);
    const offers = [
      { loading: 0.5, contingency: 1, monitored: 1 },
      { loading: 0.9, contingency: 4, monitored: 2 },
      { loading: 0.9, contingency: 2, monitored: 7 },
      { loading: 0.1, contingency: 0, monitored: 0 },
      { loading: 0.9, contingency: 2, monitored: 3 },
      { loading: 0.7, contingency: 9, monitored: 9 },
    ];
    for (const o of offers) top.offer(o);
    expect(top.items.map((e) => [e.contingency, e.monitored])).toEqual([
      [2, 3],
      [2, 7],
      [4, 2],
    ]);
    expect(top.threshold).toBe(0.9);
  });
});

describe('TopK against a full sort', () => {
  it('keeps exactly the K best of many random offers, in order', () => {
    let s = 12345;
    const rnd = (): number => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const all = Array.from({ length: 5000 }, (_, i) => ({
      loading: Math.round(rnd() * 200) / 100,
      contingency: i % 97,
      monitored: i,
    }));
    const top = new TopK<(typeof all)[number]>(137);
    for (const e of all) top.offer(e);
    const expected = [...all]
      .sort(
        (a, b) =>
          b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
      )
      .slice(0, 137);
    expect(top.items).toEqual(expected);
  });
});
