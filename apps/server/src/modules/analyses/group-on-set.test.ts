import { describe, expect, it } from 'vitest';
import {
  analysisPaths,
  apiErrorSchema,
  caseAnalysesResponseSchema,
  createGroupAnalysisResponseSchema,
  groupAnalysisResponseSchema,
} from '@holgura/contracts';
import { analyseFlexibility, loadCase, readContingencyDefinitions } from '@holgura/engine';
import { buildTestApp, dialects } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { activsg200, planSet, putSet } from '../contingency-sets/contingency-sets.test-support';
import { analysed, signedIn, waitForJob } from '../uploads/uploads.test-support';

/**
 * Issue #30: a case's flexibility on its own contingency set, asked for as an analysis option
 * (`contingencies: 'case-set'`): refused without a set, equal to the engine on the set, its
 * contingencies of several elements named by the file's labels, and dropped when the set changes.
 */
const list = async (client: TestClient, caseId: string) =>
  caseAnalysesResponseSchema.parse((await client.get(analysisPaths.analyses(caseId))).json())
    .analyses;

describe.each(dialects)(
  'a case’s flexibility on its contingency set on %s (issue #30)',
  (dialect) => {
    it('runs on the set when asked, as the engine, and is dropped when the set changes', async () => {
      const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
      const planner = await signedIn(server, 'flex-set');
      const { caseId } = await analysed(planner, activsg200, 'case_ACTIVSg200.m');
      const onSet = { group: 'all', options: { contingencies: 'case-set' } };

      // No set yet: nothing to compute it on.
      const refused = await planner.post(analysisPaths.analyses(caseId), onSet);
      expect(refused.statusCode).toBe(409);
      expect(apiErrorSchema.parse(refused.json()).error.code).toBe('CASE_CONTINGENCY_SET_MISSING');

      const { net, text } = await planSet();
      expect((await putSet(planner, caseId, text)).statusCode).toBe(200);
      const created = await planner.post(analysisPaths.analyses(caseId), onSet);
      expect(created.statusCode, created.body).toBe(202);
      const run = createGroupAnalysisResponseSchema.parse(created.json());
      expect((await waitForJob(planner, run.jobId, 60_000)).state).toBe('done');
      const { flexibility } = groupAnalysisResponseSchema.parse(
        (await planner.get(analysisPaths.analysis(caseId, run.analysisId))).json(),
      );
      const set = readContingencyDefinitions(text, net, 'plan.m');
      expect(flexibility.options.contingencySet?.counts).toEqual(set.counts);
      const { network } = await loadCase(activsg200);
      const direct = analyseFlexibility(network, {
        group: { kind: 'all' },
        maxConstraints: 300,
        maxViolations: 200,
        contingencySet: { contingencies: set.contingencies, pickup: 'headroom' },
      });
      for (const figure of ['attributable', 'strict'] as const) {
        expect(flexibility.figures![figure].fcitcMw).toBeCloseTo(direct.figures[figure].fcitcMw, 6);
      }
      expect(flexibility.constraints).toHaveLength(direct.constraints.length);
      const bySet = flexibility.constraints.filter(
        (c) => c.contingency === null && c.setContingency,
      );
      expect(bySet.length).toBeGreaterThan(0);
      for (const c of bySet) expect(c.setContingency!.name).toMatch(/^Contingencia \d+: /);
      // The same group over every branch is another analysis.
      const plain = await planner.post(analysisPaths.analyses(caseId), { group: 'all' });
      expect(createGroupAnalysisResponseSchema.parse(plain.json()).analysisId).not.toBe(
        run.analysisId,
      );
      expect((await list(planner, caseId)).some((a) => a.analysisId === run.analysisId)).toBe(true);

      // Another set: the run on the old one goes; the one over every branch stays.
      const onlyBranches = text
        .split('\n')
        .filter((line) => !line.includes('CT_TGEN'))
        .join('\n');
      expect((await putSet(planner, caseId, onlyBranches, 'otro.m')).statusCode).toBe(200);
      const after = await list(planner, caseId);
      expect(after.some((a) => a.analysisId === run.analysisId)).toBe(false);
      expect((await planner.get(analysisPaths.analysis(caseId, run.analysisId))).statusCode).toBe(
        404,
      );
    });
  },
);
