import { constraintGenerators } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { doubleContingency, flexibilityFixture, setFixture } from './flexibility.test-support';
import { networkFocus } from './network-focus';

const constraint = (id: number) => flexibilityFixture.constraints.find((c) => c.id === id)!;
const generators = (id: number) =>
  constraintGenerators(
    flexibilityFixture,
    constraint(id),
    new Map(flexibilityFixture.plants.map((plant) => [plant.id, plant])),
  );

describe('networkFocus', () => {
  it('is empty without a selected constraint', () => {
    expect(networkFocus(null, null, 'original', 0)).toBeNull();
  });

  it('shows the original condition: both elements in service, flows at T = 0', () => {
    const focus = networkFocus(constraint(1), generators(1), 'original', 25)!;
    expect(focus.monitored).toEqual({ branch: 7, name: 'L 2-5', flowMw: -50, limitMw: 80 });
    expect(focus.contingency).toEqual({ branch: 9, name: 'L 4-6', outOfService: false });
  });

  it('shows the limit condition with the what-if of dragged markers', () => {
    // At T(c) the flow is −45 − 0.5 · 90 = −90 (the limit); dragging adds the what-if delta.
    const atLimit = networkFocus(constraint(1), generators(1), 'limite', 0)!;
    expect(atLimit.monitored.flowMw).toBeCloseTo(-90, 9);
    expect(atLimit.monitored.limitMw).toBe(90);
    expect(atLimit.contingency?.outOfService).toBe(true);
    const dragged = networkFocus(constraint(1), generators(1), 'limite', -12)!;
    expect(dragged.monitored.flowMw).toBeCloseTo(-102, 9);
  });

  it('lists the plants with the largest |sensitivity| first, at most five', () => {
    const focus = networkFocus(constraint(2), generators(2), 'original', 0)!;
    expect(focus.generators.map((g) => [g.busNumber, g.sensitivity])).toEqual([
      [1, 0.3],
      [3, -0.2],
      [2, 0.1],
      [4, -0.05],
      [5, 0.005],
    ]);
    expect(networkFocus(constraint(3), generators(3), 'limite', 0)!.contingency).toBeNull();
    // Before its generators part arrives: the elements alone.
    expect(networkFocus(constraint(2), null, 'original', 0)!.generators).toEqual([]);
  });

  it('names a contingency of the planner’s set without a branch, drawing nothing of it (issue #30)', () => {
    const onSet = (id: number) => setFixture.constraints.find((c) => c.id === id)!;
    const double = networkFocus(onSet(2), null, 'limite', 0)!;
    expect(double.contingency).toBeNull();
    expect(double.setContingency).toBe(doubleContingency.name);
    // One branch of the set: the branch is drawn, named as the planner names it.
    expect(networkFocus(onSet(1), null, 'original', 0)!.contingency).toEqual({
      branch: 9,
      name: 'Contingencia 7: L 4-6',
      outOfService: false,
    });
    // N-0: nothing to name.
    expect(networkFocus(onSet(3), null, 'original', 0)!.setContingency).toBeUndefined();
  });
});
