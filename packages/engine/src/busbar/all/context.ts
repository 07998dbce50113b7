import type { ReducedB } from '../../powerflow/reduced-b';
import type { BusbarSetup } from '../setup';
import type { DcModel } from '../../powerflow/dcpf';

/**
 * What the all-busbar kernels read, and nothing else: plain numbers and typed arrays, so the
 * same object can be handed to a worker thread (structured clone) and the kernels there run on
 * exactly the numbers they run on here.
 */
export interface AllBusbarsContext {
  readonly nl: number;
  readonly fromBus: Int32Array;
  readonly toBus: Int32Array;
  /** Branch susceptance of the DC model (0 for an inactive branch). */
  readonly branchB: Float64Array;
  /** B factored for sensitivities, with its bus ↔ reduced maps and scratch. */
  readonly reduced: ReducedB;
  /** Flows at T = 0 per branch, MW. */
  readonly baseFlowMw: Float64Array;
  /** Branch flows per MW withdrawn by the sink. */
  readonly sinkFlow: Float64Array;
  /** Monitored branch rows; per-monitored arrays below are in this order. */
  readonly monitored: Int32Array;
  readonly limitN0Mw: Float64Array;
  readonly limitPostMw: Float64Array;
  /** Non-islanding outages (branch rows). */
  readonly outages: Int32Array;
}

export function allBusbarsContext(setup: BusbarSetup, model: DcModel): AllBusbarsContext {
  const { ctx } = setup;
  const { fromBus, toBus, count } = model.net.branches;
  return {
    nl: count,
    fromBus: Int32Array.from(fromBus),
    toBus: Int32Array.from(toBus),
    branchB: model.bdc.b,
    reduced: model.sensitivity,
    baseFlowMw: ctx.baseFlowMw,
    sinkFlow: setup.sinkFlow,
    monitored: ctx.monitored,
    limitN0Mw: ctx.limitN0Mw,
    limitPostMw: ctx.limitPostMw,
    outages: ctx.outages,
  };
}
