import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { runAcPowerFlow } from '../powerflow/acpf';
import { analyseFlexibility } from '../flexibility/analyse';
import { acCheckAtTransfer } from './ac-check';
import { networkAtTransfer } from './dispatch';

const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

describe('acCheckAtTransfer', () => {
  const flex = analyseFlexibility(net);
  const pattern = {
    unitParticipation: flex.extra.unitParticipation,
    loadSinkByBus: flex.extra.loadSinkByBus,
  };

  it('reports the MVA an independent AC power flow gives at the limit dispatch', () => {
    const c = flex.constraints[0]!;
    const check = acCheckAtTransfer(net, pattern, c.transferAtLimitMw, {
      monitored: c.monitored.branch,
      contingency: c.contingency?.branch ?? -1,
      limitMw: c.limitMw,
      dcFlowMw: c.flowAtZeroMw + c.distributionFactor * c.transferAtLimitMw,
    });
    expect(check.converged).toBe(true);
    const ac = runAcPowerFlow(
      networkAtTransfer(net, pattern, c.transferAtLimitMw, c.contingency?.branch ?? -1),
    );
    const m = c.monitored.branch;
    const expected = Math.max(
      Math.hypot(ac.pfMw[m]!, ac.qfMvar[m]!),
      Math.hypot(ac.ptMw[m]!, ac.qtMvar[m]!),
    );
    expect(check.acFlowMva, 'ACTIVSg200 first constraint, MVA').toBeCloseTo(expected, 9);
    // At T(c) the DC flow sits on the limit.
    expect(check.dcLoadingPercent, 'ACTIVSg200 first constraint, DC %').toBeCloseTo(100, 6);
    expect(check.flagged).toBe(Math.abs(check.acLoadingPercent - check.dcLoadingPercent) > 5);
  });
});
