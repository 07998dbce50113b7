import {
  DEFAULT_ANALYSIS_OPTIONS,
  flexibilitySchema,
  type BaseCase,
  type BusbarCapacityPageResponse,
  type BusbarCapacityRow,
  type GroupAnalysisSummary,
} from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  doubleContingency,
  flexibilityFixture,
  groupsFixture,
  setFixture,
} from '../../features/analysis/flexibility/flexibility.test-support';
import {
  callsTo,
  jsonResponse,
  renderApp,
  type MockRequest,
  type mockApi,
} from '../../render.test-support';
import {
  caseData,
  resultRoutes,
  signedInWithSax,
  summary,
  withContingencySet,
} from './analisis.test-support';

/** Case 7, analysed: its flexibility, then its busbar capacities (issues #21, #17). */
const analysed = summary(7, { analysis: { jobId: 'j7', state: 'done', error: null } });

/** ACTIVSg2000's base case, as the engine words it (issue #25), with two input checks. */
const baseCase: BaseCase = {
  slack: 'distributed',
  loadMw: 67109.2,
  generationMw: 68724.7,
  mismatchMw: 1615.5,
  mismatchPercent: 2.4073,
  participants: 315,
  unitsAtLimit: 0,
  unabsorbedMw: 0,
  largestChanges: [],
  referenceUnits: [
    {
      generator: 51,
      busNumber: 7098,
      busName: 'SANDY CREEK 1',
      fileMw: 1236.4,
      singleSlackMw: -379.1,
    },
  ],
  checks: [
    {
      code: 'GEN_LIMITS_UNBOUNDED',
      affects: ['flexibility', 'capacity'],
      message: '3 in-service units have no real limit',
      params: { units: 3, pmax: 3, pmin: 0, headroomMw: 2000 },
    },
    {
      code: 'BRANCHES_UNRATED',
      affects: ['n1', 'flexibility', 'capacity'],
      message: '12 of 3206 in-service branches have no rating',
      params: { unrated: 12, branches: 3206 },
    },
  ],
};
const facts = { ...caseData.analysis, baseCase };

const upload = flexibilitySchema.parse({ ...groupsFixture, baseCase });
/** The same group with rating B and a 0,05 cutoff: FCITC 30 MW. */
const recalculated = flexibilitySchema.parse({
  ...groupsFixture,
  options: { ...groupsFixture.options, postContingencyRating: 'B', distributionFactorCutoff: 0.05 },
  fcitcMw: 30,
  figures: {
    attributable: { ...groupsFixture.figures!.attributable, fcitcMw: 30 },
    strict: groupsFixture.figures!.strict,
  },
});
const newOptions = {
  ...DEFAULT_ANALYSIS_OPTIONS,
  postContingencyRating: 'B' as const,
  distributionFactorCutoff: 0.05,
};

const row = (patch: Partial<GroupAnalysisSummary>): GroupAnalysisSummary => ({
  analysisId: 'a-upload',
  groupKey: 'gens:1-2',
  label: '2 unidades elegidas',
  chosenBy: 'default',
  isUploadGroup: true,
  options: { ...DEFAULT_ANALYSIS_OPTIONS },
  state: 'done',
  jobId: 'j-upload',
  progressPercent: 100,
  stage: null,
  error: null,
  tmaxMw: 160,
  fcitcMw: { attributable: 45, strict: 0 },
  preExistingCount: 3,
  unitCount: 2,
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
  ...patch,
});

const job = (jobId: string, kind: string, state: string, progressPercent: number) => ({
  jobId,
  kind,
  caseId: 'c7',
  studyId: null,
  state,
  progressPercent,
  stage: state === 'running' ? 'Calculando' : null,
  error: null,
  attempts: 1,
  createdAt: '2026-11-28T10:00:00Z',
  startedAt: null,
  finishedAt: null,
});

const busRow = (patch: Partial<BusbarCapacityRow> & { bus: number; name: string }) => ({
  position: patch.bus,
  baseKv: 230,
  area: 1,
  zone: 1,
  inTransferIsland: true,
  attributable: { capacityMw: 120, limiting: null },
  strict: { capacityMw: 120, limiting: null },
  preExistingLimit: false,
  worsened: null,
  ...patch,
});

