import {
  contingencyNameOf,
  exportWords,
  type BusbarCapacity,
  type Constraint,
  type Flexibility,
  type FlexibilityFigureName,
  type FlexibilityLevel,
  type Plant,
  reachesCap,
  studyVerificationWords,
} from '@holgura/contracts';
import { fileSlug, type ExportCell, type ExportColumn, type ExportTable } from './export-table';

const w = exportWords;
const v = studyVerificationWords;
const FULL_NETWORK = w.fullNetwork;
/** Spec §9: /analisis does not list generators with |sensibilidad| below 1 %. */
const SENSITIVITY_THRESHOLD = 0.01;

const yesNo = (value: boolean) => (value ? w.yes : w.no);
const finite = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// Colombian users: dates in Bogotá time, whatever the server's zone.
const generatedFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const numberText = (value: number, decimals: number) =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: decimals }).format(value);

function commonMetadata(caseName: string, generatedAt: Date): [string, string][] {
  return [
    [w.metadata.case, caseName],
    [w.metadata.generated, w.metadata.generatedAt(generatedFormat.format(generatedAt))],
  ];
}

function levelText(level: FlexibilityLevel): string {
  return w.flexibility.levelText(
    level.level,
    numberText(level.transferMw, 1),
    numberText(level.flexibilityPercent, 1),
  );
}

const c = w.constraints.columns;
const constraintColumns: ExportColumn[] = [
  { header: c.number, kind: 'integer', width: 6 },
  { header: c.monitored, kind: 'text', width: 60 },
  { header: c.contingency, kind: 'text', width: 60 },
  { header: c.ranking, kind: 'factor', width: 16 },
  { header: c.distributionFactor, kind: 'factor', width: 18 },
  { header: c.initialFlow, kind: 'mw', width: 14 },
  { header: c.maxCapacity, kind: 'mw', width: 16 },
  { header: c.initialLoading, kind: 'percent', width: 14 },
  { header: c.contingencyInitialFlow, kind: 'mw', width: 18 },
  { header: c.flowAtZero, kind: 'mw', width: 20 },
  { header: c.limit, kind: 'mw', width: 16 },
  { header: c.transferAtLimit, kind: 'mw', width: 20 },
  { header: c.preExistingViolation, kind: 'text', width: 30 },
  { header: c.acLoading, kind: 'percent', width: 14 },
  { header: c.dcLoading, kind: 'percent', width: 14 },
  { header: c.acCheck, kind: 'text', width: 30 },
];

/**
 * The AC check at the constraint's limit (computed for each figure's limiting constraint and
 * the first of each level), in the three AC columns.
 */
function acCells(constraint: Constraint): ExportCell[] {
  const check = constraint.acCheck;
  if (check === undefined) return [null, null, w.acCheck.unchecked];
  if (!check.converged) return [null, check.dcLoadingPercent, w.acCheck.notConverged];
  return [
    finite(check.acLoadingPercent),
    finite(check.dcLoadingPercent),
    check.flagged ? w.acCheck.differs : w.acCheck.agrees,
  ];
}

/**
 * Issue #21: say which condition is over its limit at T = 0 — the base case, or the one after
 * the contingency — with its loading, so the row agrees with 'Carga inicial (%)' (the N-0
 * loading of the monitored element, often well under 100 % when the violation is post-contingency).
 */
function violationText(constraint: Constraint): string {
  const words = w.constraints.violation;
  if (!constraint.preExistingViolation) return words.none;
  const loading = loadingPercent(constraint.flowAtZeroMw, constraint.limitMw);
  const where =
    contingencyNameOf(constraint) === null ? words.inFullNetwork : words.afterContingency;
  return loading === null ? words.where(where) : words.whereAt(where, numberText(loading, 1));
}

/** The study group and the figure of the table, for its metadata (results since issue #21). */
function figureMetadata(
  flexibility: Flexibility,
  figure: FlexibilityFigureName | undefined,
): [string, string][] {
  const group = flexibility.studyGroup;
  if (group === undefined || flexibility.figures === undefined) return [];
  return [
    [
      w.flexibility.studyGroup,
      w.flexibility.studyGroupText(group.label, group.key, group.units.length),
    ],
    [
      w.flexibility.figure,
      figure === 'strict' ? w.flexibility.figureStrict : w.flexibility.figureAttributable,
    ],
  ];
}

/** Loading against RATE_A, as the constraint panel's 'Condición Original' shows it. */
function loadingPercent(flowMw: number, limitMva: number): number | null {
  return limitMva > 0 ? (Math.abs(flowMw) / limitMva) * 100 : null;
}

