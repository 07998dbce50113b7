import type { BusbarCapacityPageResponse, StudyListItem } from '@holgura/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  busbarResult,
  studyCase,
  studyDetail,
  studyItem,
} from '../../features/results/study.test-support';
import {
  callsTo,
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  type MockRequest,
} from '../../render.test-support';

/**
 * /resultados «Capacidad por barra del caso» (issue #17): every bus of the selected card's
 * scenario × year network, the /analisis section read through the case's first busbar case.
 */

const demo = studyItem();
const own = studyItem({
  studyId: 's1',
  name: 'Conexiones ACTIVSg500',
  networkLabel: 'Red sintética ACTIVSg500',
  isDemo: false,
  busbars: 2,
  jobId: 'j1',
});

/** Two busbars (7 and 14) in base_2030 and base_2031; the first busbar case of each reads. */
const ownCases = [2030, 2031].map((year) =>
  studyCase('base', year, [
    busbarResult({ bus: 7, name: 'EASTOVER', caseId: `s1-7-${year}`, capacityMw: 120 }),
    busbarResult({ bus: 14, name: 'SENECA', caseId: `s1-14-${year}`, capacityMw: 80 }),
  ]),
);

const capacityPage = (
  request: MockRequest,
  caseId: string,
  patch: Partial<BusbarCapacityPageResponse> = {},
) =>
  jsonResponse({
    caseId,
    state: 'done',
    jobId: 'j1',
    progressPercent: 100,
    stage: null,
    error: null,
    total: 2,
    page: Number(request.query.get('page') ?? 1),
    pageSize: Number(request.query.get('pageSize') ?? 50),
    sort: request.query.get('sort') ?? 'capacity',
    order: request.query.get('order') ?? 'desc',
    figure: request.query.get('figure') ?? 'attributable',
    rows: [7, 14].map((bus, position) => ({
      position,
      bus,
      name: bus === 7 ? 'EASTOVER' : 'SENECA',
      baseKv: 345,
      area: 1,
      zone: 1,
      inTransferIsland: true,
      attributable: { capacityMw: bus === 7 ? 120 : 95.5, limiting: null },
      strict: { capacityMw: bus === 7 ? 120 : 80, limiting: null },
      preExistingLimit: bus === 14,
      worsened: null,
    })),
    summary: {
      buses: 2,
      computed: 2,
      outsideIsland: 0,
      withPreExistingLimit: 0,
      withWorsenedViolation: 0,
      capMw: 500,
      medianMw: 107.75,
      attributable: { minMw: 95.5, medianMw: 107.75, maxMw: 120, zero: 0, atCap: 0 },
      strict: { minMw: 80, medianMw: 100, maxMw: 120, zero: 0, atCap: 0 },
    },
    options: {
      capMw: 500,
      postContingencyRating: 'A',
      sink: 'headroom-down',
      distributionFactorCutoff: 0.01,
      contingencies: 40,
      monitored: 40,
      computeMs: 12,
    },
    computedAt: '2026-11-25T10:00:00Z',
    ...patch,
  });

const histogram = {
  caseId: 's1-7-2031',
  state: 'done',
  jobId: 'j1',
  progressPercent: 100,
  stage: null,
  error: null,
  figure: 'attributable',
  capMw: 500,
  total: 2,
  outsideIsland: 0,
  bins: [
    { kind: 'zero', fromMw: 0, toMw: 0, count: 0 },
    { kind: 'range', fromMw: 0, toMw: 100, count: 1 },
    { kind: 'range', fromMw: 100, toMw: 500, count: 1 },
    { kind: 'cap', fromMw: 500, toMw: 500, count: 0 },
  ],
};

function api(routes: Parameters<typeof mockApi>[0] = {}, studies: StudyListItem[] = [demo, own]) {
  return mockApi({
    '/api/auth/get-session': { body: { user: sampleSessionUser } },
    '/api/studies': { body: { studies } },
    '/api/studies/demo': {
      body: studyDetail(demo, [
        studyCase('alta', 2027, [busbarResult({ bus: 10, name: 'ODESSA', caseId: 'd-10' })]),
      ]),
    },
    '/api/studies/s1': { body: studyDetail(own, ownCases) },
    '/api/cases/s1-14-2031/data': { status: 404, body: { error: { code: 'CASE_NOT_FOUND' } } },
    '/api/cases/s1-7-2031/data': { status: 404, body: { error: { code: 'CASE_NOT_FOUND' } } },
    '/api/cases/d-10/data': { status: 404, body: { error: { code: 'CASE_NOT_FOUND' } } },
    ...routes,
  });
}

