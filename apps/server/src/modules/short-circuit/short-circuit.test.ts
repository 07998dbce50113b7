import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  apiErrorSchema,
  apiRoutes,
  errorMessages,
  shortCircuitResponseSchema,
} from '@holgura/contracts';
import { loadCase, shortCircuitStrength } from '@holgura/engine';
import { buildTestApp } from '../../app.test-support';
import { analysed, case30, signedIn } from '../uploads/uploads.test-support';

/**
 * Issue #31: a case's short-circuit strength through the API — equal to the engine's, refused
 * with the reason when the machine data cannot support a figure, the owner's case only.
 */
const path = (caseId: string, xd?: string) =>
  `${apiRoutes.caseShortCircuit.path({ caseId })}${xd === undefined ? '' : `?xd=${xd}`}`;

describe('GET /api/cases/{caseId}/short-circuit', () => {
  it('answers every bus as the engine does, refuses without data, and is the owner’s', async () => {
    const { server } = await buildTestApp();
    const planner = await signedIn(server, 'scc-planner');
    const { caseId } = await analysed(planner, case30, 'case30.m');

    // A MATPOWER case carries no machine impedances: the reason, and no figure.
    const none = await planner.get(path(caseId));
    expect(none.statusCode).toBe(422);
    const error = apiErrorSchema.parse(none.json()).error;
    expect(error.code).toBe('SHORT_CIRCUIT_UNAVAILABLE');
    expect(error.message).toBe(errorMessages.SHORT_CIRCUIT_UNAVAILABLE);

    const answer = await planner.get(path(caseId, '0.2'));
    expect(answer.statusCode, answer.body).toBe(200);
    const body = shortCircuitResponseSchema.parse(answer.json());
    expect(body).toMatchObject({ caseId, xdPu: 0.2, machines: { fromXd: 6 } });
    const { network } = await loadCase(new Uint8Array(case30));
    const engine = shortCircuitStrength(network, { xdPu: 0.2 });
    expect(body.buses).toHaveLength(30);
    body.buses.forEach((b, k) => {
      expect(b.bus).toBe(network.buses.number[k]);
      expect(b.sccMaxMva).toBe(engine.sccMaxMva[k]);
      expect(b.sccMinMva).toBe(engine.sccMinMva[k]);
      expect(b.weakGridMw).toBeCloseTo(b.sccMinMva / 3, 9);
      expect(b.minOutage?.branch ?? null).toBe(
        engine.minOutage[k]! < 0 ? null : engine.minOutage[k]! + 1,
      );
    });
    expect(body.buses.some((b) => b.minOutage !== null)).toBe(true);

    expect((await planner.get(path(caseId, '0'))).statusCode).toBe(400);
    const other = await signedIn(server, 'scc-other');
    expect((await other.get(path(caseId, '0.2'))).statusCode).toBe(404);
    await server.close();
  }, 60_000);

  it('reads a RAW file’s machine data, and names the export placeholder', async () => {
    const { server } = await buildTestApp();
    const planner = await signedIn(server, 'scc-raw');
    const real = await analysed(
      planner,
      readReference('unscored/pti/three_winding_test.raw'),
      'three_winding_test.raw',
    );
    const fromFile = await planner.get(path(real.caseId));
    expect(fromFile.statusCode, fromFile.body).toBe(200);
    expect(shortCircuitResponseSchema.parse(fromFile.json()).machines).toMatchObject({
      fromFile: 2,
      fromXd: 0,
    });
    const exported = await analysed(
      planner,
      readReference('unscored/pti/case30.raw'),
      'case30.raw',
    );
    const refused = await planner.get(path(exported.caseId));
    expect(refused.statusCode).toBe(422);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('SHORT_CIRCUIT_PLACEHOLDER');
    const given = await planner.get(path(exported.caseId, '0.25'));
    expect(shortCircuitResponseSchema.parse(given.json()).machines.fromXd).toBe(6);
    await server.close();
  }, 60_000);
});
