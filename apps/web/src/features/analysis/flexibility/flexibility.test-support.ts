import type { Flexibility } from '@holgura/contracts';

/**
 * A hand-built, self-consistent flexibility result for tests (not used by the app): Tmax 160 MW,
 * 4 levels (T = 40, 80, 120, 160), FCITC 45 MW. Study group G Norte + G Sur (0,5 each), sink
 * G Centro (−0,6) + G Oeste (−0,4). Each constraint satisfies flowAtZero + d·T(c) = ±limit.
 */
export const flexibilityFixture: Flexibility = {
  options: {
    studyGroup: { rule: 'named', plants: [1, 2] },
    sink: 'headroom-down',
    levels: 4,
    distributionFactorCutoff: 0.01,
    postContingencyRating: 'emergency',
    includeGeneratorOutages: false,
  },
  tmaxMw: 160,
  fcitcMw: 45,
  limitingConstraintId: 2,
  plants: [
    plant(1, 'G Norte', 50, 150, 2, true, 0.5),
    plant(2, 'G Sur', 40, 140, 1, true, 0.5),
    plant(3, 'G Centro', 100, 200, 3, false, -0.6),
    plant(4, 'G Oeste', 80, 120, 1, false, -0.4),
    plant(5, 'G Isla', 10, 20, 1, false, 0),
  ],
  levels: [
    { level: 1, transferMw: 40, flexibilityPercent: 100, constraintIds: [] },
    { level: 2, transferMw: 80, flexibilityPercent: 56.25, constraintIds: [2] },
    { level: 3, transferMw: 120, flexibilityPercent: 37.5, constraintIds: [1, 2, 3] },
    { level: 4, transferMw: 160, flexibilityPercent: 28.125, constraintIds: [1, 2, 3] },
  ],
  constraints: [
    {
      id: 1,
      monitored: element(7, 'L 2-5', -50, 80, 90),
      contingency: element(9, 'L 4-6', 30, 60, 70),
      limitMw: 90,
      flowAtZeroMw: -45,
      distributionFactor: -0.5,
      ranking: 0.5,
      transferAtLimitMw: 90,
      preExistingViolation: false,
      sensitivities: [
        { plant: 1, sensitivity: -0.4 },
        { plant: 2, sensitivity: -0.6 },
        { plant: 3, sensitivity: 0.05 },
      ],
    },
    {
      id: 2,
      monitored: element(5, 'L 3-4', 60, 100, 110),
      contingency: element(2, 'L 1-2', 70, 120, 0),
      limitMw: 110,
      flowAtZeroMw: 92,
      distributionFactor: 0.4,
      ranking: 0.4,
      transferAtLimitMw: 45,
      preExistingViolation: false,
      sensitivities: [
        { plant: 1, sensitivity: 0.3 },
        { plant: 2, sensitivity: 0.1 },
        { plant: 3, sensitivity: -0.2 },
        { plant: 4, sensitivity: -0.05 },
        { plant: 5, sensitivity: 0.005 },
      ],
    },
    {
      id: 3,
      monitored: element(8, 'L 5-6', 40, 76, 0),
      contingency: null,
      limitMw: 76,
      flowAtZeroMw: 40,
      distributionFactor: 0.3,
      ranking: 0.3,
      transferAtLimitMw: 120,
      preExistingViolation: false,
      sensitivities: [
        { plant: 1, sensitivity: 0.2 },
        { plant: 4, sensitivity: -0.15 },
      ],
    },
  ],
};

function plant(
  id: number,
  name: string,
  pInitialMw: number,
  pMaxMw: number,
  unitsInParallel: number,
  inStudyGroup: boolean,
  participation: number,
) {
  return {
    id,
    name,
    busNumber: id,
    generators: [id],
    unitsInParallel,
    pInitialMw,
    pMaxMw,
    pMinMw: 0,
    inStudyGroup,
    participation,
  };
}

function element(
  branch: number,
  name: string,
  initialFlowMw: number,
  maxCapacityMva: number,
  emergencyCapacityMva: number,
) {
  return { branch, name, initialFlowMw, maxCapacityMva, emergencyCapacityMva };
}

/**
 * The fixture as a result of issue #21 (decision 013): its study group, both figures and a
 * pre-existing violation the transfer worsens (constraint 4: L 7-8 at 115,6 % after L 9-10,
 * 46 % before it), which makes the strict FCITC 0 and sits in every strict level.
 */
