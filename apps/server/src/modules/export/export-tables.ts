import type {
  BusbarCapacity,
  Constraint,
  Flexibility,
  FlexibilityFigureName,
  FlexibilityLevel,
  Plant,
} from '@holgura/contracts';
import { fileSlug, type ExportCell, type ExportColumn, type ExportTable } from './export-table';

/** Spec §3: a constraint without a contingency element. */
const FULL_NETWORK = 'SOBRECARGA RED COMPLETA';
/** Spec §9: /analisis does not list generators with |sensibilidad| below 1 %. */
const SENSITIVITY_THRESHOLD = 0.01;

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
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
    ['Caso', caseName],
    ['Generado', `${generatedFormat.format(generatedAt)} (hora de Colombia)`],
  ];
}

function levelText(level: FlexibilityLevel): string {
  return `Nivel ${level.level}: transferencia ${numberText(level.transferMw, 1)} MW, flexibilidad ${numberText(level.flexibilityPercent, 1)} %`;
}

const constraintColumns: ExportColumn[] = [
  { header: '#', kind: 'integer', width: 6 },
  { header: 'Elemento Monitoreado', kind: 'text', width: 36 },
  { header: 'Elemento en Contingencia', kind: 'text', width: 36 },
  { header: 'Impacto (MW/MW)', kind: 'factor', width: 16 },
  { header: 'Factor de distribución (MW/MW)', kind: 'factor', width: 18 },
  { header: 'Flujo inicial (MW)', kind: 'mw', width: 14 },
  { header: 'Capacidad máxima (MVA)', kind: 'mw', width: 16 },
  { header: 'Carga inicial (%)', kind: 'percent', width: 14 },
  { header: 'Flujo inicial contingencia (MW)', kind: 'mw', width: 18 },
  { header: 'Flujo post-contingencia inicial (MW)', kind: 'mw', width: 20 },
  { header: 'Límite aplicable (MW)', kind: 'mw', width: 16 },
  { header: 'Transferencia en el límite T(c) (MW)', kind: 'mw', width: 20 },
  { header: 'Violación existente (T = 0)', kind: 'text', width: 30 },
  { header: 'Carga AC en el límite (%)', kind: 'percent', width: 14 },
  { header: 'Carga DC en el límite (%)', kind: 'percent', width: 14 },
  { header: 'Verificación AC', kind: 'text', width: 30 },
];

/**
 * The AC check at the constraint's limit (computed for each figure's limiting constraint and
 * the first of each level), in the three AC columns.
 */
function acCells(constraint: Constraint): ExportCell[] {
  const check = constraint.acCheck;
  if (check === undefined) return [null, null, 'Sin verificar'];
  if (!check.converged) return [null, check.dcLoadingPercent, 'El flujo AC no convergió'];
  return [
    finite(check.acLoadingPercent),
    finite(check.dcLoadingPercent),
    check.flagged ? 'Difiere más de 5 % del cálculo DC' : 'Coincide con el cálculo DC (±5 %)',
  ];
}

/**
 * Issue #21: say which condition is over its limit at T = 0 — the base case, or the one after
 * the contingency — with its loading, so the row agrees with 'Carga inicial (%)' (the N-0
 * loading of the monitored element, often well under 100 % when the violation is post-contingency).
 */
function violationText(constraint: Constraint): string {
  if (!constraint.preExistingViolation) return 'No';
  const loading = loadingPercent(constraint.flowAtZeroMw, constraint.limitMw);
  const where = constraint.contingency === null ? 'en la red completa' : 'tras la contingencia';
  return loading === null ? `Sí, ${where}` : `Sí, ${where}: ${numberText(loading, 1)} %`;
}

