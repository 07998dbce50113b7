import type { BusbarCapacity, BusbarGenerator } from '@holgura/contracts';

/** A plant on bus `busNumber`, named 'G B<bus>'; at half its Pmax unless told. */
export const generatorFixture = (
  busNumber: number,
  sensitivity: number,
  maxMw: number,
  initialMw = maxMw / 2,
  dispatchAtLimitMw: number | null = null,
) =>
  ({
    name: `G B${busNumber}`,
    busNumber,
    initialMw,
    maxMw,
    sensitivity,
    dispatchAtLimitMw,
  }) satisfies BusbarGenerator;

/** Bus B5 limited by B2-B4 (1) on B4-B6 (1): d = 0.5, L = 100, f0 = 60, T = (100 − 60)/0.5 = 80 MW. */
export const capacityFixture = (
  generators: BusbarGenerator[],
  extra: Partial<BusbarCapacity['limiting'] & object> = {},
): BusbarCapacity => ({
  busNumber: 5,
  busName: 'B5',
  scenario: 'alta',
  year: 2027,
  condition: 'Demanda alta',
  capacityMw: 80,
  tmaxMw: 500,
  limiting: {
    monitoredBranch: 3,
    monitoredName: 'B2-B4 (1)',
    contingencyBranch: 7,
    contingencyName: 'B4-B6 (1)',
    transferAtLimitMw: 80,
    distributionFactor: 0.5,
    limitMw: 100,
    preExistingViolation: false,
    flowAtZeroMw: 60,
    generators,
    ...extra,
  },
  topConstraints: [],
  projectsInService: [],
  interchanges: [],
  networkLabel: 'Red de prueba',
});
