import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  apiErrorSchema,
  caseDataSchema,
  jobStatusSchema,
  networkViewResponseSchema,
  uploadResponseSchema,
} from '@holgura/contracts';
import { loadCase, runDcPowerFlow } from '@holgura/engine';
import { buildTestApp, dialects } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';
import { buildNetworkView } from './network-view';
import { saveDemoStudyNetwork } from './network.repository';

const case9 = readReference('cases/case9.m');
const case30 = readReference('cases/case30.m');

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  expect((await client.post('/api/auth/sign-up/email', newAccount(who))).statusCode).toBe(200);
  return client;
}

async function analysed(client: TestClient, bytes: Buffer, name: string): Promise<string> {
  const response = await client.request({
    method: 'POST',
    url: '/api/casesCalculate/calculate',
    body: bytes,
    headers: { 'content-type': 'text/plain', 'x-file-name': encodeURIComponent(name) },
  });
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
    if (status.state === 'done') return caseId;
    if (status.state === 'failed') throw new Error(`job failed: ${status.error?.message}`);
    if (Date.now() > deadline) throw new Error('job still running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('buildNetworkView', () => {
  it('describes every bus, branch and generator with the base-case DC flows', async () => {
    const net = (await loadCase(case30)).network;
    const view = buildNetworkView(net);
    // case30's three areas: each a region of its own (issue #29), with each bus's area and load.
    expect(view.layout).toBe('areas');
    expect(view.buses.area).toEqual(Array.from(net.buses.area));
    expect(view.buses.loadMw?.reduce((sum, mw) => sum + mw, 0)).toBeCloseTo(189.2, 6);
    expect(view.areas).toBeUndefined();
    expect(view.buses.number).toHaveLength(30);
    expect(view.buses.x.every(Number.isFinite)).toBe(true);
    expect(view.branches.from).toHaveLength(net.branches.count);
    expect(view.generators.bus).toHaveLength(net.generators.count);
    const flows = runDcPowerFlow(net).pfMw;
    for (let k = 0; k < net.branches.count; k++) {
      expect(view.branches.flowMw[k]).toBeCloseTo(flows[k]!, 1);
      expect(view.branches.from[k]).toBe(net.buses.number[net.branches.fromBus[k]!]);
    }
    // Names follow docs/analysis.md §1, as the constraint tables print them.
    expect(view.branches.name[0]).toBe('1 (135 kV) – 2 (135 kV) ckt 1');
  });
});

describe('buildNetworkView of a PSS/E case', () => {
  it('names the areas the file names, and lays a one-area case out by force', async () => {
    const loaded = await loadCase(readReference('raw/ACTIVSg2000.RAW'));
    const view = buildNetworkView(loaded.network, { areaNames: loaded.areaNames });
    expect(view.layout).toBe('areas');
    expect(view.areas).toEqual({
      number: [1, 2, 3, 4, 5, 6, 7, 8],
      name: ['Far West', 'North', 'West', 'South', 'North Centra', 'South Centra', 'Coast', 'East'],
    });
    expect(buildNetworkView((await loadCase(case9)).network).layout).toBe('force');
  });
});

