import { describe, expect, it } from 'vitest';
import {
  chartScaleMw,
  clampDispatch,
  dispatchForKey,
  filterBars,
  sortBars,
  type GeneratorBar,
} from './generator-bars';

const bar = (id: number, sensitivity: number, maxMw: number, dispatchMw = maxMw / 2) =>
  ({ id, name: `G B${id}`, sensitivity, maxMw, dispatchMw }) satisfies GeneratorBar;

const bars = [bar(2, 0.3, 80), bar(13, -0.12, 40), bar(22, 0.05, 120), bar(27, -0.4, 55)];

describe('sorting and filtering (docs/product.md §4)', () => {
  it('filters by the sign of the sensitivity', () => {
    expect(filterBars(bars, 'positive').map((b) => b.id)).toEqual([2, 22]);
    expect(filterBars(bars, 'negative').map((b) => b.id)).toEqual([13, 27]);
    expect(filterBars(bars, 'all')).toHaveLength(4);
  });

  it('sorts by capacity or by sensitivity, either way', () => {
    const order = (key: 'capacity' | 'sensitivity', dir: 'asc' | 'desc') =>
      sortBars(bars, key, dir).map((b) => b.id);
    expect(order('capacity', 'desc')).toEqual([22, 2, 27, 13]);
    expect(order('capacity', 'asc')).toEqual([13, 27, 2, 22]);
    expect(order('sensitivity', 'desc')).toEqual([2, 22, 13, 27]);
    expect(order('sensitivity', 'asc')).toEqual([27, 13, 22, 2]);
  });

  it('breaks ties by id, so the order never depends on the input order', () => {
    const tied = [bar(9, 0.2, 50), bar(3, 0.2, 50), bar(5, 0.2, 50)];
    expect(sortBars(tied, 'sensitivity', 'desc').map((b) => b.id)).toEqual([3, 5, 9]);
    expect(sortBars(tied, 'capacity', 'asc').map((b) => b.id)).toEqual([3, 5, 9]);
  });
});

describe('dispatch', () => {
  it('keeps dispatch within [0, Pmax]', () => {
    expect(clampDispatch(-3, 40)).toBe(0);
    expect(clampDispatch(41, 40)).toBe(40);
    expect(clampDispatch(12.5, 40)).toBe(12.5);
  });

  it('moves by 1 % of Pmax per arrow, 10 % per page, to 0 on Home and Pmax on End', () => {
    expect(dispatchForKey('ArrowRight', 20, 40)).toBeCloseTo(20.4, 12);
    expect(dispatchForKey('ArrowUp', 20, 40)).toBeCloseTo(20.4, 12);
    expect(dispatchForKey('ArrowLeft', 20, 40)).toBeCloseTo(19.6, 12);
    expect(dispatchForKey('ArrowDown', 20, 40)).toBeCloseTo(19.6, 12);
    expect(dispatchForKey('PageUp', 20, 40)).toBeCloseTo(24, 12);
    expect(dispatchForKey('PageDown', 20, 40)).toBeCloseTo(16, 12);
    expect(dispatchForKey('Home', 20, 40)).toBe(0);
    expect(dispatchForKey('End', 20, 40)).toBe(40);
    expect(dispatchForKey('Enter', 20, 40)).toBeUndefined();
  });

  it('scales every track to the largest Pmax or drawn dispatch, never below 1 MW', () => {
    expect(chartScaleMw(bars)).toBe(120);
    expect(chartScaleMw([bar(1, 0.1, 30, 45)])).toBe(45);
    expect(chartScaleMw([bar(1, 0.1, 0, 0)])).toBe(1);
  });
});
