import {
  DEFAULT_WINDOW_OPTIONS,
  SAX_ID_TOKEN_STORAGE_KEY,
  type ContingencyCounts,
  type ContingencySetResponse,
  type JobStatus,
  type StudyListItem,
  type WindowBindingView,
  type WindowDetailResponse,
  type WindowResultView,
  type WindowSummary,
} from '@holgura/contracts';
import { mockApi, tokenFor } from '../../render.test-support';

/** Test data of /ventanas, shaped by the contracts (figures from case30 and four requests). */

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

export const windowSummary = (patch: Partial<WindowSummary> = {}): WindowSummary => ({
  windowId: 'w1',
  name: 'Ventana 2027',
  caseId: 'c1',
  caseName: 'case30.m',
  requestCount: 4,
  requestedMw: 210,
  options: { ...DEFAULT_WINDOW_OPTIONS },
  state: 'done',
  jobId: 'j1',
  progressPercent: 100,
  stage: null,
  error: null,
  totals: { order: 66.79876, max: 118.51998, fair: 71.84215 },
  withdrawal: null,
  createdAt: new Date(2026, 10, 20, 10, 5).toISOString(),
  ...patch,
});

/** B6-B8 after the outage of B6-B28, limit 32 MW: it holds back every partial request. */
export const b6b8 = (shadowPrice: number, distributionFactor = 0.12): WindowBindingView => ({
  kind: 'constraint',
  monitored: 10,
  monitoredName: 'B6-B8',
  contingency: 41,
  contingencyName: 'B6-B28',
  limitMw: 32,
  distributionFactor,
  shadowPrice,
});

const stats = {
  screens: 1,
  rows: 13,
  lpSolves: 2,
  seconds: 0.7,
  violatedAtEnd: 0,
  worstExcessMw: 0,
  settledAtFailedLevel: 0,
};

export const windowResult = (patch: Partial<WindowResultView> = {}): WindowResultView => ({
  requests: [
    {
      id: 'R1',
      bus: 2,
      busName: 'B2',
      baseKv: 230,
      requestedMw: 60,
      minMw: 0,
      priority: 2,
      rank: 2,
      name: 'Solar Uno',
      technology: 'Solar',
      company: null,
      standaloneMw: 60,
    },
    {
      id: 'R2',
      bus: 5,
      busName: 'B5',
      requestedMw: 80,
      minMw: 0,
      priority: 1,
      rank: 1,
      name: null,
      technology: null,
      company: 'Eólica SAS',
      standaloneMw: 66.79876,
    },
    {
      id: 'R3',
      bus: 13,
      busName: 'B13',
      requestedMw: 40,
      minMw: 40,
      priority: 3,
      rank: 3,
      name: null,
      technology: null,
      company: null,
      standaloneMw: 28.47777,
    },
    {
      id: 'R4',
      bus: 22,
      busName: 'B22',
      requestedMw: 30,
      minMw: 0,
      priority: null,
      rank: 4,
      name: null,
      technology: null,
      company: null,
      standaloneMw: 13.52443,
    },
  ],
  totalRequestedMw: 210,
  totalStandaloneMw: 168.80096,
  sinkRoomMw: 189.2,
  rules: {
    order: {
      ok: true,
      rule: 'order',
      totalAwardedMw: 66.79876,
      complete: 0,
      partial: 1,
      none: 3,
      awards: [
        { id: 'R1', awardedMw: 0, status: 'none', binding: [b6b8(8.398)], competitors: ['R2'] },
        {
          id: 'R2',
          awardedMw: 66.79876,
          status: 'partial',
          binding: [b6b8(8.242)],
          competitors: [],
        },
        { id: 'R3', awardedMw: 0, status: 'none', binding: [b6b8(19.511)], competitors: ['R2'] },
        { id: 'R4', awardedMw: 0, status: 'none', binding: [b6b8(108.341)], competitors: ['R2'] },
      ],
      groups: [],
      stats,
    },
    max: {
      ok: true,
      rule: 'max',
      totalAwardedMw: 118.51998,
      complete: 2,
      partial: 1,
      none: 1,
      awards: [
        {
          id: 'R1',
          awardedMw: 48.51998,
          status: 'partial',
          binding: [b6b8(8.39769, 0.11908)],
          competitors: ['R3', 'R4'],
        },
        {
          id: 'R2',
          awardedMw: 0,
          status: 'none',
          binding: [b6b8(8.39769, 0.12133)],
          competitors: ['R1', 'R3', 'R4'],
        },
        { id: 'R3', awardedMw: 40, status: 'complete', binding: [], competitors: [] },
        { id: 'R4', awardedMw: 30, status: 'complete', binding: [], competitors: [] },
      ],
      groups: [
        {
          monitored: 10,
          monitoredName: 'B6-B8',
          contingency: 41,
          contingencyName: 'B6-B28',
          limitMw: 32,
          shadowPrice: 8.39769,
          requestIds: ['R1', 'R2'],
          buses: [2, 5],
          awardedMw: 48.51998,
          requestedMw: 140,
        },
      ],
      stats,
    },
    fair: {
      ok: true,
      rule: 'fair',
      totalAwardedMw: 71.84215,
      complete: 0,
      partial: 3,
      none: 1,
      awards: [
        {
          id: 'R1',
          awardedMw: 25.36,
          status: 'partial',
          binding: [b6b8(0.052)],
          competitors: ['R2', 'R4'],
        },
        {
          id: 'R2',
          awardedMw: 33.81,
          status: 'partial',
          binding: [b6b8(0.052)],
          competitors: ['R1', 'R4'],
        },
        {
          id: 'R3',
          awardedMw: 0,
          status: 'none',
          binding: [b6b8(0.052)],
          competitors: ['R1', 'R2', 'R4'],
        },
        {
          id: 'R4',
          awardedMw: 12.68,
          status: 'partial',
          binding: [b6b8(0.052)],
          competitors: ['R1', 'R2'],
        },
      ],
      groups: [],
      stats,
    },
  },
  audit: {
    caseSha256: 'a'.repeat(64),
    inputsSha256: 'b'.repeat(64),
    solver: 'HiGHS 1.11',
    engine: 'holgura 0.1.0',
    computedAt: '2026-11-20T10:06:00Z',
  },
  ...patch,
});