const capacityOptions = (cutoff: number, patch: object = {}) => ({
  capMw: 2000,
  postContingencyRating: cutoff === 0.01 ? 'emergency' : 'B',
  sink: 'headroom-down',
  distributionFactorCutoff: cutoff,
  contingencies: 40,
  monitored: 40,
  computeMs: 12,
  sinkRoomMw: null,
  slack: 'distributed',
  baseCase,
  ...patch,
});

function capacityPage(
  request: MockRequest,
  patch: Partial<BusbarCapacityPageResponse> = {},
  options: object = capacityOptions(0.01),
) {
  return jsonResponse({
    caseId: 'c7',
    state: 'done',
    jobId: 'k7',
    progressPercent: 100,
    stage: null,
    error: null,
    next: null,
    total: 1,
    page: Number(request.query.get('page') ?? 1),
    pageSize: 50,
    sort: 'capacity',
    order: 'desc',
    figure: 'attributable',
    rows: [
      busRow({
        bus: 1001,
        name: 'NORTE',
        attributable: { capacityMw: 2000, limiting: null },
        strict: { capacityMw: 2000, limiting: null },
      }),
    ],
    summary: {
      buses: 1,
      computed: 1,
      outsideIsland: 0,
      withPreExistingLimit: 0,
      withWorsenedViolation: 0,
      capMw: 2000,
      medianMw: 2000,
      attributable: { minMw: 2000, medianMw: 2000, maxMw: 2000, zero: 0, atCap: 1 },
      strict: { minMw: 2000, medianMw: 2000, maxMw: 2000, zero: 0, atCap: 1 },
    },
    options,
    computedAt: '2026-11-28T10:00:00Z',
    ...patch,
  });
}

const histogram = {
  caseId: 'c7',
  state: 'done',
  jobId: 'k7',
  progressPercent: 100,
  stage: null,
  error: null,
  figure: 'attributable',
  capMw: 2000,
  total: 1,
  outsideIsland: 0,
  bins: [{ kind: 'cap', fromMw: 2000, toMw: 2000, count: 1 }],
};

async function openCase(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = signedInWithSax({
    '/api/cases': { body: { cases: [analysed] } },
    ...resultRoutes('c7', upload, { 'a-opt': recalculated }, facts),
    '/api/cases/c7/analyses': { body: { caseId: 'c7', analyses: [row({})] } },
    '/api/cases/c7/busbar-capacities': (request) => capacityPage(request),
    '/api/cases/c7/busbar-capacities/histogram': { body: histogram },
    ...routes,
  });
  const view = renderApp('/analisis');
  await view.user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
  await screen.findByRole('list', { name: 'Niveles de transferencia' });
  return { ...view, fetchMock };
}

