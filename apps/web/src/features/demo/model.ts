import type { LegacyConstraintView, LegacyGeneratorView } from '@holgura/contracts';
import { loadBand as bandOfLoading, type LoadBand } from '../../utils/load-bands';

/**
 * Flows the demo needs beyond fullDataJSON (docs/analysis.md §7), when the API sends them: the N-0
 * flows at Tmax ('Aplicar Despacho Crítico') and the monitored element's post-contingency flow
 * at Tmax ('Aplicar Contingencia'). Absent: those values are shown as not available.
 */
export type DemoFlows = {
  criticalMonitoredMw: number | null;
  criticalContingencyMw: number | null;
  contingencyMonitoredMw: number | null;
};

export type DemoGenerator = LegacyGeneratorView & { capacidadMaximaMW: number };

export type DemoCase = {
  caseName: string;
  constraint: LegacyConstraintView;
  generators: DemoGenerator[];
  flows: DemoFlows;
};

export type DemoReadResult = { ok: true; demo: DemoCase } | { ok: false; error: string };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const noFlows: DemoFlows = {
  criticalMonitoredMw: null,
  criticalContingencyMw: null,
  contingencyMonitoredMw: null,
};

/** Reads the optional `demoFlows` member of the demo-case answer (numbers or null). */
export function readDemoFlows(raw: unknown): DemoFlows {
  if (!isRecord(raw)) return noFlows;
  const num = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : null;
  return {
    criticalMonitoredMw: num(raw.criticalMonitoredMw),
    criticalContingencyMw: num(raw.criticalContingencyMw),
    contingencyMonitoredMw: num(raw.contingencyMonitoredMw),
  };
}

/* ---------- The simulation state machine (docs/product.md §4, docs/analysis.md §7) ---------- */

export type Phase = 'intro' | 'processing' | 'ready';
export type SimState = 'initial' | 'overload' | 'contingency';

export type DemoState = {
  phase: Phase;
  sim: SimState;
  /** Manual dispatch by generator name (MW), contingency mode only. */
  manual: Record<string, number>;
};

export type DemoAction =
  | { type: 'drop' }
  | { type: 'processed' }
  | { type: 'applyCritical' }
  | { type: 'applyContingency' }
  | { type: 'setDispatch'; name: string; mw: number }
  | { type: 'reset' }
  | { type: 'restart' };

export const initialDemoState: DemoState = { phase: 'intro', sim: 'initial', manual: {} };

export function demoReducer(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case 'drop':
      return state.phase === 'intro' ? { ...state, phase: 'processing' } : state;
    case 'processed':
      return state.phase === 'processing' ? { ...state, phase: 'ready' } : state;
    case 'applyCritical':
      return state.phase === 'ready' && state.sim === 'initial'
        ? { ...state, sim: 'overload' }
        : state;
    case 'applyContingency':
      return state.phase === 'ready' && state.sim === 'overload'
        ? { ...state, sim: 'contingency', manual: {} }
        : state;
    case 'setDispatch':
      return state.sim === 'contingency'
        ? { ...state, manual: { ...state.manual, [action.name]: action.mw } }
        : state;
    case 'reset':
      return state.sim === 'contingency' ? { ...state, manual: {} } : state;
    case 'restart':
      return { ...state, sim: 'initial', manual: {} };
  }
}

/* ---------- What-if arithmetic ---------- */

/** The MaxLoad dispatch of a unit: its output at Tmax, else its initial output. */
export function maxLoadDispatch(generator: DemoGenerator): number | null {
  return generator.despachoMaximaSobrecarga ?? generator.potenciaInicial;
}

/** A unit's dispatch shown in each state; manual values apply in contingency only. */
export function dispatchOf(
  generator: DemoGenerator,
  sim: SimState,
  manual: Record<string, number>,
): number | null {
  if (sim === 'initial') return generator.potenciaInicial;
  if (sim === 'overload') return maxLoadDispatch(generator);
  return manual[generator.name] ?? maxLoadDispatch(generator);
}

/** Clamps a manual dispatch to [0, Pmax]. */
export function clampDispatch(generator: DemoGenerator, mw: number): number {
  return Math.min(generator.capacidadMaximaMW, Math.max(0, mw));
}

/**
 * docs/product.md: a manual adjustment moves the monitored flow by sensibilidad · ΔP, ΔP measured
 * from the MaxLoad dispatch.
 */
export function adjustmentEffect(
  generators: readonly DemoGenerator[],
  manual: Record<string, number>,
): number {
  let total = 0;
  for (const generator of generators) {
    const set = manual[generator.name];
    const base = maxLoadDispatch(generator);
    if (set === undefined || base === null) continue;
    total += generator.sensibilidad * (set - base);
  }
  return total;
}

export type ElementView = {
  flowMw: number | null;
  limitMw: number | null;
  outOfService: boolean;
};

/** The monitored and contingency elements in a state (docs/analysis.md §7). */
export function elementsIn(
  demo: DemoCase,
  sim: SimState,
  manual: Record<string, number>,
): { monitored: ElementView; contingency: ElementView } {
  const m = demo.constraint.monitoredFlow;
  const k = demo.constraint.contingencyFlow;
  const normalLimit = (flow: typeof m) => flow?.maxCapacity ?? null;
  if (sim === 'initial') {
    return {
      monitored: { flowMw: m?.initialFlowMw ?? null, limitMw: normalLimit(m), outOfService: false },
      contingency: {
        flowMw: k?.initialFlowMw ?? null,
        limitMw: normalLimit(k),
        outOfService: false,
      },
    };
  }
  if (sim === 'overload') {
    return {
      monitored: {
        flowMw: demo.flows.criticalMonitoredMw,
        limitMw: normalLimit(m),
        outOfService: false,
      },
      contingency: {
        flowMw: demo.flows.criticalContingencyMw,
        limitMw: normalLimit(k),
        outOfService: false,
      },
    };
  }
  const base = demo.flows.contingencyMonitoredMw;
  return {
    monitored: {
      flowMw: base === null ? null : base + adjustmentEffect(demo.generators, manual),
      // Spec §5 / docs/analysis.md §3: the emergency capacity after a real contingency when it is
      // given (non-zero), else the maximum capacity.
      limitMw: m?.emergencyCapacity ? m.emergencyCapacity : normalLimit(m),
      outOfService: false,
    },
    contingency: { flowMw: 0, limitMw: normalLimit(k), outOfService: true },
  };
}

/* ---------- Load status (docs/product.md §4) ---------- */

export type { LoadBand };

/** The band of a flow against its limit (the rule shared with /analisis). */
export function loadBand(flowMw: number, limitMw: number): LoadBand {
  return bandOfLoading((100 * Math.abs(flowMw)) / limitMw);
}
