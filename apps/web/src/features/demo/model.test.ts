import { describe, expect, it } from 'vitest';
import { demoFullDataJson } from './demo.test-support';
import {
  adjustmentEffect,
  demoReducer,
  dispatchOf,
  elementsIn,
  initialDemoState,
  loadBand,
  readDemoFlows,
  type DemoState,
} from './model';
import { readDemoCase } from './read-demo-case';

const flows = readDemoFlows({
  criticalMonitoredMw: -180,
  criticalContingencyMw: 140,
  contingencyMonitoredMw: -230,
});

function demo() {
  const read = readDemoCase(demoFullDataJson, flows);
  if (!read.ok) throw new Error(read.error);
  return read.demo;
}

describe('readDemoCase (docs/product.md §8 errors, docs/product.md §5 rules)', () => {
  it('uses the first constraint with a real contingency and drops zero-capacity units', () => {
    const d = demo();
    expect(d.constraint.monitored).toBe('A-B');
    expect(d.constraint.contingency).toBe('C-D');
    expect(d.generators.map((g) => g.name)).toEqual(['G NORTE', 'G SUR']);
    expect(d.generators[0]?.sensibilidad).toBe(0.25);
  });

  it.each([
    [null, 'No se encontró fullDataJSON en los datos'],
    [{}, 'No se encontró caseResult en los datos'],
    [{ caseResult: [] }, 'No se encontró caseResult en los datos'],
    [{ caseResult: [{ layers: [] }] }, 'No se encontró linealDescription en los datos'],
    [
      { caseResult: [{ layers: [], linealDescription: [{}] }] },
      'No se encontró pes en linealDescription[0]',
    ],
    [
      { caseResult: [{ linealDescription: [{ pes: [], sensitivities: [] }] }] },
      'No se encontró layers en caseResult[0]',
    ],
    [
      {
        caseResult: [
          {
            layers: [
              { level: 1, constraints: [{ monitored: 'A-B', contingency: '', ranking: 1 }] },
            ],
            linealDescription: [{ pes: [], sensitivities: [] }],
          },
        ],
      },
      'No se encontró ninguna restricción con contingencia válida',
    ],
  ])('reports %j as %s', (raw, message) => {
    expect(readDemoCase(raw)).toEqual({ ok: false, error: message });
  });
});

describe('demo state machine', () => {
  const run = (...actions: Parameters<typeof demoReducer>[1][]) =>
    actions.reduce<DemoState>(demoReducer, initialDemoState);

  it('goes intro → processing → ready, then initial → overload → contingency', () => {
    expect(run({ type: 'drop' }).phase).toBe('processing');
    expect(run({ type: 'processed' }).phase).toBe('intro');
    const ready = run({ type: 'drop' }, { type: 'processed' });
    expect(ready).toEqual({ phase: 'ready', sim: 'initial', manual: {} });
    expect(demoReducer(ready, { type: 'applyContingency' }).sim).toBe('initial');
    const overload = demoReducer(ready, { type: 'applyCritical' });
    expect(overload.sim).toBe('overload');
    expect(demoReducer(overload, { type: 'setDispatch', name: 'G NORTE', mw: 1 }).manual).toEqual(
      {},
    );
    const contingency = demoReducer(overload, { type: 'applyContingency' });
    expect(contingency.sim).toBe('contingency');
    const adjusted = demoReducer(contingency, { type: 'setDispatch', name: 'G NORTE', mw: 90 });
    expect(adjusted.manual).toEqual({ 'G NORTE': 90 });
    expect(demoReducer(adjusted, { type: 'reset' })).toEqual(contingency);
    expect(demoReducer(adjusted, { type: 'restart' })).toEqual(ready);
  });
});

describe('what-if arithmetic (docs/product.md: weighted by sensitivity)', () => {
  it('moves the monitored flow by Σ sensibilidad·ΔP from the MaxLoad dispatch', () => {
    const d = demo();
    const manual = { 'G NORTE': 90, 'G SUR': 10 };
    // 0.25·(90 − 80) + (−0.1)·(10 − 30) = 2.5 + 2 = 4.5
    expect(adjustmentEffect(d.generators, manual)).toBeCloseTo(4.5, 9);
    const view = elementsIn(d, 'contingency', manual);
    expect(view.monitored.flowMw).toBeCloseTo(-225.5, 9);
    // RATE_B of A-B is 0 (not given): the maximum capacity applies.
    expect(view.monitored.limitMw).toBe(200);
    expect(view.contingency).toEqual({ flowMw: 0, limitMw: 150, outOfService: true });
  });

  it('shows the stored flows in each state and no number it does not have', () => {
    const d = demo();
    expect(elementsIn(d, 'initial', {}).monitored.flowMw).toBe(-120.5);
    expect(elementsIn(d, 'initial', {}).contingency.flowMw).toBe(90.25);
    expect(elementsIn(d, 'overload', {}).monitored.flowMw).toBe(-180);
    const bare = readDemoCase(demoFullDataJson);
    if (!bare.ok) throw new Error(bare.error);
    expect(elementsIn(bare.demo, 'overload', {}).monitored.flowMw).toBeNull();
    expect(elementsIn(bare.demo, 'contingency', { 'G NORTE': 90 }).monitored.flowMw).toBeNull();
  });

  it('dispatches: initial P0, MaxLoad at Tmax, manual in contingency', () => {
    const north = demo().generators[0]!;
    expect(dispatchOf(north, 'initial', { 'G NORTE': 1 })).toBe(50);
    expect(dispatchOf(north, 'overload', { 'G NORTE': 1 })).toBe(80);
    expect(dispatchOf(north, 'contingency', { 'G NORTE': 1 })).toBe(1);
  });

  it('bands the load as the spec says', () => {
    expect(loadBand(-131, 100)).toBe('extreme');
    expect(loadBand(101, 100)).toBe('overload');
    expect(loadBand(100, 100)).toBe('critical');
    expect(loadBand(90, 100)).toBe('alert');
    expect(loadBand(75, 100)).toBe('moderate');
    expect(loadBand(50, 100)).toBe('normal');
  });
});
