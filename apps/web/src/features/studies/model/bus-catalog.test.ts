import { describe, expect, it } from 'vitest';
import {
  addBuses,
  buildBusCatalog,
  busesAtOrAbove,
  parseBusList,
  searchBuses,
  splitKnown,
  type BusFilter,
} from './bus-catalog';

const catalog = buildBusCatalog({
  buses: {
    number: [30, 7, 14, 1401, 23],
    name: ['BOGOTÁ NORTE', 'SMYRNA 1', 'COLUMBIA 11 0', 'Medellín', 'EASTOVER 2 1'],
    baseKv: [230, 345, 345, 115, 13.8],
    area: [2, 1, 1, 2, 1],
    zone: [1, 1, 1, 1, 1],
  },
  areas: [1, 2],
});

const all: BusFilter = { text: '', kv: null, area: null, show: 'all' };
const numbers = (rows: number[]) => rows.map((row) => catalog.number[row]);

describe('the busbar catalog', () => {
  it('orders buses by number and lists the voltages highest first', () => {
    expect(numbers(searchBuses(catalog, all, new Set()))).toEqual([7, 14, 23, 30, 1401]);
    expect(catalog.kvLevels).toEqual([345, 230, 115, 13.8]);
    expect(catalog.areas).toEqual([1, 2]);
  });

  it('finds a bus by the start of its number or by part of its name, accents aside', () => {
    expect(numbers(searchBuses(catalog, { ...all, text: '14' }, new Set()))).toEqual([14, 1401]);
    expect(numbers(searchBuses(catalog, { ...all, text: 'bogota' }, new Set()))).toEqual([30]);
    expect(numbers(searchBuses(catalog, { ...all, text: ' MEDELLIN ' }, new Set()))).toEqual([
      1401,
    ]);
    // A number inside a name counts too.
    expect(numbers(searchBuses(catalog, { ...all, text: '11' }, new Set()))).toEqual([14]);
  });

  it('narrows by kV, area and whether a bus is chosen', () => {
    expect(numbers(searchBuses(catalog, { ...all, kv: 345 }, new Set()))).toEqual([7, 14]);
    expect(numbers(searchBuses(catalog, { ...all, area: 2 }, new Set()))).toEqual([30, 1401]);
    const chosen = new Set([14, 30]);
    expect(numbers(searchBuses(catalog, { ...all, show: 'chosen' }, chosen))).toEqual([14, 30]);
    expect(numbers(searchBuses(catalog, { ...all, show: 'notChosen', area: 1 }, chosen))).toEqual([
      7, 23,
    ]);
  });

  it('gives every bus of N kV or more', () => {
    expect(busesAtOrAbove(catalog, 230)).toEqual([7, 14, 30]);
    expect(busesAtOrAbove(catalog, 500)).toEqual([]);
  });

  it('reads a pasted list, refusing what is not a bus number', () => {
    // Commas separate numbers: «1,5» is buses 1 and 5.
    expect(parseBusList('7, 14;23\n99999  7\tabc -3 1,5')).toEqual({
      numbers: [7, 14, 23, 99999, 1, 5],
      invalid: ['abc', '-3'],
    });
    expect(splitKnown(catalog, [7, 99999, 23, 5])).toEqual({ known: [7, 23], unknown: [99999, 5] });
  });

  it('adds buses once, keeping the order they were chosen in', () => {
    expect(addBuses([14, 7], [7, 30, 30, 1401])).toEqual({ next: [14, 7, 30, 1401], added: 2 });
  });

  it('searches 10,000 buses without trouble', () => {
    const n = 10_000;
    const big = buildBusCatalog({
      buses: {
        number: Array.from({ length: n }, (_, i) => n - i),
        name: Array.from({ length: n }, (_, i) => `BARRA ${i}`),
        baseKv: Array.from({ length: n }, (_, i) => (i % 10 === 0 ? 500 : 115)),
        area: Array.from({ length: n }, (_, i) => (i % 3) + 1),
        zone: Array.from({ length: n }, () => 1),
      },
      areas: [1, 2, 3],
    });
    expect(searchBuses(big, { ...all, kv: 500 }, new Set())).toHaveLength(1000);
    expect(busesAtOrAbove(big, 500)).toHaveLength(1000);
    expect(big.number[searchBuses(big, all, new Set())[0]!]).toBe(1);
  });
});
