import type {
  Constraint,
  ConstraintGeneratorsResponse,
  LevelSummary,
  Plant,
} from '@holgura/contracts';
import { contingencyNameOf } from '@holgura/contracts';
import type { GeneratorBar, SortDirection } from '../../../components/charts/generator-bars';

/** Spec §9: generators with |sensibilidad| below this are not listed. */
export const SENSITIVITY_THRESHOLD = 0.01;

export type ViewMode = 'original' | 'limite';

export type FlexibilityBand = 'green' | 'yellow' | 'orange' | 'redOrange' | 'red';

/** Spec §9: ≥80 green, ≥60 yellow, ≥40 orange, ≥20 red-orange, else red. */
export function flexibilityBand(percent: number): FlexibilityBand {
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'yellow';
  if (percent >= 40) return 'orange';
  if (percent >= 20) return 'redOrange';
  return 'red';
}

export const flexibilityBandClasses: Record<FlexibilityBand, { stroke: string; text: string }> = {
  green: { stroke: 'stroke-green-600', text: 'text-green-800' },
  yellow: { stroke: 'stroke-yellow-400', text: 'text-yellow-800' },
  orange: { stroke: 'stroke-orange-500', text: 'text-orange-800' },
  redOrange: { stroke: 'stroke-red-500', text: 'text-red-700' },
  red: { stroke: 'stroke-red-800', text: 'text-red-900' },
};

/** A plant's output along the transfer (docs/analysis.md §5): P0 + T · participation. */
export function dispatchAt(plant: Plant, transferMw: number): number {
  return plant.pInitialMw + transferMw * plant.participation;
}

/** Spec §3 'Generator view', derived for one constraint at one level. */
export type GeneratorView = {
  plantId: number;
  name: string;
  /** d(flow)/d(P), as a fraction (0.1234 → 12,34 %). */
  sensibilidad: number;
  potenciaInicial: number;
  capacidadMaximaMW: number;
  unidadesEnParalelo: number;
  /** At the selected level T(ℓ). */
  despachoSobrecarga: number;
  /** At the constraint's limit T(c). */
  despachoInicioSobrecarga: number;
  /** At Tmax. */
  despachoMaximaSobrecarga: number;
  servicioSobrecarga: boolean;
  servicioMaximaSobrecarga: boolean;
  /** MW: sensibilidad · (Pmax − P0). */
  efectividad: number;
};

/**
 * The generator views of a constraint at a level, from its generators part (GET
 * …/result/constraints/{id}/generators): each plant's sensitivity and its outputs at T = 0, at
 * the constraint's limit T(c), at the level T(ℓ) and at Tmax.
 */
export function generatorViews(
  part: ConstraintGeneratorsResponse,
  levelTransferMw: number,
): GeneratorView[] {
  const views: GeneratorView[] = [];
  for (const plant of part.generators) {
    if (Math.abs(plant.sensitivity) < SENSITIVITY_THRESHOLD) continue;
    const atLevel = plant.pInitialMw + levelTransferMw * plant.participation;
    const atMax = plant.dispatchAtTmaxMw;
    views.push({
      plantId: plant.plant,
      name: plant.name,
      sensibilidad: plant.sensitivity,
      potenciaInicial: plant.pInitialMw,
      capacidadMaximaMW: plant.pMaxMw,
      unidadesEnParalelo: plant.unitsInParallel,
      despachoSobrecarga: atLevel,
      despachoInicioSobrecarga: plant.dispatchAtLimitMw,
      despachoMaximaSobrecarga: atMax,
      servicioSobrecarga: atLevel > 0,
      servicioMaximaSobrecarga: atMax > 0,
      efectividad: plant.sensitivity * (plant.pMaxMw - plant.pInitialMw),
    });
  }
  return views;
}

/** The chart's bars: P0 in the original view, the dispatch at the limit T(c) in 'limite'. */
export type AnalysisBar = GeneratorBar & { view: GeneratorView };

export function generatorBars(rows: GeneratorView[], mode: ViewMode): AnalysisBar[] {
  return rows.map((view) => ({
    id: view.plantId,
    name: view.name,
    sensitivity: view.sensibilidad,
    maxMw: view.capacidadMaximaMW,
    dispatchMw: mode === 'limite' ? view.despachoInicioSobrecarga : view.potenciaInicial,
    view,
  }));
}

/** Spec §4: effectiveness sorts by absolute value. */
export function sortEffectiveness(rows: GeneratorView[], direction: SortDirection) {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * (Math.abs(a.efectividad) - Math.abs(b.efectividad)) || a.plantId - b.plantId,
  );
}

/** A constraint as the screen reads it: its summary, without the per-plant sensitivities. */
export type ConstraintFacts = Omit<Constraint, 'sensitivities'>;

/**
 * A constraint's (or a pre-existing violation's) contingency by name (issue #30: a set's of
 * several elements or of a unit has no branch and must not read as the base case); null: N-0.
 */
export const contingencyName = contingencyNameOf;

