import { describe, expect, it } from 'vitest';
import {
  clearTableState,
  DEFAULT_TABLE_STATE,
  exportQuery,
  pageQuery,
  parseArea,
  parseKv,
  readTableState,
  writeTableState,
} from './table-state';

describe('«Capacidad por barra» in the address', () => {
  it('reads the defaults from an address without its parameters, and writes none for them', () => {
    const params = new URLSearchParams('caso=c7');
    expect(readTableState(params)).toEqual(DEFAULT_TABLE_STATE);
    expect(writeTableState(params, DEFAULT_TABLE_STATE).toString()).toBe('caso=c7');
  });

  it('round-trips a state in Spanish words, keeping the other parameters', () => {
    const state = {
      page: 3,
      pageSize: 100,
      sort: 'strict' as const,
      order: 'asc' as const,
      figure: 'strict' as const,
      q: 'norte',
      minKv: '13,8',
      area: '2',
    };
    const written = writeTableState(new URLSearchParams('caso=c7'), state);
    expect(written.toString()).toBe(
      'caso=c7&capacidad.pagina=3&capacidad.filas=100&capacidad.orden=estricta&capacidad.sentido=ascendente&capacidad.cifra=estricta&capacidad.buscar=norte&capacidad.kv=13%2C8&capacidad.area=2',
    );
    expect(readTableState(written)).toEqual(state);
    expect(clearTableState(written).toString()).toBe('caso=c7');
  });

  it('falls back to the defaults for values it does not know', () => {
    const state = readTableState(
      new URLSearchParams(
        'capacidad.pagina=-2&capacidad.filas=7&capacidad.orden=peso&capacidad.sentido=x&capacidad.cifra=otra',
      ),
    );
    expect(state).toEqual(DEFAULT_TABLE_STATE);
  });

  it('sends valid filters only, in the API’s words', () => {
    const state = { ...DEFAULT_TABLE_STATE, q: ' 1001 ', minKv: '13,8', area: 'x' };
    expect(pageQuery(state).toString()).toBe(
      'figure=attributable&q=1001&minKv=13.8&sort=capacity&order=desc&page=1&pageSize=50',
    );
    expect(exportQuery({ ...state, area: '3', minKv: '' }).toString()).toBe(
      'figure=attributable&q=1001&area=3&sort=capacity&order=desc',
    );
  });

  it('reads kV with a decimal comma or point, and whole areas', () => {
    expect(parseKv('13,8')).toBe(13.8);
    expect(parseKv(' 230 ')).toBe(230);
    expect(parseKv('')).toBe('');
    expect(parseKv('alta')).toBeNull();
    expect(parseKv('-5')).toBeNull();
    expect(parseArea('3')).toBe(3);
    expect(parseArea('-1')).toBe(-1);
    expect(parseArea('2,5')).toBeNull();
    expect(parseArea('')).toBe('');
  });
});
