import type { ConstraintGeneratorsResponse } from '@holgura/contracts';
import type { NetworkFocus } from '../../../lib/network-slot';
import { constraintState, type ConstraintFacts, type ViewMode } from './model';

/** Generators highlighted on the network: the few that move the constraint's flow the most. */
export const NETWORK_TOP_GENERATORS = 5;

/**
 * What the network view highlights for the selected constraint (issue #9 item 2), in the
 * condition the constraint panel shows: the monitored flow there (the what-if of dragged
 * markers included in the limit view), the contingency out of service in the limit view, and
 * the plants with the largest |sensitivity| (from the constraint's generators part; none until
 * it has arrived).
 */
export function networkFocus(
  constraint: ConstraintFacts | null,
  generators: ConstraintGeneratorsResponse | null,
  mode: ViewMode,
  whatIfMw: number,
): NetworkFocus | null {
  if (constraint === null) return null;
  const state = constraintState(constraint, mode, mode === 'limite' ? whatIfMw : 0);
  const top = [...(generators?.generators ?? [])]
    .sort((a, b) => Math.abs(b.sensitivity) - Math.abs(a.sensitivity) || a.plant - b.plant)
    .map((plant) => ({
      busNumber: plant.busNumber,
      name: plant.name,
      sensitivity: plant.sensitivity,
    }))
    // Two plants never share a bus (a plant is the machines at one bus), but stay safe.
    .filter((g, i, all) => all.findIndex((other) => other.busNumber === g.busNumber) === i)
    .slice(0, NETWORK_TOP_GENERATORS);
  return {
    monitored: {
      branch: constraint.monitored.branch,
      name: constraint.monitored.name,
      flowMw: state.monitored.flowMw,
      limitMw: state.monitored.limitMw,
    },
    contingency:
      constraint.contingency === null || state.contingency === null
        ? null
        : {
            branch: constraint.contingency.branch,
            name: state.contingency.name,
            outOfService: state.contingency.outOfService,
          },
    ...(constraint.contingency === null && state.contingencyName !== null
      ? { setContingency: state.contingencyName }
      : {}),
    generators: top,
  };
}
