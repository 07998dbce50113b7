import { describe, expect, it } from 'vitest';
import {
  CAPACITY_COLORS,
  capacityStats,
  colorBins,
  colorOf,
  durationPoints,
  exceededIn,
  hourlyCsv,
  niceCeil,
  NONE_COLOR,
  parseBus,
  parsePlantMw,
  readPlantValues,
  sortedDescending,
  ZERO_COLOR,
} from './model';

describe('the figures of a bus’s hourly capacity', () => {
  const result = {
    capacityMw: [300, null, 100, 250, 2000, null],
    limiting: [0, -1, 1, 0, -1, -1],
  };

  it('sorts the feasible hours, largest first, and leaves the infeasible out', () => {
    expect(sortedDescending(result.capacityMw)).toEqual([2000, 300, 250, 100]);
  });

  it('gives min, median, max and the hours a constraint of the grid limits', () => {
    expect(capacityStats(result)).toEqual({
      feasible: 4,
      min: 100,
      median: 275,
      max: 2000,
      limited: 3,
    });
    expect(capacityStats({ capacityMw: [5, 1, 3], limiting: [-1, -1, -1] })).toMatchObject({
      median: 3,
      limited: 0,
    });
    expect(capacityStats({ capacityMw: [null, null], limiting: [-1, -1] })).toBeNull();
  });

  it('reads the duration curve: what the bus has at least in a share of the hours', () => {
    const sorted = [400, 300, 200, 100];
    expect(exceededIn(sorted, 0.25)).toBe(400);
    expect(exceededIn(sorted, 0.5)).toBe(300);
    expect(exceededIn(sorted, 0.9)).toBe(100);
    expect(exceededIn(sorted, 1)).toBe(100);
    expect(durationPoints(sorted)).toEqual([
      { share: 0, mw: 400 },
      { share: 0.25, mw: 400 },
      { share: 0.5, mw: 300 },
      { share: 0.75, mw: 200 },
      { share: 1, mw: 100 },
    ]);
  });

  it('samples a long curve and keeps its first and last hour', () => {
    const sorted = Array.from({ length: 8784 }, (_, i) => 8784 - i);
    const points = durationPoints(sorted, 100);
    expect(points).toHaveLength(101);
    expect(points[1]).toEqual({ share: 1 / 8784, mw: 8784 });
    expect(points.at(-1)).toEqual({ share: 1, mw: 1 });
  });

  it('rounds an axis top up to a half power of ten', () => {
    expect(niceCeil(512.3)).toBe(550);
    expect(niceCeil(2000)).toBe(2000);
    expect(niceCeil(87)).toBe(90);
    expect(niceCeil(0)).toBe(1);
  });
});

describe('the heatmaps’ colours', () => {
  it('splits the range into one band per colour and greys the cells without a value', () => {
    const bins = colorBins([[0, 60, null], [120]], CAPACITY_COLORS);
    expect(bins).toHaveLength(6);
    expect(bins[0]).toMatchObject({ from: 0, to: 20 });
    expect(bins.at(-1)).toMatchObject({ from: 100, to: 120 });
    expect(colorOf(bins, 0)).toBe(CAPACITY_COLORS[0]);
    expect(colorOf(bins, 119.9)).toBe(CAPACITY_COLORS[5]);
    expect(colorOf(bins, 120)).toBe(CAPACITY_COLORS[5]);
    expect(colorOf(bins, 50)).toBe(CAPACITY_COLORS[2]);
    expect(colorOf(bins, null)).toBe(NONE_COLOR);
  });

  it('gives nothing lost its own colour when asked', () => {
    const bins = colorBins([[0, 10, 50]], ['#a', '#b'], true);
    expect(bins).toEqual([
      { from: 0, to: 0, color: ZERO_COLOR, zero: true },
      { from: 10, to: 30, color: '#a' },
      { from: 30, to: 50, color: '#b' },
    ]);
    expect(colorOf(bins, 0)).toBe(ZERO_COLOR);
    expect(colorOf(bins, 10)).toBe('#a');
    // Every value the same: one band.
    expect(colorBins([[7, 7]], ['#a', '#b'])).toEqual([{ from: 7, to: 7, color: '#b' }]);
  });
});

