import type {
  BusbarCapacityPageResponse,
  BusbarCapacityRow,
  BusbarCapacitySummary,
} from '@holgura/contracts';
import { DEFAULT_ANALYSIS_OPTIONS } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, renderApp, type MockRequest } from '../../render.test-support';
import { resultRoutes, signedInWithSax, summary } from './analisis.test-support';

/** Case 7, analysed: its busbar capacities follow (issue #17). */
const analysed = summary(7, { analysis: { jobId: 'j7', state: 'done', error: null } });

const limiting = (monitored: string, contingency: string | null, d = 0.1) => ({
  monitoredBranch: 3,
  monitoredName: monitored,
  contingencyBranch: contingency === null ? null : 4,
  contingencyName: contingency,
  distributionFactor: d,
});

const row = (
  patch: Partial<BusbarCapacityRow> & { bus: number; name: string },
): BusbarCapacityRow => ({
  position: patch.bus,
  baseKv: 230,
  area: 1,
  zone: 1,
  inTransferIsland: true,
  attributable: { capacityMw: 120.04, limiting: limiting('L 1-2', 'L 3-4') },
  strict: { capacityMw: 120.04, limiting: limiting('L 1-2', 'L 3-4') },
  preExistingLimit: false,
  worsened: null,
  ...patch,
});

const rows: BusbarCapacityRow[] = [
  row({
    bus: 1001,
    name: 'NORTE',
    attributable: { capacityMw: 2000, limiting: null },
    strict: { capacityMw: 2000, limiting: null },
  }),
  row({
    bus: 2002,
    name: 'SUR',
    baseKv: 13.8,
    area: 2,
    attributable: { capacityMw: 345.67, limiting: limiting('L 5-6', null) },
    strict: { capacityMw: 0, limiting: limiting('L 7-8', 'L 9-10', 0.02) },
    preExistingLimit: true,
    worsened: limiting('L 7-8', 'L 9-10', 0.02),
  }),
  row({ bus: 3003, name: 'CENTRO' }),
];

const capacitySummary: BusbarCapacitySummary = {
  buses: 3,
  computed: 3,
  outsideIsland: 0,
  withPreExistingLimit: 1,
  withWorsenedViolation: 1,
  capMw: 2000,
  medianMw: 345.67,
  attributable: { minMw: 120.04, medianMw: 345.67, maxMw: 2000, zero: 0, atCap: 1 },
  strict: { minMw: 0, medianMw: 120.04, maxMw: 2000, zero: 1, atCap: 1 },
};

const state = {
  caseId: 'c7',
  jobId: 'k7',
  progressPercent: 100,
  stage: null,
  error: null,
};

function page(request: MockRequest, patch: Partial<BusbarCapacityPageResponse> = {}) {
  const q = request.query;
  return jsonResponse({
    ...state,
    state: 'done',
    total: 3,
    page: Number(q.get('page') ?? 1),
    pageSize: Number(q.get('pageSize') ?? 50),
    sort: q.get('sort') ?? 'capacity',
    order: q.get('order') ?? 'asc',
    figure: q.get('figure') ?? 'attributable',
    rows,
    summary: capacitySummary,
    options: {
      capMw: 2000,
      postContingencyRating: 'emergency',
      sink: 'headroom-down',
      distributionFactorCutoff: 0.01,
      contingencies: 40,
      monitored: 40,
      computeMs: 12,
    },
    computedAt: '2026-11-28T10:00:00Z',
    ...patch,
  });
}

const histogram = {
  ...state,
  state: 'done',
  figure: 'attributable',
  capMw: 2000,
  total: 3,
  outsideIsland: 0,
  bins: [
    { kind: 'zero', fromMw: 0, toMw: 0, count: 0 },
    { kind: 'range', fromMw: 0, toMw: 150, count: 1 },
    { kind: 'range', fromMw: 150, toMw: 2000, count: 1 },
    { kind: 'cap', fromMw: 2000, toMw: 2000, count: 1 },
  ],
};

function openCase(routes: Parameters<typeof signedInWithSax>[0] = {}) {
  const fetchMock = signedInWithSax({
    '/api/cases': { body: { cases: [analysed] } },
    ...resultRoutes('c7', null),
    '/api/cases/c7/busbar-capacities': (request) => page(request),
    '/api/cases/c7/busbar-capacities/histogram': { body: histogram },
    ...routes,
  });
  const view = renderApp('/analisis');
  return { ...view, fetchMock };
}