export const windowDetail = (patch: Partial<WindowDetailResponse> = {}): WindowDetailResponse => ({
  ...windowSummary(),
  requests: [
    { id: 'R1', bus: 2, mw: 60, priority: 2, name: 'Solar Uno', technology: 'Solar' },
    { id: 'R2', bus: 5, mw: 80, priority: 1, company: 'Eólica SAS' },
    { id: 'R3', bus: 13, mw: 40, minMw: 40, priority: 3 },
    { id: 'R4', bus: 22, mw: 30 },
  ],
  result: windowResult(),
  ...patch,
});

export const windowJob = (patch: Partial<JobStatus> = {}): JobStatus => ({
  jobId: 'j1',
  kind: 'window',
  caseId: 'c1',
  studyId: null,
  state: 'running',
  progressPercent: 40,
  stage: 'window-max',
  error: null,
  attempts: 1,
  createdAt: '2026-11-20T10:05:00Z',
  startedAt: '2026-11-20T10:05:01Z',
  finishedAt: null,
  ...patch,
});

/** One of the user's uploads, analysed. */
export const analysedCase = {
  caseId: 'c1',
  caseName: 'case30.m',
  caseDescription: null,
  process: null,
  familyId: null,
  familyName: null,
  createdAt: '2026-11-20T09:00:00Z',
  isDemo: false,
  analysis: { jobId: 'a1', state: 'done', error: null },
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

/** ACTIVSg2000's contab as Holgura reads it (issue #30): one-branch outages and unit outages. */
export const activsgCounts: ContingencyCounts = {
  total: 3734,
  branch: 3190,
  multiBranch: 0,
  generator: 544,
  mixed: 0,
};

/** GET /api/cases/{caseId}/contingency-set: the planner's set, or none (every branch). */
export const caseContingencySet = (
  caseId: string,
  fileName: string | null,
  counts: ContingencyCounts = activsgCounts,
): ContingencySetResponse => ({
  caseId,
  set:
    fileName === null
      ? null
      : {
          fileName,
          format: 'contab',
          uploadedAt: '2026-11-20T09:30:00Z',
          counts,
          n1: null,
          subsystemsFile: null,
          monitoredFile: null,
        },
  capacityJobId: null,
});

/** One of the user's studies, as GET /api/studies lists it (on every branch unless patched). */
export const studyItem = (patch: Partial<StudyListItem> = {}): StudyListItem => ({
  studyId: 's1',
  name: 'Plan 2026–2030',
  networkLabel: 'IEEE 30',
  state: 'done',
  version: 2,
  resultsVersion: 2,
  jobId: null,
  progressPercent: 100,
  stage: null,
  error: null,
  scenarios: 2,
  years: [2026, 2030],
  busbars: 3,
  baseCaseId: null,
  contingencySet: null,
  baseFileName: 'case30.m',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
  isDemo: false,
  ...patch,
});
