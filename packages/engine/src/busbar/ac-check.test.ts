import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { runAcPowerFlow } from '../powerflow/acpf';
import { networkAtTransfer } from '../transfer/dispatch';
import { busbarAcCheck } from './ac-check';
import { busbarCapacity } from './capacity';

const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

describe('busbarAcCheck', () => {
  it('checks a bus at its capacity: the DC limit is on the limit, the AC flow an independent solve', () => {
    const all = busbarCapacity(net, { top: 1 });
    const bus = all.results.find((b) => b.limiting !== null && b.capacityMw > 0)!;
    const check = busbarAcCheck(net, bus.bus);
    expect(check.capacityMw).toBe(bus.capacityMw);
    expect(check.limiting).toMatchObject({
      monitored: bus.limiting!.monitored,
      contingency: bus.limiting!.contingency,
    });
    expect(check.acCheck!.dcLoadingPercent).toBeCloseTo(100, 6);
    // The AC case is the file's own dispatch moved by the same transfer.
    const pattern = {
      unitParticipation: all.unitParticipation,
      loadSinkByBus: all.loadSinkByBus,
      newUnitBus: bus.bus,
    };
    const ac = runAcPowerFlow(
      networkAtTransfer(net, pattern, bus.capacityMw, bus.limiting!.contingency),
    );
    const m = bus.limiting!.monitored;
    expect(check.acCheck!.acFlowMva).toBeCloseTo(
      Math.max(Math.hypot(ac.pfMw[m]!, ac.qfMvar[m]!), Math.hypot(ac.ptMw[m]!, ac.qtMvar[m]!)),
      9,
    );
  });

  it('has nothing to check where the cap binds first', () => {
    const all = busbarCapacity(net, { top: 1, capMw: 1 });
    const bus = all.results.find((b) => b.limiting === null)!;
    expect(busbarAcCheck(net, bus.bus, { capMw: 1 })).toEqual({
      capacityMw: 1,
      limiting: null,
      acCheck: null,
    });
  });
});