const pageUrls = (fetchMock: ReturnType<typeof openCase>['fetchMock']) =>
  (callsTo(fetchMock, '/api/cases/c7/busbar-capacities') as [string][]).map(([url]) =>
    new URL(url, 'http://x').searchParams.toString(),
  );

const job = (jobState: string, progressPercent: number) => ({
  jobId: 'k7',
  kind: 'capacity',
  caseId: 'c7',
  studyId: null,
  state: jobState,
  progressPercent,
  stage: jobState === 'running' ? 'Calculando la capacidad de cada barra' : null,
  error: null,
  attempts: 1,
  createdAt: '2026-11-28T10:00:00Z',
  startedAt: null,
  finishedAt: null,
});

async function openSection(routes: Parameters<typeof signedInWithSax>[0] = {}) {
  const view = openCase(routes);
  await view.user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
  const section = await screen.findByRole('region', { name: 'Capacidad por barra' });
  return { ...view, section };
}

describe('/analisis «Capacidad por barra» (issue #17)', () => {
  it('shows both figures per bus, attributable first, and why a strict figure is 0', async () => {
    const { user, router, fetchMock, section } = await openSection();
    const table = await within(section).findByRole('table', {
      name: /^Capacidad atribuible de conexión por barra/,
    });
    expect(within(section).getByRole('button', { name: 'Atribuible' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(section).getByTestId('capacity-median')).toHaveTextContent('345,7 MW');
    expect(within(section).getByTestId('capacity-at-cap')).toHaveTextContent('1');
    expect(within(section).getByTestId('capacity-total')).toHaveTextContent('3 de 3 barras');
    expect(within(section).getByTestId('capacity-pre-existing')).toHaveTextContent(
      /^En 1 de 3 barras la cifra estricta es 0 MW/,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Barra',
      'Nombre',
      'kV',
      'Área',
      'Atribuible (MW)',
      'Elemento limitante',
      'Contingencia',
      'Estricta (MW)',
      'Violación existente que empeora',
      'Verificación AC',
      // Issue #31: the weak grid (not computed yet), the least figure and what sets it.
      'Red débil (MW)sin calcular',
      'Capacidad (MW)la menor',
      'Variable limitante',
    ]);
    const body = within(table).getAllByRole('row').slice(1);
    // Every bus with a figure can be verified in AC, the cap's too (issue #31).
    expect(body.map((item) => item.textContent)).toEqual([
      '1001NORTE23012.000,0Ninguno antes del tope (2.000 MW)–2.000,0NingunaVerificar en AC–2.000,0Ninguna antes del tope',
      '2002SUR13,82345,7L 5-6SOBRECARGA RED COMPLETA0,0por la violación existenteL 7-8 tras L 9-10Verificar en AC–345,7térmicasin verificar en AC',
      '3003CENTRO2301120,0L 1-2L 3-4120,0NingunaVerificar en AC–120,0térmicasin verificar en AC',
    ]);
    // Largest capacity first, 50 a page; the address names the case only.
    expect(pageUrls(fetchMock)).toEqual([
      'figure=attributable&sort=capacity&order=desc&page=1&pageSize=50',
    ]);
    expect(router.state.location.search).toBe('?caso=c7');

    // Strict: its MW column first, the attributable beside it.
    await user.click(within(section).getByRole('button', { name: 'Estricta' }));
    const strict = await within(section).findByRole('table', { name: /^Capacidad estricta/ });
    expect(within(strict).getAllByRole('columnheader')[4]).toHaveTextContent('Estricta (MW)');
    expect(within(strict).getAllByRole('columnheader')[7]).toHaveTextContent('Atribuible (MW)');
    expect(within(section).getByTestId('capacity-figure-help')).toHaveTextContent(/^Estricta/);
    expect(within(section).getByTestId('capacity-median')).toHaveTextContent('120,0 MW');
    expect(router.state.location.search).toBe('?caso=c7&capacidad.cifra=estricta');
    expect(pageUrls(fetchMock).at(-1)).toBe(
      'figure=strict&sort=capacity&order=desc&page=1&pageSize=50',
    );
  });

  it('sorts and pages on the server, from the address', async () => {
    const { user, fetchMock, section, router } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) => page(request, { total: 120 }),
    });
    const table = await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    await user.click(within(table).getByRole('button', { name: 'Nombre' }));
    await waitFor(() =>
      expect(pageUrls(fetchMock).at(-1)).toBe(
        'figure=attributable&sort=name&order=asc&page=1&pageSize=50',
      ),
    );
    expect(within(table).getByRole('columnheader', { name: 'Nombre' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(within(section).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(pageUrls(fetchMock).at(-1)).toMatch(/&page=2&pageSize=50$/));
    expect(within(section).getByText('Página 2 de 3')).toBeInTheDocument();
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Filas por página' }),
      '100',
    );
    await waitFor(() => expect(pageUrls(fetchMock).at(-1)).toMatch(/&page=1&pageSize=100$/));
    expect(router.state.location.search).toBe(
      '?caso=c7&capacidad.filas=100&capacidad.orden=nombre&capacidad.sentido=ascendente',
    );
    // The strict figure's column sorts by it.
    await user.click(within(table).getByRole('button', { name: 'Estricta (MW)' }));
    await waitFor(() => expect(pageUrls(fetchMock).at(-1)).toMatch(/sort=strict/));
  });

  it('searches after a pause, filters by kV and area, and refuses what is not a number', async () => {
    const { user, fetchMock, section, router } = await openSection();
    await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    const filters = within(section).getByRole('search', { name: 'Filtrar barras' });
    await user.type(within(filters).getByLabelText('Buscar barra'), 'nor');
    await waitFor(() => expect(pageUrls(fetchMock).at(-1)).toMatch(/&q=nor&/));
    // One request for the word, not one per key.
    expect(pageUrls(fetchMock).filter((url) => url.includes('q='))).toHaveLength(1);

    const kv = within(filters).getByLabelText('Tensión mínima (kV)');
    await user.type(kv, 'alta');
    expect(await within(filters).findByRole('alert')).toHaveTextContent(
      'Escribe la tensión en kV, por ejemplo 115 o 13,8.',
    );
    expect(kv).toHaveAttribute('aria-invalid', 'true');
    await user.clear(kv);
    await user.type(kv, '13,8');
    await user.type(within(filters).getByLabelText('Área'), '2');
    await waitFor(() =>
      expect(pageUrls(fetchMock).at(-1)).toBe(
        'figure=attributable&q=nor&minKv=13.8&area=2&sort=capacity&order=desc&page=1&pageSize=50',
      ),
    );
    expect(pageUrls(fetchMock).some((url) => url.includes('alta'))).toBe(false);
    // The histogram follows the filters.
    const [histogramUrl] = (
      callsTo(fetchMock, '/api/cases/c7/busbar-capacities/histogram') as [string][]
    ).at(-1)!;
    expect(histogramUrl).toBe(
      '/api/cases/c7/busbar-capacities/histogram?figure=attributable&q=nor&minKv=13.8&area=2',
    );
    await user.click(within(filters).getByRole('button', { name: 'Quitar filtros' }));
    // Back to the first view: its page is already here (a done result never changes).
    await waitFor(() => expect(router.state.location.search).toBe('?caso=c7'));
    expect(within(filters).getByLabelText('Buscar barra')).toHaveValue('');
  });

  it('draws the histogram with its numbers in a table, and downloads what is shown', async () => {
    const { user, fetchMock, section } = await openSection({
      '/api/cases/c7/busbar-capacities.csv': () =>
        new Response('a;b', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const histogram = await within(section).findByTestId('capacity-histogram');
    expect(histogram).toHaveAccessibleName(
      'Histograma de la capacidad atribuible de 3 barras. El intervalo con más barras: 0 a menos de 150 MW: 1 barras.',
    );
    expect(within(histogram).getAllByTestId('histogram-bin')).toHaveLength(4);
    const data = within(section).getByRole('table', { name: 'Barras por intervalo de capacidad' });
    expect(
      within(data)
        .getAllByRole('row')
        .slice(1)
        .map((item) => item.textContent),
    ).toEqual(['00', '0 a menos de 1501', '150 a menos de 2.0001', '2.000 (tope)1']);

    const downloads = within(section).getByRole('group', {
      name: 'Descargar la capacidad por barra',
    });
    await user.click(within(downloads).getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/cases/c7/busbar-capacities.csv')).toHaveLength(1),
    );
    const [[url]] = callsTo(fetchMock, '/api/cases/c7/busbar-capacities.csv') as [[string]];
    expect(url).toBe(
      '/api/cases/c7/busbar-capacities.csv?figure=attributable&sort=capacity&order=desc',
    );
  });

  it('follows the capacity job, then shows the table', async () => {
    let done = false;
    let jobCalls = 0;
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        done
          ? page(request)
          : page(request, {
              state: 'running',
              progressPercent: 40,
              total: 0,
              rows: [],
              summary: null,
              options: null,
            }),
      '/api/jobs/k7/events': { status: 404, body: null },
      '/api/jobs/k7': () => {
        jobCalls += 1;
        done = jobCalls > 1;
        return jsonResponse(done ? job('done', 100) : job('running', 60));
      },
    });
    const progress = await within(section).findByRole('progressbar', {
      name: 'Progreso del cálculo de la capacidad por barra',
    });
    expect(['40', '60']).toContain(progress.getAttribute('aria-valuenow'));
    expect(
      await within(section).findByRole(
        'table',
        { name: /^Capacidad atribuible/ },
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('progressbar')).toBeNull();
  });

  it('offers to compute them for a case analysed before they existed', async () => {
    let requested: MockRequest | null = null;
    const { user, section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) => {
        if (request.method === 'POST') {
          requested = request;
          return jsonResponse(
            { caseId: 'c7', jobId: 'k7', existing: false, state: 'pending' },
            202,
          );
        }
        return requested === null
          ? page(request, { state: 'absent', jobId: null, total: 0, rows: [], summary: null })
          : page(request);
      },
    });
    expect(
      await within(section).findByText('Este caso no tiene la capacidad de cada barra'),
    ).toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', { name: 'Calcular la capacidad por barra' }),
    );
    expect(
      await within(section).findByRole('table', { name: /^Capacidad atribuible/ }),
    ).toBeInTheDocument();
    expect(requested).toMatchObject({ method: 'POST' });
  });

  it('says why the computation failed and offers to run it again', async () => {
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          state: 'failed',
          error: { code: 'INTERNAL', message: 'Error interno del cálculo' },
          total: 0,
          rows: [],
          summary: null,
        }),
    });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('El cálculo de la capacidad por barra falló');
    expect(alert).toHaveTextContent('Error interno del cálculo');
    expect(within(section).getByRole('button', { name: 'Calcular de nuevo' })).toBeEnabled();
  });

  it('is not shown for a case whose analysis failed', async () => {
    const failed = summary(8, {
      caseName: 'roto',
      analysis: { jobId: 'j8', state: 'failed', error: { code: 'X', message: 'Roto' } },
    });
    signedInWithSax({ '/api/cases': { body: { cases: [failed] } } });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar roto' }));
    expect(screen.queryByRole('region', { name: 'Capacidad por barra' })).toBeNull();
  });
});

