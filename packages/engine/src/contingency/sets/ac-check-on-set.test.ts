import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { busbarAcCheck } from '../../busbar/ac-check';
import { readMatpower } from '../../io/matpower/read-matpower';
import { busbarStudy } from '../../busbar/setup';
import { runAcPowerFlow } from '../../powerflow/acpf';
import { networkAtTransfer } from '../../transfer/dispatch';
import { busbarAcCheckOnSet } from './ac-check-on-set';
import { busbarCapacityOnSet } from './busbar-on-set';
import type { Contingency } from './contingency-set';

/**
 * Issue #30: the AC check of a capacity computed on a planner's set. With every branch alone it
 * is the product's AC check over every branch; with a double outage it is a Newton power flow
 * with both branches out at the limit dispatch.
 */
const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;
const everyBranch: Contingency[] = Array.from({ length: net.branches.count }, (_, k) => ({
  label: `R${k + 1}`,
  branches: [k],
  generators: [],
}));
const buses = [0, 17, 60, 121, 180];

describe('busbarAcCheckOnSet on ACTIVSg200', () => {
  it.each(buses)('bus slot %i: every branch alone gives the AC check over every branch', (bus) => {
    const onSet = busbarAcCheckOnSet(net, bus, everyBranch, { preExisting: 'ignore' });
    const direct = busbarAcCheck(net, bus, { preExisting: 'ignore' });
    expect(onSet.capacityMw).toBeCloseTo(direct.capacityMw, 6);
    expect(onSet.limiting?.monitored ?? null).toBe(direct.limiting?.monitored ?? null);
    if (direct.acCheck === null) {
      expect(onSet.acCheck).toBeNull();
      return;
    }
    expect(onSet.acCheck!.converged).toBe(direct.acCheck.converged);
    expect(onSet.acCheck!.acFlowMva).toBeCloseTo(direct.acCheck.acFlowMva, 6);
    expect(onSet.acCheck!.dcLoadingPercent).toBeCloseTo(100, 6);
  });

  it('checks a double outage at the limit dispatch with both branches out', () => {
    // Doubles at the branch that limits a bus, so that one of them limits it again.
    const bus = Array.from({ length: net.buses.count }, (_, b) => b).find(
      (b) =>
        (busbarCapacityOnSet(net, b, everyBranch, { preExisting: 'ignore' }).limiting
          ?.contingency ?? -1) >= 0,
    )!;
    const first = busbarCapacityOnSet(net, bus, everyBranch, { preExisting: 'ignore' });
    const k = everyBranch[first.limiting!.contingency]!.branches[0]!;
    const doubles: Contingency[] = [];
    for (let j = 0; j < net.branches.count; j++) {
      if (j !== k) doubles.push({ label: `D${j}`, branches: [k, j], generators: [] });
    }
    const checked = busbarAcCheckOnSet(net, bus, doubles, { preExisting: 'ignore' });
    const limiting = checked.limiting!;
    expect(limiting.contingency).toBeGreaterThanOrEqual(0);
    const c = doubles[limiting.contingency]!;
    // The same case built by hand: the file's dispatch at the transfer, both branches out.
    const { setup } = busbarStudy(net, { buses: [bus] });
    const atLimit = networkAtTransfer(
      net,
      {
        unitParticipation: setup.unitParticipation,
        loadSinkByBus: setup.loadSinkByBus,
        newUnitBus: bus,
      },
      limiting.transferAtLimitMw,
    );
    const inService = Uint8Array.from(atLimit.branches.inService);
    for (const b of c.branches) inService[b] = 0;
    const ac = runAcPowerFlow({ ...atLimit, branches: { ...atLimit.branches, inService } });
    const m = limiting.monitored;
    const mva = Math.max(
      Math.hypot(ac.pfMw[m]!, ac.qfMvar[m]!),
      Math.hypot(ac.ptMw[m]!, ac.qtMvar[m]!),
    );
    expect(checked.acCheck!.converged).toBe(true);
    expect(checked.acCheck!.acFlowMva).toBeCloseTo(mva, 9);
    expect(checked.acCheck!.dcLoadingPercent).toBeCloseTo(100, 6);
  });
});
