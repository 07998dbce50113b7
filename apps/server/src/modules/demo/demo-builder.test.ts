import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCase, networkAtTransfer, runDcPowerFlow } from '@holgura/engine';
import { analyseWithDefaultGroup } from '../analyses/analysis';
import { computeDemoFlows } from './demo-builder';

const demoNetwork = fs.readFileSync(
  fileURLToPath(new URL('../../../../../demo/networks/case_ACTIVSg200.m.xz', import.meta.url)),
);

describe('the /demo flows (docs/analysis.md §7)', () => {
  it('are DC power flows of the bundled demo network at Tmax, checked by brute force', async () => {
    const { network } = await loadCase(demoNetwork);
    const flows = computeDemoFlows(network);
    expect(flows).not.toBeNull();

    const flexibility = analyseWithDefaultGroup(network);
    const constraint = flexibility.levels
      .flatMap((level) => level.constraintIndices)
      .map((i) => flexibility.constraints[i]!)
      .find((c) => c.contingency !== null)!;
    const pattern = {
      unitParticipation: flexibility.extra.unitParticipation,
      loadSinkByBus: flexibility.extra.loadSinkByBus,
    };
    const m = constraint.monitored.branch;
    const k = constraint.contingency!.branch;
    const intact = runDcPowerFlow(networkAtTransfer(network, pattern, flexibility.tmaxMw)).pfMw;
    const outaged = runDcPowerFlow(networkAtTransfer(network, pattern, flexibility.tmaxMw, k)).pfMw;
    expect(flows!.criticalMonitoredMw, 'monitored N-0 flow at Tmax, MW').toBeCloseTo(intact[m]!, 6);
    expect(flows!.criticalContingencyMw, 'contingency N-0 flow at Tmax, MW').toBeCloseTo(
      intact[k]!,
      6,
    );
    expect(
      flows!.contingencyMonitoredMw,
      'monitored flow after the outage at Tmax, MW',
    ).toBeCloseTo(outaged[m]!, 6);
  });
});