describe('/analisis: what every figure rests on (issue #25)', () => {
  it('states the base dispatch and the input checks beside the N-1, the flexibility and the capacities', async () => {
    await openCase();
    const dispatch =
      'Despacho base: el desbalance del archivo (1.615,5 MW, 2,41 % de la demanda, sus pérdidas AC) se repartió entre 315 unidades en proporción a su generación.';
    expect(screen.getByTestId('base-dispatch-n1')).toHaveTextContent(dispatch);
    expect(screen.getByTestId('base-dispatch-flexibility')).toHaveTextContent(dispatch);
    // Each figure lists the checks that affect it, worded in Spanish.
    const n1 = screen.getByTestId('input-checks-n1');
    expect(
      within(n1)
        .getAllByRole('listitem')
        .map((item) => item.dataset.code),
    ).toEqual(['BRANCHES_UNRATED']);
    expect(n1).toHaveTextContent(
      '12 de 3.206 ramas en servicio no tienen capacidad (RATE_A en 0): no se vigilan, y ninguna cifra las tiene en cuenta.',
    );
    const flexibility = screen.getByTestId('input-checks-flexibility');
    expect(
      within(flexibility)
        .getAllByRole('listitem')
        .map((item) => item.dataset.code),
    ).toEqual(['GEN_LIMITS_UNBOUNDED', 'BRANCHES_UNRATED']);
    expect(screen.getByTestId('analysis-options-sentence')).toHaveTextContent(
      'Calculado con la capacidad de emergencia (RATE_B, o RATE_A si no la hay) tras cada contingencia, factores de distribución menores que 0,01 sin efecto, la generación de las demás unidades bajando según su margen (P0 − Pmin).',
    );

    const section = await screen.findByRole('region', { name: 'Capacidad por barra' });
    await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    expect(within(section).getByTestId('base-dispatch-capacity')).toHaveTextContent(dispatch);
    expect(
      within(within(section).getByTestId('input-checks-capacity'))
        .getAllByRole('listitem')
        .map((item) => item.dataset.code),
    ).toEqual(['GEN_LIMITS_UNBOUNDED', 'BRANCHES_UNRATED']);
    expect(within(section).getByTestId('capacity-options')).toHaveTextContent(
      'Calculado con un tope de 2.000 MW, la capacidad de emergencia (RATE_B, o RATE_A si no la hay) tras cada contingencia, 40 contingencias, la generación de las demás unidades bajando según su margen (P0 − Pmin), el despacho base distribuido (el desbalance del archivo repartido entre las unidades) y factores de distribución menores que 0,01 sin efecto.',
    );
  });

  it('says a capacity is the study cap, not a network limit, when no branch is rated', async () => {
    const unrated: BaseCase = {
      ...baseCase,
      checks: [
        {
          code: 'NO_RATED_BRANCH',
          affects: ['n1', 'flexibility', 'capacity'],
          message: 'no in-service branch has a rating',
          params: { branches: 9 },
        },
      ],
    };
    await openCase({
      '/api/cases/c7/busbar-capacities': (request) =>
        capacityPage(request, {}, capacityOptions(0.01, { baseCase: unrated })),
    });
    const section = await screen.findByRole('region', { name: 'Capacidad por barra' });
    const table = await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    expect(within(section).getByTestId('input-checks-capacity')).toHaveTextContent(
      'Ninguna de las 9 ramas en servicio tiene capacidad (RATE_A): no se vigila ninguna, así que ningún elemento limita una conexión: estas capacidades son el tope del estudio (2.000,0 MW), no un límite de la red.',
    );
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Ninguno: el caso no tiene ramas con capacidad',
    );
  });

  it('says a bus is limited by the generation that compensates, not by the cap', async () => {
    await openCase({
      '/api/cases/c7/busbar-capacities': (request) =>
        capacityPage(
          request,
          {
            rows: [
              busRow({
                bus: 2002,
                name: 'SUR',
                attributable: { capacityMw: 1234.5, limiting: null },
                strict: { capacityMw: 1234.5, limiting: null },
              }),
            ],
          },
          capacityOptions(0.01, { sinkRoomMw: 1234.5 }),
        ),
    });
    const section = await screen.findByRole('region', { name: 'Capacidad por barra' });
    const table = await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '2002SUR23011.234,5Margen de la generación que compensa (1.234,5 MW)',
    );
    expect(
      within(section).getByText(/^Barras en el margen de la generación que compensa/),
    ).toHaveTextContent('Barras en el margen de la generación que compensa (1.234,5 MW)');
    expect(within(section).getByTestId('capacity-sink-room')).toHaveTextContent(
      /^La generación que compensa una conexión solo puede bajar 1.234,5 MW/,
    );
  });
});