/**
 * Spec §4: on a level change the first constraint of the level is selected unless the current
 * one is still in it. A level's constraints are those of the figure whose transfer at the limit
 * is within the level's transfer, T(c) ≤ T(ℓ) (docs/analysis.md §5), so whether the selected one
 * stays is known without reading the level's pages: it was picked from a level of the same
 * figure (the view is rebuilt when the figure changes), whose other condition it meets.
 */
export function stillInLevel(
  constraint: Pick<Constraint, 'transferAtLimitMw'> | null,
  level: Pick<LevelSummary, 'transferMw' | 'constraintCount'> | undefined,
): boolean {
  if (constraint === null || level === undefined || level.constraintCount === 0) return false;
  return constraint.transferAtLimitMw <= level.transferMw;
}

/** Manual dispatch (MW) per plant id, set by dragging a marker in the 'limite' view. */
export type ManualDispatch = Readonly<Record<number, number>>;

/** What-if (docs/analysis.md §5): Σ sensibilidad · ΔP over the manually moved plants. */
export function whatIfDeltaMw(rows: GeneratorView[], manual: ManualDispatch): number {
  let delta = 0;
  for (const row of rows) {
    const value = manual[row.plantId];
    if (value === undefined) continue;
    delta += row.sensibilidad * (value - row.despachoInicioSobrecarga);
  }
  return delta;
}

export type ElementState = {
  name: string;
  flowMw: number;
  limitMw: number;
  outOfService: boolean;
};

export type ConstraintState = {
  monitored: ElementState;
  /**
   * 'original' with a real contingency: the monitored element after the contingency, still at
   * T = 0, against the limit that applies then (issue #21: a constraint violated after its
   * contingency must not read 46 % 'Normal'). null otherwise.
   */
  monitoredAfterContingency: ElementState | null;
  /** The contingency's branch (named as the planner names it); null: none (N-0, or a set's). */
  contingency: ElementState | null;
  /** The contingency's name (the set's, else the branch's); null only for the N-0 case. */
  contingencyName: string | null;
};

/**
 * The constraint panel's two elements. 'original': flows at T = 0 against RATE_A.
 * 'limite': the monitored element's post-contingency flow at T(c) (= ±limit) plus the what-if
 * delta, against the applicable limit; the contingency element out of service.
 */
export function constraintState(
  constraint: ConstraintFacts,
  mode: ViewMode,
  whatIfMw = 0,
): ConstraintState {
  const { monitored, contingency } = constraint;
  const name = contingencyName(constraint);
  if (mode === 'original') {
    return {
      monitored: {
        name: monitored.name,
        flowMw: monitored.initialFlowMw,
        limitMw: monitored.maxCapacityMva,
        outOfService: false,
      },
      // A set's contingency without a branch still has its post-contingency flow and limit.
      monitoredAfterContingency:
        name === null
          ? null
          : {
              name: monitored.name,
              flowMw: constraint.flowAtZeroMw,
              limitMw: constraint.limitMw,
              outOfService: false,
            },
      contingency:
        contingency === null
          ? null
          : {
              name: name ?? contingency.name,
              flowMw: contingency.initialFlowMw,
              limitMw: contingency.maxCapacityMva,
              outOfService: false,
            },
      contingencyName: name,
    };
  }
  return {
    monitored: {
      name: monitored.name,
      flowMw:
        constraint.flowAtZeroMw +
        constraint.distributionFactor * constraint.transferAtLimitMw +
        whatIfMw,
      limitMw: constraint.limitMw,
      outOfService: false,
    },
    monitoredAfterContingency: null,
    contingency:
      contingency === null
        ? null
        : {
            name: name ?? contingency.name,
            flowMw: 0,
            limitMw: contingency.maxCapacityMva,
            outOfService: true,
          },
    contingencyName: name,
  };
}

/** |flow| / limit in %, null when there is no limit to compare with. */
export function loadingPercent(flowMw: number, limitMw: number): number | null {
  if (!(limitMw > 0)) return null;
  return (Math.abs(flowMw) / limitMw) * 100;
}

/**
 * The loading of a constraint in the condition it is checked in, at T = 0: after its
 * contingency (or in the base case), |flowAtZero| / limit in %; null without a limit.
 */
export function constraintLoadingAtZero(constraint: ConstraintFacts): number | null {
  return loadingPercent(constraint.flowAtZeroMw, constraint.limitMw);
}

/**
 * Issue #25: the result opens on the constraint that sets the figure's FCITC. Its T(c) is the
 * smallest of the figure's constraints, so it is in every level with constraints; the first
 * such level whose transfer reaches it holds it with the fewest others. null: no binding
 * constraint (Tmax is reached first), or no level holds it.
 */
export function bindingLevel(
  levels: readonly Pick<LevelSummary, 'level' | 'transferMw' | 'constraintCount'>[],
  binding: Pick<Constraint, 'transferAtLimitMw'> | null,
): number | null {
  if (binding === null) return null;
  const found = levels.find(
    (level) => level.constraintCount > 0 && binding.transferAtLimitMw <= level.transferMw + 1e-6,
  );
  return found?.level ?? null;
}