/** The constraints of one level, in the order /analisis lists them (ranking descending). */
export function constraintsTable(input: {
  caseName: string;
  flexibility: Flexibility;
  level: FlexibilityLevel;
  generatedAt: Date;
  figure?: FlexibilityFigureName;
}): ExportTable {
  const { caseName, flexibility, level, generatedAt } = input;
  const byId = new Map(flexibility.constraints.map((constraint) => [constraint.id, constraint]));
  const constraints = level.constraintIds.flatMap((id) => byId.get(id) ?? []);
  return {
    sheetName: w.constraints.sheetName(level.level),
    title: w.constraints.title(level.level),
    metadata: [
      ...commonMetadata(caseName, generatedAt),
      [w.flexibility.level, levelText(level)],
      ...figureMetadata(flexibility, input.figure),
      [w.flexibility.tmax, numberText(flexibility.tmaxMw, 2)],
      [w.flexibility.fcitc, numberText(flexibility.fcitcMw, 2)],
    ],
    columns: constraintColumns,
    rows: constraints.map((constraint, index): ExportCell[] => [
      index + 1,
      constraint.monitored.name,
      contingencyNameOf(constraint) ?? FULL_NETWORK,
      finite(constraint.ranking),
      finite(constraint.distributionFactor),
      finite(constraint.monitored.initialFlowMw),
      finite(constraint.monitored.maxCapacityMva),
      finite(
        loadingPercent(constraint.monitored.initialFlowMw, constraint.monitored.maxCapacityMva),
      ),
      finite(constraint.contingency?.initialFlowMw),
      finite(constraint.flowAtZeroMw),
      finite(constraint.limitMw),
      finite(constraint.transferAtLimitMw),
      violationText(constraint),
      ...acCells(constraint),
    ]),
    fileStem: w.constraints.fileStem(fileSlug(caseName), level.level),
  };
}

/** A plant's output along the transfer (docs/analysis.md §5): P0 + T · participation. */
const dispatchAt = (plant: Plant, transferMw: number) =>
  plant.pInitialMw + transferMw * plant.participation;

export function constraintLabel(constraint: Constraint): string {
  return w.flexibility.constraintLabel(
    constraint.monitored.name,
    contingencyNameOf(constraint) ?? FULL_NETWORK,
  );
}

/**
 * 'Análisis de Generadores' for one constraint at one level: the plants /analisis lists (|S| ≥
 * 1 %), by sensitivity descending as the panel opens, with the dispatches it shows.
 */
export function generatorsTable(input: {
  caseName: string;
  flexibility: Flexibility;
  level: FlexibilityLevel;
  constraint: Constraint;
  generatedAt: Date;
  figure?: FlexibilityFigureName;
}): ExportTable {
  const { caseName, flexibility, level, constraint, generatedAt } = input;
  const g = w.generators.columns;
  const plants = new Map(flexibility.plants.map((plant) => [plant.id, plant]));
  const rows = constraint.sensitivities
    .flatMap(({ plant: plantId, sensitivity }) => {
      const plant = plants.get(plantId);
      return plant === undefined || Math.abs(sensitivity) < SENSITIVITY_THRESHOLD
        ? []
        : [{ plant, sensitivity }];
    })
    .sort((a, b) => b.sensitivity - a.sensitivity || a.plant.id - b.plant.id);
  return {
    sheetName: w.generators.sheetName(level.level),
    title: w.generators.title(constraint.id, level.level),
    metadata: [
      ...commonMetadata(caseName, generatedAt),
      [w.flexibility.level, levelText(level)],
      [w.generators.metadata.monitored, constraint.monitored.name],
      [w.generators.metadata.contingency, contingencyNameOf(constraint) ?? FULL_NETWORK],
      [w.generators.metadata.transferAtLimit, numberText(constraint.transferAtLimitMw, 2)],
      ...figureMetadata(flexibility, input.figure),
      [w.flexibility.tmax, numberText(flexibility.tmaxMw, 2)],
    ],
    columns: [
      { header: g.generator, kind: 'text', width: 30 },
      { header: g.busNumber, kind: 'integer', width: 12 },
      { header: g.sensitivity, kind: 'factor', width: 16 },
      { header: g.pInitial, kind: 'mw', width: 12 },
      { header: g.dispatchAtLevel(level.level), kind: 'mw', width: 16 },
      { header: g.dispatchAtLimit, kind: 'mw', width: 16 },
      { header: g.dispatchAtTmax, kind: 'mw', width: 16 },
      { header: g.pMax, kind: 'mw', width: 12 },
      { header: g.units, kind: 'integer', width: 10 },
      { header: g.effectiveness, kind: 'mw', width: 14 },
      { header: g.inStudyGroup, kind: 'text', width: 12 },
    ],
    rows: rows.map(({ plant, sensitivity }): ExportCell[] => [
      plant.name,
      plant.busNumber,
      finite(sensitivity),
      finite(plant.pInitialMw),
      finite(dispatchAt(plant, level.transferMw)),
      finite(dispatchAt(plant, constraint.transferAtLimitMw)),
      finite(dispatchAt(plant, flexibility.tmaxMw)),
      finite(plant.pMaxMw),
      plant.unitsInParallel,
      finite(sensitivity * (plant.pMaxMw - plant.pInitialMw)),
      yesNo(plant.inStudyGroup),
    ]),
    fileStem: w.generators.fileStem(fileSlug(caseName), level.level, constraint.id),
  };
}

