import {
  AC_PRE_EXISTING_ITEMS,
  type AcCapacityResult,
  type AcViolationResult,
} from '@holgura/contracts';
import type { AcCapacity, AcViolation } from '@holgura/engine';

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

function toViolation(v: AcViolation): AcViolationResult {
  return {
    variable: v.variable,
    elementName: v.elementName,
    contingencyName: v.contingencyName,
    value: finiteOrNull(v.value),
    limit: finiteOrNull(v.limit),
    unit: v.unit,
  };
}

/** The engine's AC-verified capacity as the API carries it (contracts' acCapacitySchema). */
export function toAcCapacityResult(result: AcCapacity): AcCapacityResult {
  return {
    dcMw: result.dcMw,
    acMw: result.acMw,
    limitingVariable: result.limitingVariable,
    acLimiting: result.acLimiting === null ? null : toViolation(result.acLimiting),
    // The engine lists N-0 as −1 among them.
    checkedContingencies: result.checkedContingencies.filter((c) => c >= 0).length,
    preExisting: {
      count: result.preExisting.length,
      items: result.preExisting.slice(0, AC_PRE_EXISTING_ITEMS).map(toViolation),
    },
    powerFlows: result.powerFlows,
  };
}
