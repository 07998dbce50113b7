import { describe, expect, it } from 'vitest';
import { busbarCapacitySchema, type BusbarCapacity } from './busbar-capacity.v1';

const constraint = {
  monitoredBranch: 12,
  monitoredName: 'B4-B12 (1)',
  contingencyBranch: 15,
  contingencyName: 'B12-B13 (1)',
  transferAtLimitMw: 41.5,
  distributionFactor: 0.42,
  limitMw: 65,
  preExistingViolation: false,
};
const result = {
  busNumber: 12,
  busName: 'B12',
  scenario: 'alta',
  year: 2027,
  condition: 'Demanda alta',
  capacityMw: 41.5,
  tmaxMw: 2000,
  limiting: constraint,
  topConstraints: [constraint],
  projectsInService: [],
  interchanges: [],
  networkLabel: 'Red de prueba',
};
const generator = {
  name: 'G B13',
  busNumber: 13,
  initialMw: 30,
  maxMw: 40,
  sensitivity: 0.35,
  dispatchAtLimitMw: null,
};

describe('busbar capacity v1', () => {
  it('parses a result stored before the generator chart (no flowAtZeroMw, no generators)', () => {
    const parsed: BusbarCapacity = busbarCapacitySchema.parse(result);
    expect(parsed.limiting?.generators).toBeUndefined();
    expect(parsed.limiting?.flowAtZeroMw).toBeUndefined();
  });

  it('keeps the limiting constraint’s generators and its flow at T = 0', () => {
    const parsed = busbarCapacitySchema.parse({
      ...result,
      limiting: {
        ...constraint,
        flowAtZeroMw: 47.57,
        generators: [
          generator,
          { ...generator, name: 'G B2', sensitivity: -0.02, dispatchAtLimitMw: 12.5 },
        ],
      },
    });
    expect(parsed.limiting?.flowAtZeroMw).toBe(47.57);
    expect(
      parsed.limiting?.generators?.map((g) => [g.name, g.sensitivity, g.dispatchAtLimitMw]),
    ).toEqual([
      ['G B13', 0.35, null],
      ['G B2', -0.02, 12.5],
    ]);
  });

  it('refuses a generator at or under the 0.01 threshold and a negative Pmax', () => {
    for (const bad of [
      { ...generator, sensitivity: 0.01 },
      { ...generator, sensitivity: -0.005 },
      { ...generator, maxMw: -1 },
    ]) {
      const parsed = busbarCapacitySchema.safeParse({
        ...result,
        limiting: { ...constraint, generators: [bad] },
      });
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
    }
  });
});
