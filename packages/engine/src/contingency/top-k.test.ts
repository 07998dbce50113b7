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