describe('typed numbers', () => {
  it('takes a bus number as a whole number', () => {
    expect(parseBus(' 1001 ')).toBe(1001);
    expect(parseBus('')).toBe('empty');
    expect(parseBus('10.5')).toBe('nan');
    expect(parseBus('abc')).toBe('nan');
  });

  it('takes a plant size with a comma or a dot, above 0 and up to 100.000 MW', () => {
    expect(parsePlantMw('200')).toBe(200);
    expect(parsePlantMw('12,5')).toBe(12.5);
    expect(parsePlantMw('12.5')).toBe(12.5);
    expect(parsePlantMw('0')).toBe('zero');
    expect(parsePlantMw('-3')).toBe('zero');
    expect(parsePlantMw('100001')).toBe('big');
    expect(parsePlantMw('mucho')).toBe('nan');
  });
});

describe('a plant profile file read in the browser', () => {
  it('reads one value per line, with a header line', () => {
    expect(readPlantValues('mw\n0.5\n1\n\n0\n')).toEqual({ ok: true, values: [0.5, 1, 0] });
  });

  it('reads a decimal comma in a `;` file and in a file of one column', () => {
    expect(readPlantValues('\uFEFFhora;fc\r\n1;0,25\r\n2;1.234,5\r\n')).toEqual({
      ok: true,
      values: [0.25, 1234.5],
    });
    expect(readPlantValues('0,53\n0,6\n')).toEqual({ ok: true, values: [0.53, 0.6] });
  });

  it('reads the last cell of a comma-separated file with a decimal dot', () => {
    expect(readPlantValues('hora,fc\n1,0.5\n2,0.25\n')).toEqual({
      ok: true,
      values: [0.5, 0.25],
    });
    expect(readPlantValues('1,0.5\n2,0.25\n')).toEqual({ ok: true, values: [0.5, 0.25] });
  });

  it('says which line is not a number or is negative, and when there is nothing', () => {
    expect(readPlantValues('fc\n0.5\nx\n')).toEqual({ ok: false, reason: 'not-number', line: 3 });
    expect(readPlantValues('0.5\n\n-1\n')).toEqual({ ok: false, reason: 'negative', line: 3 });
    expect(readPlantValues('fc\n\n')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('the hourly series as CSV', () => {
  it('writes it as the app’s CSV exports: BOM, `;`, decimal comma, CRLF, quoted text', () => {
    const csv = hourlyCsv(
      {
        capacityMw: [312.456, null, 2000],
        limiting: [0, -1, -1],
        constraints: [
          {
            monitoredBranch: 4,
            monitoredName: '=A – B ckt 1',
            contingency: null,
            contingencyName: null,
            hours: 1,
          },
        ],
      },
      {
        title: 'Capacidad hora a hora',
        metadata: [['Perfiles horarios', 'año "2030".csv']],
        columns: { hour: 'Hora', capacity: 'Capacidad (MW)', limit: 'Lo que la limita' },
        cap: 'Tope del estudio',
        infeasible: 'Hora infactible',
        limit: (monitored, contingency) => `${monitored} — ${contingency ?? 'Caso base'}`,
      },
    );
    expect(csv).toBe(
      '\uFEFF"Capacidad hora a hora"\r\n' +
        '"Perfiles horarios";"año ""2030"".csv"\r\n' +
        '\r\n' +
        '"Hora";"Capacidad (MW)";"Lo que la limita"\r\n' +
        `1;312,46;"'=A – B ckt 1 — Caso base"\r\n` +
        '2;;"Hora infactible"\r\n' +
        '3;2000,00;"Tope del estudio"\r\n',
    );
  });
});