export interface BusbarCase {
  caseName: string;
  capacity: BusbarCapacity;
}

/** /resultados' case cards as rows: one per busbar × scenario × year. */
export function busbarCapacitiesTable(input: {
  /** The family's name, or null for every case of the study. */
  familyName: string | null;
  cases: BusbarCase[];
  generatedAt: Date;
}): ExportTable {
  const { familyName, generatedAt } = input;
  const words = w.studyBusbarCapacities;
  const b = words.columns;
  const cases = [...input.cases].sort(
    (a, b) =>
      a.capacity.busNumber - b.capacity.busNumber ||
      a.capacity.scenario.localeCompare(b.capacity.scenario, 'es') ||
      a.capacity.year - b.capacity.year ||
      a.caseName.localeCompare(b.caseName, 'es'),
  );
  const networks = [...new Set(cases.map(({ capacity }) => capacity.networkLabel))];
  return {
    sheetName: words.sheetName,
    title: words.title,
    metadata: [
      [words.metadata.busbar, familyName ?? words.metadata.allBusbars],
      [words.metadata.network, networks.join('; ')],
      [w.metadata.generated, w.metadata.generatedAt(generatedFormat.format(generatedAt))],
      [w.metadata.note, w.metadata.indicativeNote],
    ],
    columns: [
      { header: b.busNumber, kind: 'integer', width: 12 },
      { header: b.busbar, kind: 'text', width: 28 },
      { header: b.baseKv, kind: 'mw', width: 12 },
      { header: b.case, kind: 'text', width: 22 },
      { header: b.scenario, kind: 'text', width: 14 },
      { header: b.year, kind: 'integer', width: 8 },
      { header: b.capacity, kind: 'mw', width: 14 },
      { header: b.tmax, kind: 'mw', width: 14 },
      { header: b.limiting, kind: 'text', width: 60 },
      { header: b.contingency, kind: 'text', width: 60 },
      { header: b.distributionFactor, kind: 'factor', width: 18 },
      { header: b.limit, kind: 'mw', width: 16 },
      { header: b.preExistingViolation, kind: 'text', width: 16 },
      { header: b.condition, kind: 'text', width: 40 },
      { header: b.projectsInService, kind: 'text', width: 40 },
      // Issue #31, after the columns above so existing readers keep their places.
      { header: v.columns.dc, kind: 'mw', width: 16 },
      { header: v.columns.ac, kind: 'mw', width: 16 },
      { header: v.columns.weakGrid, kind: 'mw', width: 16 },
      { header: v.columns.variable, kind: 'text', width: 24 },
      { header: v.columns.acLimit, kind: 'text', width: 60 },
      { header: v.columns.sccMin, kind: 'mw', width: 18 },
    ],
    rows: cases.map(({ caseName, capacity }): ExportCell[] => {
      const limiting = capacity.limiting;
      const checked = capacity.verification;
      const acLimiting = checked?.ac?.acLimiting ?? null;
      const variable =
        checked !== undefined ? checked.limitingVariable : limiting === null ? null : 'thermal';
      const sc = checked?.shortCircuit ?? null;
      return [
        capacity.busNumber,
        capacity.busName,
        finite(capacity.baseKv),
        caseName,
        capacity.scenario,
        capacity.year,
        // «Capacidad (MW)»: the least of the DC (or AC) and weak-grid figures when checked.
        finite(checked?.capacityMw ?? capacity.capacityMw),
        finite(capacity.tmaxMw),
        limiting !== null
          ? limiting.monitoredName
          : reachesCap(capacity.capacityMw, capacity.tmaxMw)
            ? words.atCap
            : words.sinkRoom,
        limiting === null ? null : (limiting.contingencyName ?? FULL_NETWORK),
        finite(limiting?.distributionFactor),
        finite(limiting?.limitMw),
        yesNo(limiting?.preExistingViolation ?? false),
        capacity.condition,
        capacity.projectsInService.join(', '),
        finite(capacity.capacityMw),
        checked?.ac == null ? v.notChecked : finite(checked.ac.acMw),
        sc === null
          ? v.notChecked
          : sc.status === 'ok'
            ? finite(checked?.strength?.weakGridMw)
            : v.notAvailable,
        variable === null ? v.noVariable : v.variables[variable],
        acLimiting === null
          ? null
          : v.acWhere(
              v.variables[acLimiting.variable],
              acLimiting.elementName,
              acLimiting.contingencyName,
            ),
        finite(checked?.strength?.sccMinMva),
      ];
    }),
    fileStem: words.fileStem(familyName === null ? null : fileSlug(familyName)),
  };
}