/** The study group and the figure of the table, for its metadata (results since issue #21). */
function figureMetadata(
  flexibility: Flexibility,
  figure: FlexibilityFigureName | undefined,
): [string, string][] {
  const group = flexibility.studyGroup;
  if (group === undefined || flexibility.figures === undefined) return [];
  return [
    ['Grupo de estudio', `${group.label} (${group.key}), ${group.units.length} unidades`],
    [
      'Cifra',
      figure === 'strict'
        ? 'Estricta: las violaciones existentes que la transferencia empeora la limitan'
        : 'Atribuible: las violaciones existentes no limitan la transferencia',
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
    sheetName: `Restricciones nivel ${level.level}`,
    title: `Restricciones del nivel ${level.level}`,
    metadata: [
      ...commonMetadata(caseName, generatedAt),
      ['Nivel', levelText(level)],
      ...figureMetadata(flexibility, input.figure),
      ['Tmax (MW)', numberText(flexibility.tmaxMw, 2)],
      ['FCITC (MW)', numberText(flexibility.fcitcMw, 2)],
    ],
    columns: constraintColumns,
    rows: constraints.map((constraint, index): ExportCell[] => [
      index + 1,
      constraint.monitored.name,
      constraint.contingency?.name ?? FULL_NETWORK,
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
    fileStem: `restricciones-${fileSlug(caseName)}-nivel-${level.level}`,
  };
}

/** A plant's output along the transfer (docs/analysis.md §5): P0 + T · participation. */
const dispatchAt = (plant: Plant, transferMw: number) =>
  plant.pInitialMw + transferMw * plant.participation;

export function constraintLabel(constraint: Constraint): string {
  return `${constraint.monitored.name} / ${constraint.contingency?.name ?? FULL_NETWORK}`;
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
    sheetName: `Generadores nivel ${level.level}`,
    title: `Análisis de Generadores: restricción ${constraint.id}, nivel ${level.level}`,
    metadata: [
      ...commonMetadata(caseName, generatedAt),
      ['Nivel', levelText(level)],
      ['Elemento Monitoreado', constraint.monitored.name],
      ['Elemento en Contingencia', constraint.contingency?.name ?? FULL_NETWORK],
      ['Transferencia en el límite T(c) (MW)', numberText(constraint.transferAtLimitMw, 2)],
      ...figureMetadata(flexibility, input.figure),
      ['Tmax (MW)', numberText(flexibility.tmaxMw, 2)],
    ],
    columns: [
      { header: 'Generador', kind: 'text', width: 30 },
      { header: 'Número de barra', kind: 'integer', width: 12 },
      { header: 'Sensibilidad (MW/MW)', kind: 'factor', width: 16 },
      { header: 'P0 (MW)', kind: 'mw', width: 12 },
      { header: `Despacho nivel ${level.level} (MW)`, kind: 'mw', width: 16 },
      { header: 'Despacho límite (MW)', kind: 'mw', width: 16 },
      { header: 'Despacho Tmax (MW)', kind: 'mw', width: 16 },
      { header: 'Pmax (MW)', kind: 'mw', width: 12 },
      { header: 'Unidades', kind: 'integer', width: 10 },
      { header: 'Efectividad (MW)', kind: 'mw', width: 14 },
      { header: 'Grupo de estudio', kind: 'text', width: 12 },
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
    fileStem: `generadores-${fileSlug(caseName)}-nivel-${level.level}-restriccion-${constraint.id}`,
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
  const cases = [...input.cases].sort(
    (a, b) =>
      a.capacity.busNumber - b.capacity.busNumber ||
      a.capacity.scenario.localeCompare(b.capacity.scenario, 'es') ||
      a.capacity.year - b.capacity.year ||
      a.caseName.localeCompare(b.caseName, 'es'),
  );
  const networks = [...new Set(cases.map(({ capacity }) => capacity.networkLabel))];
  return {
    sheetName: 'Capacidad de conexión',
    title: 'Capacidad de conexión en barras',
    metadata: [
      ['Barra', familyName ?? 'Todas las barras'],
      ['Red analizada', networks.join('; ')],
      ['Generado', `${generatedFormat.format(generatedAt)} (hora de Colombia)`],
      [
        'Nota',
        'Capacidades indicativas: cada valor supone una sola conexión nueva en esa barra; no son simultáneas ni aditivas.',
      ],
    ],
    columns: [
      { header: 'Número de barra', kind: 'integer', width: 12 },
      { header: 'Barra', kind: 'text', width: 28 },
      { header: 'Caso', kind: 'text', width: 22 },
      { header: 'Escenario', kind: 'text', width: 14 },
      { header: 'Año', kind: 'integer', width: 8 },
      { header: 'Capacidad (MW)', kind: 'mw', width: 14 },
      { header: 'Tope del estudio (MW)', kind: 'mw', width: 14 },
      { header: 'Elemento limitante', kind: 'text', width: 36 },
      { header: 'Contingencia', kind: 'text', width: 36 },
      { header: 'Factor de distribución (MW/MW)', kind: 'factor', width: 18 },
      { header: 'Límite del elemento (MW)', kind: 'mw', width: 16 },
      { header: 'Violación previa a la conexión', kind: 'text', width: 16 },
      { header: 'Condición', kind: 'text', width: 40 },
      { header: 'Proyectos en servicio', kind: 'text', width: 40 },
    ],
    rows: cases.map(({ caseName, capacity }): ExportCell[] => {
      const limiting = capacity.limiting;
      return [
        capacity.busNumber,
        capacity.busName,
        caseName,
        capacity.scenario,
        capacity.year,
        finite(capacity.capacityMw),
        finite(capacity.tmaxMw),
        limiting === null ? 'Ninguno: se alcanza el tope del estudio' : limiting.monitoredName,
        limiting === null ? null : (limiting.contingencyName ?? FULL_NETWORK),
        finite(limiting?.distributionFactor),
        finite(limiting?.limitMw),
        yesNo(limiting?.preExistingViolation ?? false),
        capacity.condition,
        capacity.projectsInService.join(', '),
      ];
    }),
    fileStem: `capacidad-conexion-${familyName === null ? 'todas-las-barras' : fileSlug(familyName)}`,
  };
}