describe('/analisis «Comparar dos casos» (issue #29)', () => {
  const other = summary(8, {
    caseName: 'Caso 8 con proyecto',
    analysis: { jobId: 'j8', state: 'done', error: null },
  });
  const failedCase = summary(9, { analysis: { jobId: 'j9', state: 'failed', error: null } });

  it('compares the selected case with another analysed one, once asked', async () => {
    const { user, fetchMock } = openCase({
      '/api/cases': { body: { cases: [analysed, other, failedCase] } },
      '/api/cases/c7/busbar-capacities/compare': (request) =>
        jsonResponse({
          base: {
            caseId: 'c7',
            caseName: 'Caso 7',
            state: 'done',
            computedAt: null,
            options: null,
            buses: 3,
          },
          other: {
            caseId: request.query.get('with'),
            caseName: 'Caso 8 con proyecto',
            state: 'done',
            computedAt: null,
            options: null,
            buses: 3,
          },
          figure: 'attributable',
          ready: true,
          settingsDiffer: ['capMw'],
          summary: {
            common: 3,
            increased: 1,
            decreased: 0,
            unchanged: 2,
            onlyBase: 0,
            onlyOther: 0,
            baseTotalMw: 0,
            otherTotalMw: 0,
            changed: 1,
          },
          changes: [
            {
              bus: 2002,
              name: 'SUR',
              baseKv: 13.8,
              area: 2,
              baseMw: 345.67,
              otherMw: 400,
              deltaMw: 54.33,
              baseLimiting: limiting('L 5-6', null),
              otherLimiting: limiting('L 1-2', 'L 3-4'),
            },
          ],
          constraints: { appeared: [], vanished: [], appearedTotal: 0, vanishedTotal: 0 },
        }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const card = await screen.findByRole('region', { name: 'Comparar dos casos' });
    const b = within(card).getByLabelText('Caso B (comparado)');
    // Only analysed cases, newest first as in the table: the failed one is not offered.
    expect(
      within(b)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      expect.stringContaining('Caso 8 con proyecto ·'),
      expect.stringContaining('Caso 7 ·'),
    ]);
    expect(b).toHaveDisplayValue(/^Caso 8 con proyecto/);
    expect(callsTo(fetchMock, '/api/cases/c7/busbar-capacities/compare')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Comparar' }));
    const table = await within(card).findByTestId('comparison-table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('SUR (2002, 13,8 kV)');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('+54,3 (sube)');
    // The settings differ: the screen says the MW mix both.
    expect(card).toHaveTextContent('se calcularon con opciones distintas (el tope por barra)');
  });

  it('is not offered with a single analysed case', async () => {
    const { user } = openCase();
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    await screen.findByRole('region', { name: 'Capacidad por barra' });
    expect(screen.queryByRole('region', { name: 'Comparar dos casos' })).toBeNull();
  });
});

describe('/analisis «Contingencias» (issue #30)', () => {
  it('says what the capacities were computed on, and asks for them again after a new file', async () => {
    let uploaded = false;
    const set = {
      fileName: 'ACTIVSg2000_contab.m',
      format: 'contab' as const,
      counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
      n1: null,
      subsystemsFile: null,
      monitoredFile: null,
    };
    const { user, section, fetchMock } = await openSection({
      '/api/cases/c7/contingency-set': (request) => {
        if (request.method === 'PUT') uploaded = true;
        return jsonResponse({
          caseId: 'c7',
          set: uploaded ? { ...set, uploadedAt: '2026-11-28T10:00:00Z' } : null,
          capacityJobId: uploaded ? 'k8' : null,
        });
      },
      '/api/cases/c7/busbar-capacities': (request) =>
        uploaded
          ? page(request, {
              options: {
                capMw: 2000,
                postContingencyRating: 'emergency',
                sink: 'headroom-down',
                distributionFactorCutoff: 0.01,
                contingencies: 3734,
                monitored: 40,
                computeMs: 12,
                contingencySet: { ...set, notScreened: 12 },
              },
            })
          : page(request),
    });
    const card = screen.getByRole('region', { name: 'Contingencias' });
    expect(
      await within(card).findByText('Todas las ramas en servicio, una a la vez (N-1)'),
    ).toBeInTheDocument();
    expect(await within(section).findByTestId('capacity-contingency-set')).toHaveTextContent(
      'Contingencias: todas las ramas, una a la vez.',
    );
    const before = callsTo(fetchMock, '/api/cases/c7/busbar-capacities').length;

    await user.upload(
      within(card).getByLabelText('Subir archivo de contingencias'),
      new File(['chgtab = [];'], 'ACTIVSg2000_contab.m'),
    );
    await waitFor(() =>
      expect(within(section).getByTestId('capacity-contingency-set')).toHaveTextContent(
        'Contingencias del archivo ACTIVSg2000_contab.m: 3.734 (3.190 de una rama, 0 de varias ramas, 544 de unidades, 0 mixtas); 12 no evaluadas (separan la red o nadie reemplaza la unidad).',
      ),
    );
    expect(callsTo(fetchMock, '/api/cases/c7/busbar-capacities').length).toBeGreaterThan(before);
    expect(within(card).getByTestId('contingency-set-counts')).toHaveTextContent(
      '3.734 contingencias: 3.190 de una rama, 0 de varias ramas, 544 de unidades, 0 mixtas',
    );
    // No .mon: every rated branch is watched, and nothing says otherwise.
    expect(within(section).queryByTestId('capacity-monitored-file')).toBeNull();
    expect(section).not.toHaveTextContent('Solo se vigila');
  });

  /** Capacities computed on a .con with its .mon (only its branches watched). */
  const onMonitored = (monitoredFile: {
    fileName: string;
    branches: number;
    interfaces: number;
  }): BusbarCapacityPageResponse['options'] => ({
    capMw: 2000,
    postContingencyRating: 'emergency',
    sink: 'headroom-down',
    distributionFactorCutoff: 0.01,
    contingencies: 12,
    monitored: monitoredFile.branches,
    computeMs: 12,
    contingencySet: {
      fileName: 'plan.con',
      format: 'psse-con',
      counts: { total: 12, branch: 12, multiBranch: 0, generator: 0, mixed: 0 },
      notScreened: 0,
      monitoredFile,
    },
  });

  it('says only the .mon’s branches were watched, and that its interfaces do not limit', async () => {
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          options: onMonitored({ fileName: 'vigilar.mon', branches: 42, interfaces: 3 }),
        }),
    });
    expect(await within(section).findByTestId('capacity-contingency-set')).toHaveTextContent(
      'Contingencias del archivo plan.con: 12 (12 de una rama, 0 de varias ramas, 0 de unidades, 0 mixtas); todas se evaluaron.',
    );
    expect(within(section).getByTestId('capacity-monitored-file')).toHaveTextContent(
      'Solo se vigilan las 42 ramas de «vigilar.mon» y sus 3 interfaces con límite (la suma de los flujos de sus ramas).',
    );
  });

  it('says nothing of interfaces when the .mon gives none', async () => {
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          options: onMonitored({ fileName: 'vigilar.mon', branches: 42, interfaces: 0 }),
        }),
    });
    expect(await within(section).findByTestId('capacity-monitored-file')).toHaveTextContent(
      /^Solo se vigilan las 42 ramas de «vigilar\.mon»\.$/,
    );
  });

  it('says which contingencies the computation on its way takes', async () => {
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          next: {
            jobId: 'k9',
            state: 'running',
            progressPercent: 40,
            stage: null,
            error: null,
            options: DEFAULT_ANALYSIS_OPTIONS,
            contingencyFile: 'dobles.con',
          },
        }),
      '/api/jobs/k9/events': { status: 404, body: null },
      '/api/jobs/k9': () => jsonResponse(job('running', 40)),
    });
    expect(await within(section).findByTestId('capacity-next')).toHaveTextContent(
      'Se muestra el resultado anterior hasta que termine el cálculo con las opciones por defecto y las contingencias del archivo dobles.con.',
    );
  });

  it('shows each bus’s weak grid, the least figure and its limiting variable as UPME names it (issue #31)', async () => {
    const ac = {
      dcMw: 120.04,
      acMw: 98.3,
      limitingVariable: 'voltage' as const,
      acLimiting: {
        variable: 'voltage' as const,
        elementName: 'CENTRO',
        contingencyName: 'L 3-4',
        value: 0.94,
        limit: 0.95,
        unit: 'pu' as const,
      },
      checkedContingencies: 10,
      preExisting: { count: 0, items: [] },
      powerFlows: 40,
    };
    const withWeakGrid: BusbarCapacityRow[] = [
      row({
        bus: 1001,
        name: 'NORTE',
        attributable: {
          capacityMw: 2000,
          limiting: null,
          limitMw: 512.5,
          limitingVariable: 'weak-grid',
        },
        strict: { capacityMw: 2000, limiting: null, limitMw: 512.5, limitingVariable: 'weak-grid' },
        weakGridMw: 512.5,
      }),
      row({
        bus: 3003,
        name: 'CENTRO',
        attributable: {
          capacityMw: 120.04,
          limiting: limiting('L 1-2', 'L 3-4'),
          acCapacity: ac,
          limitMw: 98.3,
          limitingVariable: 'voltage',
        },
        weakGridMw: 900,
      }),
    ];
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          rows: withWeakGrid,
          total: 2,
          weakGrid: {
            state: 'available',
            xdPu: 0.2,
            scrMin: 3,
            computedAt: '2026-12-11T10:00:00Z',
          },
        }),
    });
    const table = await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(-3)).toEqual([
      'Red débil (MW)SCR ≥ 3',
      'Capacidad (MW)la menor',
      'Variable limitante',
    ]);
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .slice(-3)
        .map((cell) => cell.textContent);
    expect(cells('NORTE')).toEqual(['512,5', '512,5', 'cortocircuito (red débil)']);
    expect(cells('CENTRO')).toEqual(['900,0', '98,3', 'tensión']);
    expect(within(section).getByTestId('weak-grid-note')).toHaveTextContent(
      'Red débil: los MW que admite cada barra con una razón de cortocircuito de al menos 3 (la potencia de cortocircuito mínima N-1 entre 3), con X″d = 0,2 p.u. en las unidades sin datos.',
    );
  });

  it('says why the weak-grid column is empty for a case without machine data (issue #31)', async () => {
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          weakGrid: {
            state: 'unavailable',
            xdPu: null,
            scrMin: null,
            computedAt: '2026-12-11T10:00:00Z',
          },
        }),
    });
    const table = await within(section).findByRole('table', { name: /^Capacidad atribuible/ });
    expect(within(table).getByTestId('weak-grid-header')).toHaveTextContent(
      'sin datos de máquinas',
    );
    expect(within(section).getByTestId('weak-grid-note')).toHaveTextContent(
      /^Red débil: el caso no trae impedancias de las máquinas/,
    );
  });

  it('verifies every bus of the table in AC in the background, with its progress, and says what stayed after a failure (issue #31)', async () => {
    let asked: MockRequest | null = null;
    let jobCalls = 0;
    const acJob = (jobState: string, progressPercent: number, stage: string | null) => ({
      ...job(jobState, progressPercent),
      jobId: 'ac1',
      kind: 'ac-capacity',
      stage,
    });
    const { user, section, fetchMock } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, {
          acAll: { buses: 3, seconds: 42, limitMinutes: 60 },
          acRun:
            asked === null
              ? null
              : jobCalls < 2
                ? {
                    jobId: 'ac1',
                    figure: 'attributable',
                    state: 'running',
                    progressPercent: 33,
                    stage: 'ac-capacities:1/3',
                    error: null,
                    total: 3,
                    verified: 1,
                  }
                : {
                    jobId: 'ac1',
                    figure: 'attributable',
                    state: 'failed',
                    progressPercent: 66,
                    stage: null,
                    error: { code: 'JOB_WORKER_CRASHED', message: 'El análisis se interrumpió.' },
                    total: 3,
                    verified: 2,
                  },
        }),
      '/api/cases/c7/busbar-capacities/ac': (request) => {
        asked = request;
        return jsonResponse(
          { caseId: 'c7', jobId: 'ac1', existing: false, buses: 3, seconds: 42 },
          202,
        );
      },
      '/api/jobs/ac1/events': { status: 404, body: null },
      '/api/jobs/ac1': () => {
        jobCalls += 1;
        return jsonResponse(
          jobCalls < 2
            ? acJob('running', 66, 'ac-capacities:2/3')
            : {
                ...acJob('failed', 66, null),
                error: { code: 'JOB_WORKER_CRASHED', message: 'El análisis se interrumpió.' },
              },
        );
      },
    });
    const panel = await within(section).findByTestId('ac-all');
    expect(within(panel).getByTestId('ac-all-estimate')).toHaveTextContent(
      '3 barras sin verificar con los filtros de la tabla · unos 42 s en este servidor',
    );
    await user.click(within(panel).getByRole('button', { name: 'Verificar todas en AC' }));
    const progress = await within(panel).findByRole('progressbar', {
      name: 'Progreso de la verificación AC de todas las barras',
    });
    expect(progress).toBeTruthy();
    expect(await within(panel).findByText(/^AC: [12] de 3 barras$/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(asked!.body).toEqual({ figure: 'attributable' });
    expect(asked!.method).toBe('POST');
    // The job fails: what stayed verified, and the offer to go on.
    expect(
      await within(section).findByText(
        'El análisis se interrumpió. 2 de 3 barras quedaron verificadas y guardadas; «Verificar todas en AC» sigue con las que faltan.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, '/api/cases/c7/busbar-capacities/ac')).toHaveLength(1);
  });

  it('does not offer a verification past the server’s limit, and says how to make it fit (issue #31)', async () => {
    const { section } = await openSection({
      '/api/cases/c7/busbar-capacities': (request) =>
        page(request, { acAll: { buses: 10000, seconds: 10_020, limitMinutes: 60 }, acRun: null }),
    });
    const panel = await within(section).findByTestId('ac-all');
    expect(within(panel).getByRole('button', { name: 'Verificar todas en AC' })).toBeDisabled();
    expect(panel).toHaveTextContent(
      'Tardaría 2 h 47 min y el máximo de este servidor es 60 min: filtra la tabla por área, tensión o nombre para verificar menos barras a la vez.',
    );
  });
});