describe('/analisis «Opciones del análisis» (issue #25)', () => {
  it('refuses a cutoff outside 0–0,5 and a cap of 0 MW, in Spanish, and sends nothing', async () => {
    const { user, fetchMock } = await openCase();
    const form = screen.getByRole('form', { name: 'Opciones del análisis' });
    const cutoff = within(form).getByLabelText('Umbral del factor de distribución');
    expect(cutoff).toHaveValue('0,01');
    await user.clear(cutoff);
    await user.type(cutoff, '0,7');
    const cap = within(form).getByLabelText('Tope por barra (MW)');
    await user.clear(cap);
    await user.type(cap, '0{Enter}');
    expect(cutoff).toHaveAttribute('aria-invalid', 'true');
    expect(cutoff).toHaveAccessibleDescription(
      /Escribe un número entre 0 y 0,5, por ejemplo 0,01\.$/,
    );
    expect(cap).toHaveAccessibleDescription(/Escribe un tope mayor que 0 MW, por ejemplo 2000\.$/);
    expect(within(form).getByText('Corrige las opciones marcadas antes de recalcular.'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(0);
    // Back to the defaults clears the errors.
    await user.click(within(form).getByRole('button', { name: 'Valores por defecto' }));
    expect(cutoff).toHaveValue('0,01');
    expect(cap).not.toHaveAttribute('aria-invalid');
  });

  it('recalculates the flexibility and the busbar capacities with the options chosen, with progress for both', async () => {
    let groupPost: MockRequest | null = null;
    let capacityPost: MockRequest | null = null;
    // Each job runs until the test lets it finish.
    let groupFinished = false;
    let capacityFinished = false;
    const { user } = await openCase({
      '/api/cases/c7/analyses': (request) => {
        if (request.method === 'POST') {
          groupPost = request;
          return jsonResponse(
            {
              caseId: 'c7',
              analysisId: 'a-opt',
              jobId: 'j-opt',
              groupKey: 'gens:1-2',
              existing: false,
            },
            202,
          );
        }
        const opt = row({
          analysisId: 'a-opt',
          chosenBy: 'request',
          isUploadGroup: false,
          jobId: 'j-opt',
          options: newOptions,
          ...(!groupFinished
            ? { state: 'running', progressPercent: 40, tmaxMw: null, fcitcMw: null }
            : { fcitcMw: { attributable: 30, strict: 0 } }),
        });
        return jsonResponse({
          caseId: 'c7',
          analyses: groupPost === null ? [row({})] : [row({}), opt],
        });
      },
      '/api/jobs/j-opt/events': { status: 404, body: null },
      '/api/jobs/j-opt': () =>
        jsonResponse(
          !groupFinished
            ? job('j-opt', 'group', 'running', 40)
            : job('j-opt', 'group', 'done', 100),
        ),
      '/api/cases/c7/busbar-capacities': (request) => {
        if (request.method === 'POST') {
          capacityPost = request;
          return jsonResponse(
            { caseId: 'c7', jobId: 'k-opt', existing: false, state: 'pending' },
            202,
          );
        }
        if (capacityPost === null) return capacityPage(request);
        if (!capacityFinished) {
          return capacityPage(request, {
            next: {
              jobId: 'k-opt',
              state: 'running',
              progressPercent: 20,
              stage: 'Calculando',
              error: null,
              options: newOptions,
            },
          });
        }
        return capacityPage(request, { jobId: 'k-opt' }, capacityOptions(0.05));
      },
      '/api/jobs/k-opt/events': { status: 404, body: null },
      '/api/jobs/k-opt': () =>
        jsonResponse(
          capacityFinished
            ? job('k-opt', 'capacity', 'done', 100)
            : job('k-opt', 'capacity', 'running', 60),
        ),
    });
    const section = await screen.findByRole('region', { name: 'Capacidad por barra' });
    await within(section).findByRole('table', { name: /^Capacidad atribuible/ });

    const form = screen.getByRole('form', { name: 'Opciones del análisis' });
    await user.selectOptions(within(form).getByLabelText('Capacidad tras una contingencia'), 'B');
    const cutoff = within(form).getByLabelText('Umbral del factor de distribución');
    await user.clear(cutoff);
    await user.type(cutoff, '0,05');
    await user.click(within(form).getByRole('button', { name: 'Recalcular' }));

    // Both computations start, with these options, and show their progress; nothing more can
    // be sent meanwhile.
    await waitFor(() => expect(capacityPost).not.toBeNull());
    expect(groupPost).toMatchObject({
      method: 'POST',
      body: { group: 'gens:1-2', options: newOptions },
    });
    expect(capacityPost).toMatchObject({ method: 'POST', body: { options: newOptions } });
    expect(
      await within(form).findByRole('progressbar', {
        name: 'Progreso del recálculo de la flexibilidad',
      }),
    ).toBeInTheDocument();
    expect(
      within(form).getByRole('progressbar', {
        name: 'Progreso del recálculo de la capacidad por barra',
      }),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Recalculando...' })).toBeDisabled();
    // The capacity section keeps its result and shows the new computation's progress.
    expect(await within(section).findByTestId('capacity-next')).toHaveTextContent(
      'Se muestra el resultado anterior hasta que termine el cálculo con capacidad B · umbral 0,05.',
    );

    expect(await screen.findByTestId('group-progress')).toBeInTheDocument();

    // Then the new figures, with the options they were computed with.
    groupFinished = true;
    capacityFinished = true;
    await waitFor(() => expect(screen.getByTestId('fcitc')).toHaveTextContent('30,0 MW'), {
      timeout: 8000,
    });
    expect(screen.getByTestId('analysis-options-sentence')).toHaveTextContent(
      'Calculado con la capacidad RATE_B tras cada contingencia, factores de distribución menores que 0,05 sin efecto',
    );
    await waitFor(
      () =>
        expect(within(section).getByTestId('capacity-options')).toHaveTextContent(
          'factores de distribución menores que 0,05 sin efecto',
        ),
      { timeout: 8000 },
    );
    expect(within(section).queryByTestId('capacity-next')).toBeNull();
    expect(await within(form).findByText(/^Listo: las cifras de arriba/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Recalcular' })).toBeEnabled();
    expect(within(form).getByLabelText('Umbral del factor de distribución')).toHaveValue('0,05');
    // The same group with other options is another analysis, named by them.
    const list = screen.getByRole('table', { name: 'Grupos calculados' });
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent(
      '2 unidades elegidas(capacidad B · umbral 0,05)Listo',
    );
  });
});

describe('/analisis opens on the binding constraint (issue #25)', () => {
  it('selects it on the page of its level that holds it', async () => {
    const [first] = flexibilityFixture.constraints;
    // 30 constraints by ranking; the 28th binds first (T(c) 45 MW), on page 2 of level 2.
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...first!,
      id: i + 1,
      monitored: { ...first!.monitored, name: `L ${i + 1}` },
      ranking: 1 - i / 100,
      transferAtLimitMw: i === 27 ? 45 : 90,
    }));
    const ids = many.map((item) => item.id);
    const flexibility = flexibilitySchema.parse({
      ...flexibilityFixture,
      limitingConstraintId: 28,
      constraints: many,
      levels: flexibilityFixture.levels.map((level) => ({
        ...level,
        constraintIds: level.level >= 2 ? ids : [],
      })),
    });
    const { fetchMock } = await openCase(resultRoutes('c7', flexibility, {}, facts));
    const section = screen.getByRole('region', { name: 'Restricciones del nivel' });
    expect(await within(section).findByText('Página 2 de 2')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Restricciones del nivel 2' });
    const binding = within(table).getByText('Define la cifra').closest('tr')!;
    expect(binding).toHaveTextContent('28L 28Define la cifraL 4-60,73000045,0');
    expect(binding).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('element-monitored')).toHaveTextContent('L 28');
    expect(screen.getByTestId('transfer-at-limit')).toHaveTextContent('45,0 MW');
    expect(screen.getByTestId('fcitc')).toHaveTextContent('45,0 MW');
    // Each page was read once, in order.
    const pages = (callsTo(fetchMock, '/api/cases/c7/result/constraints') as [string][]).map(
      ([url]) => new URL(url, 'http://x').searchParams.toString(),
    );
    expect(pages).toEqual([
      'level=2&figure=attributable&page=1&pageSize=25',
      'level=2&figure=attributable&page=2&pageSize=25',
    ]);
  });
});

/** The case's own contingencies (issue #30): «plan.m», 3.734 of them. */
const planSet = withContingencySet('c7', 'plan.m', 'contab', {
  total: 3734,
  branch: 3190,
  multiBranch: 0,
  generator: 544,
  mixed: 0,
});
/** The upload's group computed on the set: 12 of its contingencies not screened. */
const onSet = flexibilitySchema.parse({ ...setFixture, baseCase });
const setOptions = { ...DEFAULT_ANALYSIS_OPTIONS, contingencies: 'case-set' as const };
const setSentence =
  'Calculado con las contingencias del caso (3.734; 12 sin evaluar: separan la red o dejan sin unidades la fuente o el sumidero), la capacidad de emergencia (RATE_B, o RATE_A si no la hay) tras cada contingencia,';

describe('/analisis: the flexibility on the case’s own contingencies (issue #30)', () => {
  it('offers no choice of contingencies for a case without a set of its own', async () => {
    const { fetchMock } = await openCase();
    const form = screen.getByRole('form', { name: 'Opciones del análisis' });
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/cases/c7/contingency-set')).not.toEqual([]),
    );
    expect(within(form).queryByLabelText('Contingencias de la flexibilidad')).toBeNull();
    expect(screen.queryByTestId('flexibility-contingency-set-note')).toBeNull();
  });

  it('recalculates the group on the case’s set with «Las del caso»', async () => {
    let groupPost: MockRequest | null = null;
    let capacityPost: MockRequest | null = null;
    const { user } = await openCase({
      ...resultRoutes('c7', upload, { 'a-set': onSet }, facts),
      '/api/cases/c7/contingency-set': { body: planSet },
      '/api/cases/c7/analyses': (request) => {
        if (request.method === 'POST') {
          groupPost = request;
          return jsonResponse(
            {
              caseId: 'c7',
              analysisId: 'a-set',
              jobId: 'j-set',
              groupKey: 'gens:1-2',
              existing: false,
            },
            202,
          );
        }
        const set = row({
          analysisId: 'a-set',
          chosenBy: 'request',
          isUploadGroup: false,
          jobId: 'j-set',
          options: setOptions,
        });
        return jsonResponse({
          caseId: 'c7',
          analyses: groupPost === null ? [row({})] : [row({}), set],
        });
      },
      '/api/jobs/j-set/events': { status: 404, body: null },
      '/api/jobs/j-set': { body: job('j-set', 'group', 'done', 100) },
      '/api/cases/c7/busbar-capacities': (request) => {
        if (request.method !== 'POST') return capacityPage(request);
        capacityPost = request;
        return jsonResponse({ caseId: 'c7', jobId: 'k7', existing: true, state: 'done' }, 202);
      },
    });
    const form = screen.getByRole('form', { name: 'Opciones del análisis' });
    const choice = await within(form).findByLabelText('Contingencias de la flexibilidad');
    expect(choice).toHaveValue('every-branch');
    expect(choice).toHaveAccessibleDescription(
      'Con qué contingencias se calcula la flexibilidad del grupo. La capacidad por barra usa siempre las del caso.',
    );
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cada rama en servicio, una a la vez', 'Las del caso: «plan.m» (3.734)']);
    // The upload's figures are over every branch: the note says how to get them on the set.
    expect(screen.getByTestId('flexibility-contingency-set-note')).toHaveTextContent(
      'Para calcularla con tus contingencias («plan.m»), elige «Las del caso» en Opciones del análisis y recalcula.',
    );

    await user.selectOptions(choice, 'case-set');
    await user.click(within(form).getByRole('button', { name: 'Recalcular' }));

    // The group runs on the set; the capacities, which always use it, without the choice.
    await waitFor(() => expect(groupPost).not.toBeNull());
    expect(groupPost).toMatchObject({ method: 'POST' });
    expect((groupPost as MockRequest | null)?.body).toEqual({
      group: 'gens:1-2',
      options: setOptions,
    });
    await waitFor(() => expect(capacityPost).not.toBeNull());
    expect((capacityPost as MockRequest | null)?.body).toEqual({
      options: DEFAULT_ANALYSIS_OPTIONS,
    });

    // The new figures say they are on the set; the note is gone.
    await waitFor(
      () => expect(screen.getByTestId('analysis-options-sentence')).toHaveTextContent(setSentence),
      { timeout: 8000 },
    );
    expect(screen.queryByTestId('flexibility-contingency-set-note')).toBeNull();
    const list = screen.getByRole('table', { name: 'Grupos calculados' });
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent(
      '2 unidades elegidas(contingencias del caso)',
    );
    await within(form).findByRole('button', { name: 'Recalcular' });
    expect(within(form).getByLabelText('Contingencias de la flexibilidad')).toHaveValue('case-set');
  });

  it('names the planner’s contingencies in the tables and the constraint panel, never N-0', async () => {
    const { user } = await openCase({
      ...resultRoutes('c7', onSet, {}, facts),
      // A case analysed before its groups were listed: the options are the result's own.
      '/api/cases/c7/analyses': { body: { caseId: 'c7', analyses: [] } },
      '/api/cases/c7/contingency-set': { body: planSet },
    });
    expect(screen.getByTestId('analysis-options-sentence')).toHaveTextContent(setSentence);
    const form = screen.getByRole('form', { name: 'Opciones del análisis' });
    expect(await within(form).findByLabelText('Contingencias de la flexibilidad')).toHaveValue(
      'case-set',
    );
    expect(screen.queryByTestId('flexibility-contingency-set-note')).toBeNull();

    // The binding constraint is the double contingency: named, with its flow after it.
    const section = screen.getByRole('region', { name: 'Restricciones del nivel' });
    const table2 = await within(section).findByRole('table', {
      name: 'Restricciones del nivel 2',
    });
    expect(within(table2).getAllByRole('row')[1]).toHaveTextContent(
      `1L 3-4Define la cifra${doubleContingency.name}0,40000045,0`,
    );
    expect(screen.getByTestId('contingency-name')).toHaveTextContent(doubleContingency.name);
    expect(screen.getByTestId('monitored-post-flow')).toHaveTextContent('92,0 MW');
    expect(within(table2).queryByText('SOBRECARGA RED COMPLETA')).toBeNull();

    // Level 3: a one-branch contingency of the set, the double one and N-0.
    const levels = screen.getByRole('list', { name: 'Niveles de transferencia' });
    await user.click(within(levels).getByRole('button', { name: /^Nivel 3/ }));
    const table3 = await within(section).findByRole('table', {
      name: 'Restricciones del nivel 3',
    });
    expect(
      within(table3)
        .getAllByRole('row')
        .slice(1)
        .map((item) => item.textContent),
    ).toEqual([
      '1L 2-5Contingencia 7: L 4-60,50000090,0',
      `2L 3-4Define la cifra${doubleContingency.name}0,40000045,0`,
      '3L 5-6SOBRECARGA RED COMPLETA0,300000120,0',
    ]);
    // The level keeps the binding constraint selected (it is in it); the first is a click away.
    await user.click(within(table3).getAllByRole('row')[1]!);
    expect(screen.getByTestId('element-contingency')).toHaveTextContent('Contingencia 7: L 4-6');

    // The strict figure's worsened violation: after the double contingency, not in the base case.
    // (The capacity section below has a switch of its own: the flexibility's is first.)
    await user.click(screen.getAllByRole('button', { name: /^Estricta/ })[0]!);
    expect(screen.getByTestId('fcitc')).toHaveTextContent('0,0 MW');
    const strict = await screen.findByRole('table', { name: 'Restricciones del nivel 1' });
    expect(within(strict).getByTestId('pre-existing-tag')).toHaveTextContent(
      'Violada tras la contingencia (115,6 %)',
    );

    // «Violaciones existentes»: each by the contingency that causes it, two on the same element.
    const region = screen.getByRole('region', { name: 'Violaciones existentes' });
    const violations = await within(region).findByRole('table');
    expect(
      within(violations)
        .getAllByRole('row')
        .slice(1)
        .map((item) => item.textContent),
    ).toEqual([
      'L 2-9SOBRECARGA RED COMPLETA-140,0120,0116,7SobrecargaLa alivia (dentro de su límite desde 40,0 MW)',
      `L 7-8${doubleContingency.name}115,6100,0115,6SobrecargaLa empeora`,
      'L 7-8Contingencia 13: unidad 4 en G Oeste112,0100,0112,0SobrecargaNo la afecta',
    ]);
  });
});
