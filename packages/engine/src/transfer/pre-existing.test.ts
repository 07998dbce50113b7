import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { runDcPowerFlow } from '../powerflow/dcpf';
import { networkAtTransfer } from './dispatch';
import { analyseFlexibility } from '../flexibility/analyse';

// A 1-2-3 ring (x = 0.1 each) with a radial bus 4 off bus 2. Loads 150 MW at 2 and 30 MW at 4;
// the unit at bus 3 makes 60 MW, the reference at bus 1 the rest (120 MW). DC flows at T = 0:
// 1-2 100 MW, 2-3 −80 MW, 1-3 20 MW, 2-4 30 MW. Raising bus 3 against bus 1 moves them by
// d = −1/3, −1/3, −2/3 and 0 MW per MW. Ratings make three violations at T = 0:
//   1-2 (90 MVA, 111 %): the transfer relieves it; back within its limit at T = 30 MW;
//   2-3 (70 MVA, 114 %): the transfer worsens it: strict FCITC 0;
//   2-4 (20 MVA, 150 %): radial, the transfer does not touch it;
// and 1-3 (60 MVA) binds at T = (60 + 20)·3/2 = 120 MW: the attributable FCITC.
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 150 0 0 0 1 1 0 230 1 1.1 0.9;
3 2 0 0 0 0 1 1 0 230 1 1.1 0.9;
4 1 30 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [
1 120 0 0 0 1 100 1 300 0;
3 60 0 0 0 1 100 1 200 0;
];
mpc.branch = [
1 2 0 0.1 0 90 90 0 0 0 1;
2 3 0 0.1 0 70 70 0 0 0 1;
1 3 0 0.1 0 60 60 0 0 0 1;
2 4 0 0.1 0 20 20 0 0 0 1;
];`;

const net = readMatpower(CASE).network;
// N-0 only: the figures are then easy to read off the flows above.
const run = (preExisting?: 'limit' | 'ignore') =>
  analyseFlexibility(net, {
    group: { kind: 'gens', rows: [2] },
    contingencies: [],
    levels: 4,
    ...(preExisting === undefined ? {} : { preExisting }),
  });

function flowAt(r: ReturnType<typeof run>, transferMw: number, branch: number): number {
  const pattern = { unitParticipation: r.extra.unitParticipation, loadSinkByBus: null };
  return runDcPowerFlow(networkAtTransfer(net, pattern, transferMw)).pfMw[branch];
}

describe('pre-existing violations and the two figures (docs/analysis.md §4–§5)', () => {
  const r = run();
  const name = (index: number | null) =>
    index === null ? null : r.constraints[index].monitored.name;

  it('lists every violation at T = 0 with what the transfer does to it, worst first', () => {
    expect(r.preExisting.counts).toEqual({ total: 3, worsens: 1, relieves: 1, unaffected: 1 });
    expect(
      r.preExisting.violations.map((v) => [v.monitored.name, v.contingency, v.effect]),
    ).toEqual([
      ['2 (230 kV) – 4 (230 kV) ckt 1', null, 'unaffected'],
      ['2 (230 kV) – 3 (230 kV) ckt 1', null, 'worsens'],
      ['1 (230 kV) – 2 (230 kV) ckt 1', null, 'relieves'],
    ]);
    const [radial, worsened, relieved] = r.preExisting.violations;
    expect(radial.loadingPercent, 'loading of 2 (230 kV) – 4 (230 kV) ckt 1 at T = 0').toBeCloseTo(
      150,
      9,
    );
    expect(worsened.flowAtZeroMw, 'flow of 2 (230 kV) – 3 (230 kV) ckt 1 at T = 0').toBeCloseTo(
      -80,
      9,
    );
    expect(
      worsened.loadingPercent,
      'loading of 2 (230 kV) – 3 (230 kV) ckt 1 at T = 0',
    ).toBeCloseTo(800 / 7, 9);
    expect(relieved.clearsAtMw, 'transfer that clears 1 (230 kV) – 2 (230 kV) ckt 1').toBeCloseTo(
      30,
      9,
    );
    expect(
      Math.abs(flowAt(r, 30, 0)),
      '|flow| of 1 (230 kV) – 2 (230 kV) ckt 1 at T = 30 MW',
    ).toBeCloseTo(90, 9);
    // Only the worsened one is a constraint (of the strict figure).
    expect(name(worsened.constraintIndex)).toBe('2 (230 kV) – 3 (230 kV) ckt 1');
    expect(radial.constraintIndex).toBeNull();
    expect(relieved.constraintIndex).toBeNull();
  });

  it('lists every worsened violation however few others it is asked to list', () => {
    const short = analyseFlexibility(net, {
      group: { kind: 'gens', rows: [2] },
      contingencies: [],
      maxViolations: 1,
    });
    expect(short.preExisting.counts.total).toBe(3);
    expect(short.preExisting.violations.map((v) => [v.monitored.name, v.effect])).toEqual([
      ['2 (230 kV) – 4 (230 kV) ckt 1', 'unaffected'],
      ['2 (230 kV) – 3 (230 kV) ckt 1', 'worsens'],
    ]);
  });

  it('gives the attributable FCITC where the first other constraint binds', () => {
    const a = r.figures.attributable;
    expect(a.fcitcMw, 'attributable FCITC').toBeCloseTo(120, 9);
    expect(name(a.limitingConstraintIndex)).toBe('1 (230 kV) – 3 (230 kV) ckt 1');
    expect(
      Math.abs(flowAt(r, a.fcitcMw, 2)),
      '|flow| of 1 (230 kV) – 3 (230 kV) ckt 1 at the FCITC',
    ).toBeCloseTo(60, 9);
    expect(a.levels.map((l) => l.flexibilityPercent)).toEqual([100, 100, 100, (100 * 120) / 140]);
    expect(a.levels.map((l) => l.constraintIndices.map(name))).toEqual([
      [],
      [],
      [],
      ['1 (230 kV) – 3 (230 kV) ckt 1'],
    ]);
  });

  it('gives the strict FCITC 0, limited by the violation the transfer worsens', () => {
    const s = r.figures.strict;
    expect(s.fcitcMw).toBe(0);
    expect(name(s.limitingConstraintIndex)).toBe('2 (230 kV) – 3 (230 kV) ckt 1');
    expect(s.levels.map((l) => l.flexibilityPercent)).toEqual([0, 0, 0, 0]);
    expect(s.levels.map((l) => l.constraintIndices.map(name))).toEqual([
      ['2 (230 kV) – 3 (230 kV) ckt 1'],
      ['2 (230 kV) – 3 (230 kV) ckt 1'],
      ['2 (230 kV) – 3 (230 kV) ckt 1'],
      ['1 (230 kV) – 3 (230 kV) ckt 1', '2 (230 kV) – 3 (230 kV) ckt 1'],
    ]);
  });

  it('repeats the attributable figure at the top level unless the strict one is asked for', () => {
    expect(r.fcitcMw).toBe(r.figures.attributable.fcitcMw);
    expect(r.levels).toEqual(r.figures.attributable.levels);
    expect(r.extra.preExisting).toBe('ignore');
    const strict = run('limit');
    expect(strict.fcitcMw).toBe(0);
    expect(strict.limitingConstraintIndex).toBe(strict.figures.strict.limitingConstraintIndex);
  });

  it('lets a relieved violation limit only where it would cross its opposite limit', () => {
    // 1 (230 kV) – 2 (230 kV) ckt 1 at 100 MW moving at −1/3 MW/MW reaches −90 MW at T = 570 MW: a constraint once
    // Tmax allows it.
    const wide = analyseFlexibility(
      { ...net, generators: { ...net.generators, pmaxMw: Float64Array.from([300, 700]) } },
      { group: { kind: 'gens', rows: [2] }, contingencies: [] },
    );
    const opposite = wide.constraints.find(
      (c) => c.monitored.name === '1 (230 kV) – 2 (230 kV) ckt 1',
    );
    expect(opposite?.transferAtLimitMw, 'T(c) of 1 (230 kV) – 2 (230 kV) ckt 1').toBeCloseTo(
      570,
      9,
    );
    expect(opposite?.preExistingViolation).toBe(false);
  });
});