const section = () => screen.getByRole('region', { name: 'Capacidad por barra del caso' });

describe('/resultados «Capacidad por barra del caso»', () => {
  it('shows every bus of the chosen card’s scenario × year, read through its first busbar case', async () => {
    const fetchMock = api({
      '/api/cases/s1-7-2031/busbar-capacities': (request) => capacityPage(request, 's1-7-2031'),
      '/api/cases/s1-7-2031/busbar-capacities/histogram': { body: histogram },
    });
    const { user } = renderApp('/resultados?estudio=s1');
    await screen.findByRole('cell', { name: 'EASTOVER' });
    // No card chosen: the section asks for one, and reads nothing.
    expect(within(section()).getByTestId('capacity-pick-case')).toHaveTextContent(
      'Elige un caso (una tarjeta)',
    );
    expect(callsTo(fetchMock, '/api/cases/s1-7-2031/busbar-capacities')).toHaveLength(0);

    // Bus 14's card in 2031: the case's capacities, read through bus 7's case (its first).
    await user.click(
      screen.getByRole('button', {
        name: 'Ver la sensibilidad de los generadores de la barra SENECA en el caso base_2031',
      }),
    );
    const table = await within(section()).findByRole('table', {
      name: /^Capacidad atribuible de conexión/,
    });
    expect(section()).toHaveTextContent('de la red del caso base_2031');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: '95,5' })).toBeInTheDocument();
    expect(within(section()).getByTestId('capacity-buses')).toHaveTextContent('2');
    // The study's settings, its rating included.
    expect(section()).toHaveTextContent('Calculado con un tope de 500 MW, la capacidad RATE_A');
    expect(
      await within(section()).findAllByTestId('histogram-bin', undefined, { timeout: 3000 }),
    ).toHaveLength(4);
    // Another busbar's card of the same case: the same read, from the cache.
    await user.click(
      screen.getByRole('button', {
        name: 'Ver la sensibilidad de los generadores de la barra EASTOVER en el caso base_2031',
      }),
    );
    expect(callsTo(fetchMock, '/api/cases/s1-7-2031/busbar-capacities')).toHaveLength(1);
    // Nothing to compute from here.
    expect(
      within(section()).queryByRole('button', { name: 'Calcular la capacidad por barra' }),
    ).not.toBeInTheDocument();
  });

  it('says when a version was computed before the capacities existed, with no button', async () => {
    api({
      '/api/cases/s1-7-2031/busbar-capacities': (request) =>
        capacityPage(request, 's1-7-2031', {
          state: 'absent',
          jobId: null,
          total: 0,
          rows: [],
          summary: null,
          options: null,
          computedAt: null,
        }),
    });
    const { user } = renderApp('/resultados?estudio=s1');
    await user.click(
      await screen.findByRole('button', {
        name: 'Ver la sensibilidad de los generadores de la barra SENECA en el caso base_2031',
      }),
    );
    expect(
      await within(section()).findByText(
        'Esta versión del estudio no tiene la capacidad de cada barra',
      ),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the demo study’s capacities as a user’s study’s, with no special case', async () => {
    const fetchMock = api({
      '/api/cases/d-10/busbar-capacities': (request) => capacityPage(request, 'd-10'),
      '/api/cases/d-10/busbar-capacities/histogram': { body: { ...histogram, caseId: 'd-10' } },
    });
    const { user } = renderApp('/resultados');
    await user.click(
      await screen.findByRole('button', {
        name: 'Ver la sensibilidad de los generadores de la barra ODESSA en el caso alta_2027',
      }),
    );
    const table = await within(section()).findByRole('table', {
      name: /^Capacidad atribuible de conexión/,
    });
    expect(section()).toHaveTextContent('de la red del caso alta_2027');
    expect(within(table).getByRole('cell', { name: '95,5' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/cases/d-10/busbar-capacities')).toHaveLength(1);
    expect(within(section()).queryByText(/demostración/)).not.toBeInTheDocument();
  });
});