describe.each(dialects)('network routes on %s', (dialect) => {
  it('serves the stored network of an analysed case to its owner only', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'net-owner');
    const caseId = await analysed(ana, case9, 'case9.m');

    const response = await ana.get(`/api/cases/${caseId}/network`);
    expect(response.statusCode, response.body).toBe(200);
    const { network } = networkViewResponseSchema.parse(response.json());
    expect(network.buses.number).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Stored compressed with the result; a browser holding this version gets a bodiless 304.
    const zipped = await ana.get(`/api/cases/${caseId}/network`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(response.body);
    const again = await ana.get(`/api/cases/${caseId}/network`, {
      'if-none-match': String(zipped.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(network.branches.ratingMw).toHaveLength(9);
    // The flexibility constraints name branches by the same 1-based numbers.
    const data = caseDataSchema.parse((await ana.get(`/api/cases/${caseId}/data`)).json());
    for (const constraint of data.analysis!.flexibility!.constraints) {
      expect(network.branches.name[constraint.monitored.branch - 1]).toBe(
        constraint.monitored.name,
      );
    }

    const other = await signedIn(server, 'net-other');
    const hidden = await other.get(`/api/cases/${caseId}/network`);
    expect(hidden.statusCode).toBe(404);
    expect(apiErrorSchema.parse(hidden.json()).error.code).toBe('CASE_NETWORK_NOT_FOUND');

    const anonymous = new TestClient(server);
    expect((await anonymous.get(`/api/cases/${caseId}/network`)).statusCode).toBe(401);
    expect((await ana.get('/api/cases/no%20such/network')).statusCode).toBe(404);
  });

  it('says in Spanish when a case has no stored network', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'net-none');
    const response = await ana.get('/api/cases/missing-case/network');
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).error.message).toMatch(/vista de red/);
  });

  it('serves the demo study network once the demo loader stored it', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'net-demo');
    const before = await ana.get('/api/demo-study/network');
    expect(before.statusCode).toBe(404);
    expect(apiErrorSchema.parse(before.json()).error.code).toBe('DEMO_NETWORK_NOT_FOUND');

    await saveDemoStudyNetwork(db, buildNetworkView((await loadCase(case9)).network));
    const after = await ana.get('/api/demo-study/network');
    expect(after.statusCode).toBe(200);
    expect(networkViewResponseSchema.parse(after.json()).network.buses.number).toHaveLength(9);
    // The demo study's key is not a case: no case route reaches it.
    expect((await ana.get('/api/cases/system:demo-study/network')).statusCode).toBe(404);
  });

  it('gives a network stored without its ready answer one at the first read', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'net-legacy');
    await saveDemoStudyNetwork(db, buildNetworkView((await loadCase(case9)).network));
    await db.updateTable('case_networks').set({ network_gzip: null, network_etag: null }).execute();

    const plain = await ana.get('/api/demo-study/network');
    const zipped = await ana.get('/api/demo-study/network', { 'accept-encoding': 'gzip' });
    expect(zipped.statusCode).toBe(200);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    const row = await db
      .selectFrom('case_networks')
      .select('network_etag')
      .executeTakeFirstOrThrow();
    expect(`W/"${row.network_etag}"`).toBe(zipped.headers.etag);
  });

  it('replaces the positions with a companion coordinates CSV, owner only, with coded errors', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'net-coords');
    const caseId = await analysed(ana, case9, 'case9.m');
    const put = (client: TestClient, body: string, contentType = 'text/csv') =>
      client.request({
        method: 'PUT',
        url: `/api/cases/${caseId}/coordinates`,
        body,
        headers: { 'content-type': contentType },
      });

    const etagBefore = String((await ana.get(`/api/cases/${caseId}/network`)).headers.etag);
    const csv = 'barra;latitud;longitud\n1;4,60;-74,08\n2;6,25;-75,56\n3;3,45;-76,53\n';
    const response = await put(ana, csv);
    expect(response.statusCode, response.body).toBe(200);
    const { network } = networkViewResponseSchema.parse(response.json());
    expect(network.layout).toBe('geographic');
    // Only the positions change: the areas and loads the view filters by stay.
    expect(network.buses.area).toEqual(Array(9).fill(1));
    expect(network.buses.loadMw).toEqual([0, 0, 0, 0, 90, 0, 100, 0, 125]);
    // Bogotá (bus 1) is east of Medellín (bus 2) and north of Cali (bus 3).
    expect(network.buses.x[0]).toBeGreaterThan(network.buses.x[1]!);
    expect(network.buses.y[0]).toBeGreaterThan(network.buses.y[2]!);
    const stored = networkViewResponseSchema.parse(
      (await ana.get(`/api/cases/${caseId}/network`)).json(),
    ).network;
    expect(stored.buses.x).toEqual(network.buses.x);
    expect(stored.branches).toEqual(network.branches);
    // The compressed answer a browser gets follows the new positions, under a new tag.
    const zipped = await ana.get(`/api/cases/${caseId}/network`, {
      'accept-encoding': 'gzip',
      'if-none-match': etagBefore,
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers.etag).not.toBe(etagBefore);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as unknown;
    expect(networkViewResponseSchema.parse(unzipped).network.buses.x).toEqual(network.buses.x);

    const bad = await put(ana, '1,4.6,-74\n2,abc,-75\n');
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error).toEqual({
      code: 'PARSE_COORDINATES_FIELD_INVALID',
      message: 'El archivo de coordenadas tiene un valor inválido (línea 2, campo lat)',
    });
    const unknown = await put(ana, '99,4.6,-74\n');
    expect(apiErrorSchema.parse(unknown.json()).error.code).toBe('PARSE_COORDINATES_BUS_UNKNOWN');
    expect((await put(ana, '{}', 'application/json')).statusCode).toBe(415);
    expect((await put(ana, '1,4.6,-74\n'.repeat(250_000))).statusCode).toBe(413);

    const other = await signedIn(server, 'net-coords-other');
    expect((await put(other, csv)).statusCode).toBe(404);
    expect((await put(new TestClient(server), csv)).statusCode).toBe(401);
  });
});
