import { describe, expect, it } from 'vitest';
import { chosenHeadroomMw, gensGroup, searchUnits, type GeneratorColumns } from './unit-search';

const columns: GeneratorColumns = {
  row: [1, 2, 3, 4, 5],
  busNumber: [1001, 1001, 2002, 10010, 1010],
  busName: ['BOGOTÁ NORTE', 'BOGOTÁ NORTE', 'MEDELLÍN', 'CALI', 'BOGOTA SUR'],
  machineId: ['1', '2', '1', 'G1', '1'],
  fuel: ['hydro', 'ng', 'wind', null, 'ng'],
  pMaxMw: [150, 140, 200, 120, 20],
  pMinMw: [0, 0, 0, 0, 0],
  pInitialMw: [50, 40, 100, 130, 10],
  baseKv: [230, 230, 500, 115, 230],
  area: [1, 1, 2, 3, 1],
  zone: [1, 1, 1, 2, 1],
  inService: [true, true, true, true, false],
};

const rows = (query: string) => searchUnits(columns, query).map((index) => columns.row[index]);

describe('hand-picked units (decision 013)', () => {
  it('finds units by bus number from its start, bus name without accents, or machine id', () => {
    expect(rows('')).toEqual([1, 2, 3, 4, 5]);
    expect(rows('1001')).toEqual([1, 2, 4]);
    expect(rows('1001 2')).toEqual([2]);
    expect(rows('bogota')).toEqual([1, 2, 5]);
    expect(rows('  Medellin ')).toEqual([3]);
    expect(rows('g1')).toEqual([4]);
    expect(rows('norte 1')).toEqual([1, 2]);
    expect(rows('nada')).toEqual([]);
  });

  it('sums the headroom of the chosen in-service units and writes their rows as a group', () => {
    // Row 4 runs above Pmax (no headroom), row 5 is out of service.
    expect(chosenHeadroomMw(columns, new Set([1, 3, 4, 5]))).toBe(200);
    expect(gensGroup(new Set([7, 3, 4, 5, 10]))).toBe('gens:3-5,7,10');
  });
});
