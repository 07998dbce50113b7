import {
  SAX_ID_TOKEN_STORAGE_KEY,
  progressStage,
  type JobStatus,
  type StudyDetail,
  type StudyFile,
  type StudyListItem,
} from '@holgura/contracts';
import { mockApi, tokenFor } from '../../render.test-support';

/** Test data of the studies screens, shaped by the contracts. */

const saxToken = tokenFor({ name: 'Ana Prueba', email: 'prueba@sax.co' });

/** A SAX-signed-in page whose API answers `routes` (and the session and config calls). */
export function signedIn(routes: Parameters<typeof mockApi>[0]) {
  window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: saxToken }));
  return mockApi({
    '/api/auth/get-session': { body: null },
    '/api/config': {
      body: {
        sax: { authority: 'x', clientId: 'y', policy: null, scopes: 'openid', local: true },
        maxUploadBytes: 10485760,
      },
    },
    ...routes,
  });
}

export const studyItem = (patch: Partial<StudyListItem> = {}): StudyListItem => ({
  studyId: 's1',
  name: 'Conexiones 2027',
  networkLabel: 'Red sintética ACTIVSg500',
  state: 'done',
  version: 1,
  resultsVersion: 1,
  jobId: 'j1',
  progressPercent: 100,
  stage: null,
  error: null,
  scenarios: 2,
  years: [2026, 2027],
  busbars: 3,
  baseCaseId: null,
  contingencySet: null,
  baseFileName: 'case_ACTIVSg500.m',
  createdAt: new Date(2026, 10, 20, 10, 0).toISOString(),
  updatedAt: new Date(2026, 10, 20, 10, 5).toISOString(),
  isDemo: false,
  ...patch,
});

export const demoItem = studyItem({
  studyId: 'demo',
  name: 'Estudio de demostración',
  networkLabel: 'Red sintética pública ACTIVSg2000',
  isDemo: true,
  jobId: null,
});

export const studyFile: StudyFile = {
  name: 'Conexiones 2027',
  description: '',
  networkLabel: 'Red sintética ACTIVSg500',
  years: [2026, 2027],
  areas: [{ id: 1, name: 'Área 1' }],
  growth: { 'Área 1': 0.015 },
  scenarios: [
    {
      name: 'alta',
      condition: 'Demanda alta',
      demandMultipliers: { 'Área 1': 1.04 },
      interchanges: [{ name: 'Exportación', bus: 7, mw: -150 }],
    },
    { name: 'baja', condition: 'Demanda baja', demandMultipliers: {}, interchanges: [] },
  ],
  projects: [
    {
      name: 'Segundo circuito 7–232',
      inServiceYear: 2027,
      branches: [
        {
          fromBus: 7,
          toBus: 232,
          circuit: '2',
          rPu: 0.001119,
          xPu: 0.014808,
          bPu: 0.31205,
          rateAMva: 1493.89,
          rateBMva: 0,
        },
      ],
      units: [],
    },
  ],
  busbars: [7, 14, 23],
  options: {
    tmaxMw: 2000,
    postContingencyRating: 'emergency',
    distributionFactorCutoff: 0.01,
    preExistingViolations: 'ignore',
    slack: 'distributed',
  },
};

export const studyDetail = (patch: Partial<StudyDetail> = {}): StudyDetail => ({
  ...studyItem(),
  description: '',
  study: studyFile,
  cases: [],
  ...patch,
});

export const jobStatus = (patch: Partial<JobStatus> = {}): JobStatus => ({
  jobId: 'j1',
  kind: 'study',
  caseId: null,
  studyId: 's1',
  state: 'running',
  progressPercent: 25,
  // As the server sends it: a code the screen words («Caso 1 de 4: alta_2026 (3 barras)»).
  stage: progressStage.studyCaseRunning(1, 4, 3, 'alta_2026'),
  error: null,
  attempts: 1,
  createdAt: '2026-11-20T10:00:00Z',
  startedAt: '2026-11-20T10:00:01Z',
  finishedAt: null,
  ...patch,
});

/** A small case's bus catalog: area 1 with buses of 345, 138 and 13.8 kV, area 2 with two. */
export const caseBuses = {
  buses: {
    number: [7, 14, 23, 232, 40, 41, 300, 301],
    name: [
      'SMYRNA 1',
      'COLUMBIA 11 0',
      'EASTOVER 2 1',
      'WINNSBORO 1',
      'CAMDEN',
      'CAYCE',
      'AIKEN',
      'Bogotá',
    ],
    baseKv: [345, 345, 345, 345, 138, 138, 13.8, 138],
    area: [1, 1, 1, 1, 1, 1, 2, 2],
    zone: [1, 1, 1, 1, 1, 1, 1, 1],
  },
  areas: [1, 2],
};

/** A `text/event-stream` answer whose job statuses the test sends as it goes. */
export function jobEvents() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send(status: JobStatus) {
      controller.enqueue(encoder.encode(`event: status\ndata: ${JSON.stringify(status)}\n\n`));
    },
    end: () => controller.close(),
  };
}
