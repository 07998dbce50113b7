import type { Network } from '../model/network';
import { runAcPowerFlow, type AcPowerFlow } from '../powerflow/acpf';
import type { TransferPattern } from './dispatch';
import { networkAtTransfer } from './dispatch';

export interface AcCheck {
  readonly converged: boolean;
  readonly iterations: number;
  /** Apparent power on the monitored branch, the larger of its two ends, MVA. */
  readonly acFlowMva: number;
  /** AC MVA over the limit, %. */
  readonly acLoadingPercent: number;
  /** DC |flow| over the limit at the same dispatch, % (100 at T(c) by construction). */
  readonly dcLoadingPercent: number;
  /** AC and DC loadings differ by more than 5 % of the DC figure. */
  readonly flagged: boolean;
}

/** Relative AC-versus-DC difference above which a constraint is flagged (issue 4 item 6). */
export const AC_DC_FLAG_RATIO = 0.05;

/**
 * The AC check of a DC limit (issue 4 item 6): a full Newton power flow of the dispatch at the
 * transfer `transferMw`, with the contingency branch out, and the monitored branch's MVA against
 * its limit. DC ignores losses, reactive flows and voltages; this says by how much that matters
 * at the constraint that sets the figure.
 */
export function acCheckAtTransfer(
  net: Network,
  pattern: TransferPattern,
  transferMw: number,
  constraint: { monitored: number; contingency: number; limitMw: number; dcFlowMw: number },
): AcCheck {
  const atLimit = networkAtTransfer(net, pattern, transferMw, constraint.contingency);
  const ac = runAcPowerFlow(atLimit);
  const m = constraint.monitored;
  return acCheckOf(ac, branchMva(ac, m), constraint.limitMw, constraint.dcFlowMw);
}

/** The larger of a branch's two ends' apparent power in an AC power flow, MVA. */
export function branchMva(ac: AcPowerFlow, m: number): number {
  return Math.max(Math.hypot(ac.pfMw[m], ac.qfMvar[m]), Math.hypot(ac.ptMw[m], ac.qtMvar[m]));
}

/**
 * An AC power flow's verdict on a DC limit: the AC flow (NaN when it did not converge) and the
 * DC one against the same limit, flagged when they part by more than AC_DC_FLAG_RATIO.
 */
export function acCheckOf(
  ac: Pick<AcPowerFlow, 'converged' | 'iterations'>,
  acFlow: number,
  limit: number,
  dcFlowMw: number,
): AcCheck {
  const acFlowMva = ac.converged ? acFlow : Number.NaN;
  const acLoadingPercent = (100 * acFlowMva) / limit;
  const dcLoadingPercent = (100 * Math.abs(dcFlowMw)) / limit;
  return {
    converged: ac.converged,
    iterations: ac.iterations,
    acFlowMva,
    acLoadingPercent,
    dcLoadingPercent,
    flagged:
      !ac.converged ||
      Math.abs(acLoadingPercent - dcLoadingPercent) > AC_DC_FLAG_RATIO * dcLoadingPercent,
  };
}