const worsened = {
  id: 4,
  monitored: element(11, 'L 7-8', 46, 100, 100),
  contingency: element(12, 'L 9-10', 30, 80, 90),
  limitMw: 100,
  flowAtZeroMw: 115.6,
  distributionFactor: 0.2,
  ranking: 0.2,
  transferAtLimitMw: 0,
  preExistingViolation: true,
  sensitivities: [
    { plant: 1, sensitivity: 0.2 },
    { plant: 3, sensitivity: -0.1 },
  ],
};

const strictLevels = flexibilityFixture.levels.map((level) => ({
  ...level,
  flexibilityPercent: 0,
  constraintIds: [...level.constraintIds, 4],
}));

export const groupsFixture: Flexibility = {
  ...flexibilityFixture,
  constraints: [...flexibilityFixture.constraints, worsened],
  studyGroup: {
    key: 'gens:1-2',
    kind: 'gens',
    parameter: '1-2',
    label: '2 unidades elegidas',
    chosenBy: 'default',
    reason: {
      code: 'DEFAULT_NO_RENEWABLES',
      message:
        'El caso no identifica unidades eólicas ni solares (columna genfuel de MATPOWER): se estudian todas las unidades con margen.',
    },
    renewables: null,
    matchedUnits: 2,
    units: [1, 2],
    plantCount: 2,
    tmaxMw: 160,
    capacityMw: 290,
    initialMw: 90,
  },
  figures: {
    attributable: {
      fcitcMw: 45,
      limitingConstraintId: 2,
      levels: flexibilityFixture.levels,
    },
    strict: { fcitcMw: 0, limitingConstraintId: 4, levels: strictLevels },
  },
  preExisting: {
    counts: { total: 3, worsens: 1, relieves: 1, unaffected: 1 },
    violations: [
      {
        monitored: element(13, 'L 2-9', -140, 120, 130),
        contingency: null,
        generatorOutage: null,
        flowAtZeroMw: -140,
        limitMw: 120,
        loadingPercent: 116.66666666666667,
        distributionFactor: 0.5,
        effect: 'relieves',
        clearsAtMw: 40,
        constraintId: null,
      },
      {
        monitored: worsened.monitored,
        contingency: worsened.contingency,
        generatorOutage: null,
        flowAtZeroMw: 115.6,
        limitMw: 100,
        loadingPercent: 115.6,
        distributionFactor: 0.2,
        effect: 'worsens',
        clearsAtMw: null,
        constraintId: 4,
      },
    ],
  },
};

/** A contingency of the planner's set of two branches: no single branch to name it by. */
export const doubleContingency = {
  label: '12',
  name: 'Contingencia 12: L 1-2 + L 9-10',
};

/**
 * The groups fixture computed on the case's set (issue #30): 3.734 contingencies, 12 not
 * screened. Constraint 1's contingency is one branch of the set (both named); the binding one,
 * 2, and the worsened violation, 4, are the double contingency (no branch, not N-0); 3 is N-0.
 * Its three listed violations are the three counted (one relieved, one worsened, one not).
 */
export const setFixture: Flexibility = {
  ...groupsFixture,
  options: {
    ...groupsFixture.options,
    contingencySet: {
      counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
      notScreened: 12,
    },
  },
  constraints: groupsFixture.constraints.map((constraint) =>
    constraint.id === 1
      ? { ...constraint, setContingency: { label: '7', name: 'Contingencia 7: L 4-6' } }
      : constraint.id === 2 || constraint.id === 4
        ? { ...constraint, contingency: null, setContingency: doubleContingency }
        : { ...constraint, setContingency: null },
  ),
  preExisting: {
    ...groupsFixture.preExisting!,
    violations: [
      ...groupsFixture.preExisting!.violations.map((violation) =>
        violation.constraintId === 4
          ? { ...violation, contingency: null, setContingency: doubleContingency }
          : { ...violation, setContingency: null },
      ),
      // The same element after another contingency without a branch: a row of its own.
      {
        monitored: worsened.monitored,
        contingency: null,
        generatorOutage: null,
        setContingency: { label: '13', name: 'Contingencia 13: unidad 4 en G Oeste' },
        flowAtZeroMw: 112,
        limitMw: 100,
        loadingPercent: 112,
        distributionFactor: 0.005,
        effect: 'unaffected',
        clearsAtMw: null,
        constraintId: null,
      },
    ],
  },
};
