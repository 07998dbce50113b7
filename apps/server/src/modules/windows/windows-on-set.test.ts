import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  windowDetailResponseSchema,
  windowPaths,
  type WindowDetailResponse,
} from '@holgura/contracts';
import { allocateWindow, loadCase, readContingencyDefinitions } from '@holgura/engine';
import { buildTestApp, dialects } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { activsg200, planSet, putSet } from '../contingency-sets/contingency-sets.test-support';
import { analysed, signedIn, waitForJob } from '../uploads/uploads.test-support';

/**
 * Issue #30: a connection window on the case's own contingency set (`contingencies: 'case-set'`):
 * refused without a set, equal to the engine on the set, bindings named by the file's labels,
 * and the set kept with the window (a later change of the case's set does not touch it).
 */
const requests = [10, 25, 47, 60, 88, 105, 130, 160, 177, 195].map((bus, i) => ({
  id: `S${i + 1}`,
  bus,
  mw: 150,
  priority: i + 1,
}));
// The units' output as the sink: the default's room (201 MW on this case) would bind first.
const options = { contingencies: 'case-set', sink: 'initial-output' } as const;

async function done(client: TestClient, windowId: string, jobId: string) {
  const status = await waitForJob(client, jobId, 90_000);
  expect(status.state, JSON.stringify(status)).toBe('done');
  return windowDetailResponseSchema.parse((await client.get(windowPaths.one(windowId))).json());
}

describe.each(dialects)('a connection window on the case’s contingencies on %s', (dialect) => {
  it('runs on the set as the engine does, names its contingencies and keeps it', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const planner = await signedIn(server, 'window-set');
    const { caseId } = await analysed(planner, activsg200, 'case_ACTIVSg200.m');
    const body = { caseId, name: 'Ventana N-2', requests, options };

    const refused = await planner.post(windowPaths.list(), body);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('WINDOW_CONTINGENCY_SET_MISSING');

    const { net, text } = await planSet();
    expect((await putSet(planner, caseId, text)).statusCode).toBe(200);
    const created = await planner.post(windowPaths.list(), body);
    expect(created.statusCode, created.body).toBe(202);
    const { windowId, jobId } = created.json() as { windowId: string; jobId: string };
    const window: WindowDetailResponse = await done(planner, windowId, jobId);
    expect(window.options.contingencies).toBe('case-set');
    const result = window.result!;
    const set = readContingencyDefinitions(text, net, 'plan.m');
    expect(result.contingencySet).toMatchObject({
      fileName: 'plan.m',
      format: 'contab',
      counts: set.counts,
      interfacesNotWatched: 0,
    });
    expect(result.contingencySet!.notScreened).toHaveLength(1);

    const { network } = await loadCase(activsg200);
    const max = result.rules.max;
    if (!max.ok) throw new Error('max failed');
    const direct = await allocateWindow(network, requests, {
      rule: 'max',
      preExisting: 'ignore',
      postRating: 'emergency',
      distributionFactorCutoff: 0,
      slack: 'distributed',
      sink: 'initial-output',
      contingencySet: { contingencies: set.contingencies, pickup: 'headroom' },
    });
    expect(max.totalAwardedMw).toBeCloseTo(direct.totalAwardedMw, 6);
    const named = max.awards.flatMap((a) => a.binding).filter((b) => b.setContingency);
    expect(named.length).toBeGreaterThan(0);
    for (const b of named) {
      expect(b.contingencyName).toBe(b.setContingency!.name);
      expect(b.setContingency!.name).toMatch(/^Contingencia \d+: /);
    }
    // A double circuit or a unit has no branch row: named by the file, never read as N-0.
    const several = named.filter((b) => b.contingency === null);
    expect(several.length).toBeGreaterThan(0);
    for (const b of several) {
      const c = set.contingencies.find((x) => x.label === b.setContingency!.label)!;
      expect(c.branches.length !== 1 || c.generators.length > 0).toBe(true);
    }

    // Another set on the case: the window keeps its own, and a withdrawal from it too.
    const onlyBranches = text
      .split('\n')
      .filter((line) => !line.includes('CT_TGEN'))
      .join('\n');
    expect((await putSet(planner, caseId, onlyBranches, 'otro.m')).statusCode).toBe(200);
    const withdrawn = await planner.post(windowPaths.withdraw(windowId), {
      requestIds: ['S1'],
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(202);
    const next = withdrawn.json() as { windowId: string; jobId: string };
    const after = await done(planner, next.windowId, next.jobId);
    expect(after.result!.contingencySet).toMatchObject({ fileName: 'plan.m', counts: set.counts });
    const again = await done(planner, windowId, jobId);
    expect(again.result!.rules.max.ok && again.result!.rules.max.totalAwardedMw).toBeCloseTo(
      max.totalAwardedMw,
      9,
    );
  }, 180_000);
});
