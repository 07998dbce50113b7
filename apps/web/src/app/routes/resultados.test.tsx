import { busbarCapacitySchema, caseDataSchema, type StudyListItem } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  busbarResult,
  studyCase,
  studyDetail,
  studyItem,
} from '../../features/results/study.test-support';
import { jobEvents, jobStatus } from '../../features/studies/studies.test-support';
import {
  callsTo,
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
} from '../../render.test-support';

const names = [
  'ODESSA',
  'MIDLAND',
  'BIG SPRING',
  'ABILENE',
  'WACO',
  'TEMPLE',
  'AUSTIN',
  'ROUND ROCK',
  'KILLEEN',
  'BRYAN',
  'HOUSTON',
  'DALLAS',
];

const demo = studyItem();

/** The demo's detail: 12 busbars in alta_2027, baja_2027 and alta_2028. */
function demoCases() {
  return (['alta_2027', 'baja_2027', 'alta_2028'] as const).map((caseName) => {
    const [scenario, year] = caseName.split('_') as [string, string];
    return studyCase(
      scenario,
      Number(year),
      names.map((name, i) =>
        busbarResult({
          bus: (i + 1) * 10,
          name,
          caseId: `${i + 1}-${caseName}`,
          capacityMw: scenario === 'alta' ? 412.36 : 250,
        }),
      ),
    );
  });
}

const own = studyItem({
  studyId: 's1',
  name: 'Conexiones ACTIVSg500',
  networkLabel: 'Red sintética ACTIVSg500',
  isDemo: false,
  busbars: 1,
  jobId: 'j1',
});

/** One busbar case's stored result (its generators for the chart). */
function caseData(caseId: string) {
  const capacity = busbarCapacitySchema.parse({
    busNumber: 10,
    busName: 'ODESSA',
    scenario: 'alta',
    year: 2027,
    condition: 'Condición alta',
    capacityMw: 412.36,
    tmaxMw: 2000,
    limiting: {
      monitoredBranch: 3,
      monitoredName: 'ODESSA-MIDLAND',
      contingencyBranch: 9,
      contingencyName: 'WACO-TEMPLE',
      transferAtLimitMw: 412.36,
      distributionFactor: 0.4,
      limitMw: 300,
      preExistingViolation: false,
      flowAtZeroMw: 135.056,
      generators: [
        {
          name: 'G MIDLAND',
          busNumber: 20,
          initialMw: 50,
          maxMw: 100,
          sensitivity: 0.3,
          dispatchAtLimitMw: null,
        },
      ],
    },
    topConstraints: [],
    projectsInService: [],
    interchanges: [],
    networkLabel: 'Red sintética ACTIVSg2000',
  });
  return caseDataSchema.parse({
    caseId,
    fullDataJson: null,
    extras: null,
    analysis: {
      schemaVersion: 1,
      network: {
        format: 'matpower',
        revision: null,
        compressed: true,
        baseMva: 100,
        counts: { buses: 2000, branches: 3206, generators: 544, loads: 1125, islands: 1 },
        warnings: [],
      },
      n1: {
        contingencies: 3206,
        islandingContingencies: 0,
        monitored: 3206,
        baseCaseOverloads: 0,
        overloadedPairs: 0,
        top: [],
        baseCaseTop: [],
      },
      busbarCapacity: capacity,
      timingsMs: {},
    },
    apiResponseDate: '2026-11-22T00:00:00.000Z',
  });
}

function api(routes: Parameters<typeof mockApi>[0] = {}, studies: StudyListItem[] = [demo, own]) {
  return mockApi({
    '/api/auth/get-session': { body: { user: sampleSessionUser } },
    '/api/studies': { body: { studies } },
    '/api/studies/demo': { body: studyDetail(demo, demoCases()) },
    '/api/studies/s1': {
      body: studyDetail(own, [
        studyCase('base', 2030, [busbarResult({ bus: 7, name: 'EASTOVER', caseId: 's1-7' })]),
      ]),
    },
    ...routes,
  });
}

const familiesTable = () =>
  screen.findByRole('table', { name: 'Barras del estudio de capacidad de conexión' });
const articles = () => screen.getAllByRole('article');

describe('/resultados', () => {
  it('shows the demo by default, read in one request: families, every card, then a family’s', async () => {
    const fetchMock = api();
    const { user } = renderApp('/resultados');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Capacidad de conexión en barras' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Estudio mostrado')).toHaveDisplayValue(
      'Estudio de demostración ACTIVSg2000 (demostración)',
    );
    const table = await familiesTable();
    // The stats strip sums up the study shown.
    expect(await screen.findByTestId('results-stat-busbarsEvaluated')).toHaveTextContent('12');
    expect(screen.getByTestId('results-stat-scenariosAnalysed')).toHaveTextContent('36');
    expect(within(table).getByRole('columnheader', { name: 'Barra ID' })).toBeInTheDocument();
    expect(
      within(table).getByRole('columnheader', { name: 'Nombre de la Barra' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('columnheader', { name: 'Cantidad Escenarios' }),
    ).toBeInTheDocument();
    // Default page size 10 of 12 families.
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filas por página'), '5');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filas por página'), '25');

    // Without a family, every card of the study from one read (no request per case), drawn
    // 12 at a time (issue #29: the demo's 450 made a 53,847 px page).
    expect(articles()).toHaveLength(12);
    expect(screen.getByTestId('cards-count')).toHaveTextContent(
      '36 resultados · Se muestran 12 de 36.',
    );
    await user.click(screen.getByRole('button', { name: 'Mostrar 12 más' }));
    expect(articles()).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Mostrar 12 más' }));
    expect(articles()).toHaveLength(36);
    expect(screen.getByTestId('cards-count')).toHaveTextContent(/^36 resultados$/);
    expect(screen.queryByRole('button', { name: /^Mostrar \d+ más$/ })).toBeNull();
    expect(screen.getByText('Sin barra seleccionada se analizan todos los casos del estudio.'));
    expect(callsTo(fetchMock, '/api/studies/demo')).toHaveLength(1);
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/cases/')),
    ).toHaveLength(0);

    await user.click(screen.getByRole('cell', { name: 'ODESSA' }));
    expect(screen.getByTestId('selected-family')).toHaveTextContent(
      'Familia seleccionada: 10 · ODESSA · 3 casos',
    );
    expect(articles()).toHaveLength(3);
    const first = articles()[0]!;
    expect(first).toHaveTextContent('412,4');
    expect(first).toHaveTextContent('ODESSA-MIDLAND');
    expect(first).toHaveTextContent('WACO-TEMPLE');
    expect(first).toHaveTextContent('alta');
    expect(first).toHaveTextContent('2027');
    expect(first).toHaveTextContent('Condición alta');

    // Year tabs.
    await user.click(screen.getByRole('tab', { name: '2028' }));
    expect(articles()).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Todos' }));
    expect(articles()).toHaveLength(3);

    // Chart with a text alternative; conditions from the study; notes; downloads of the study.
    expect(
      screen.getByRole('img', { name: /capacidad de conexión de la barra ODESSA/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Capacidad de conexión (MW) de la barra ODESSA' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('network-label')).toHaveTextContent('Red sintética ACTIVSg2000');
    expect(screen.getAllByText('Exportación a Ecuador: 150 MW').length).toBeGreaterThan(0);
    expect(screen.getByText(/Segundo circuito WACO-TEMPLE/)).toBeInTheDocument();
    expect(screen.getByText(/Resultados vigentes al/)).toBeInTheDocument();
    expect(screen.getByText(/no son simultáneas ni aditivas/)).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Descargar la capacidad de conexión de la barra ODESSA' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/studies/demo')).toHaveLength(1);
  });

  it('reads the selected card’s busbar case for its generator chart, and only that one', async () => {
    const fetchMock = api({ '/api/cases/1-baja_2027/data': () => jsonResponse(caseData('x')) });
    const { user } = renderApp('/resultados');
    await user.click(await screen.findByRole('cell', { name: 'ODESSA' }));
    expect(
      screen.getByText(/Selecciona un caso \(«Ver generadores»\)/, { exact: false }),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', {
        name: 'Ver la sensibilidad de los generadores de la barra ODESSA en el caso baja_2027',
      }),
    );
    const chart = await screen.findByTestId('generator-chart');
    expect(chart).toHaveTextContent('Restricción limitante: ODESSA-MIDLAND ante WACO-TEMPLE');
    expect(within(chart).getByRole('slider', { name: 'Despacho de G MIDLAND' })).toBeVisible();
    expect(
      fetchMock.mock.calls
        .map(([input]) => String(input))
        .filter((url) => url.startsWith('/api/cases/') && url.endsWith('/data')),
    ).toEqual(['/api/cases/1-baja_2027/data']);
  });

  it('says why a card’s generators could not be read', async () => {
    api({
      '/api/cases/1-alta_2027/data': {
        status: 404,
        body: { error: { code: 'CASE_NOT_FOUND', message: 'No se encontró el caso' } },
      },
    });
    const { user } = renderApp('/resultados');
    await user.click(await screen.findByRole('cell', { name: 'ODESSA' }));
    await user.click(
      screen.getByRole('button', { name: /de la barra ODESSA en el caso alta_2027$/ }),
    );
    // (The case's «Capacidad por barra» below reads on its own: not mocked here.)
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'No se pudieron cargar las sensibilidades de los generadores de este caso: No se encontró el caso',
      ),
    );
  });

  it('chooses one of the user’s studies (and follows ?estudio=), with links to the studies', async () => {
    const failed = studyItem({
      studyId: 's2',
      name: 'Falló sin resultados',
      isDemo: false,
      state: 'failed',
      resultsVersion: null,
    });
    const fetchMock = api({}, [demo, own, failed]);
    const { user, router } = renderApp('/resultados');
    const chooser = await screen.findByLabelText('Estudio mostrado');
    await waitFor(() => expect(chooser).toBeEnabled());
    // The demo and the user's studies with results; not one that never computed.
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Estudio de demostración ACTIVSg2000 (demostración)',
      'Conexiones ACTIVSg500 · Calculado',
    ]);
    expect(screen.getByRole('link', { name: 'Nuevo estudio' })).toHaveAttribute(
      'href',
      '/estudios/nuevo',
    );
    expect(screen.getByRole('link', { name: 'Mis estudios' })).toHaveAttribute('href', '/estudios');

    await user.click(await screen.findByRole('cell', { name: 'ODESSA' }));
    await user.selectOptions(chooser, 's1');
    expect(router.state.location.search).toBe('?estudio=s1');
    const table = await screen.findByRole('cell', { name: 'EASTOVER' });
    expect(table).toBeInTheDocument();
    // Another study starts without a family, with its own cards and figures.
    expect(screen.queryByTestId('selected-family')).not.toBeInTheDocument();
    expect(articles()).toHaveLength(1);
    expect(screen.getByTestId('network-label')).toHaveTextContent('Red sintética ACTIVSg500');
    expect(screen.getByTestId('study-summary-line')).toHaveTextContent(
      'Red: Red sintética ACTIVSg500 · 2 escenarios × 2 años · 1 barra · Resultados de la versión 1',
    );
    expect(await screen.findByTestId('results-stat-busbarsEvaluated')).toHaveTextContent('1');
    expect(callsTo(fetchMock, '/api/studies/s1')).toHaveLength(1);
  });

  it('opens the study of the link from /estudios directly', async () => {
    const fetchMock = api();
    renderApp('/resultados?estudio=s1');
    expect(await screen.findByRole('cell', { name: 'EASTOVER' })).toBeInTheDocument();
    expect(screen.getByLabelText('Estudio mostrado')).toHaveDisplayValue(
      'Conexiones ACTIVSg500 · Calculado',
    );
    expect(callsTo(fetchMock, '/api/studies/demo')).toHaveLength(0);
  });

  it('says which contingencies the study’s figures were computed on (issue #30)', async () => {
    const onSet = {
      ...own,
      baseCaseId: 'c1',
      contingencySet: {
        fileName: 'plan.con',
        format: 'psse-con' as const,
        counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
        subsystemsFileName: 'plan.sub',
        monitoredFileName: 'plan.mon',
      },
    };
    api(
      {
        '/api/studies/s1': {
          body: studyDetail(onSet, [
            studyCase('base', 2030, [busbarResult({ bus: 7, name: 'EASTOVER', caseId: 's1-7' })]),
          ]),
        },
      },
      [demo, onSet],
    );
    const { user } = renderApp('/resultados?estudio=s1');
    expect(await screen.findByRole('cell', { name: 'EASTOVER' })).toBeInTheDocument();
    const described =
      '«plan.con» (archivo .con de PSS/E) con «plan.sub» y «plan.mon» — 3.734: 3.190 de una rama, 544 de unidades';
    expect(screen.getByTestId('study-contingencies')).toHaveTextContent(
      `Contingencias: ${described}`,
    );
    expect(screen.getByTestId('conditions-contingencies')).toHaveTextContent(described);

    // The demo: every in-service branch, one at a time.
    await user.selectOptions(screen.getByLabelText('Estudio mostrado'), 'demo');
    expect(await screen.findByRole('cell', { name: 'ODESSA' })).toBeInTheDocument();
    expect(screen.getByTestId('study-contingencies')).toHaveTextContent(
      'Contingencias: cada rama en servicio, una a la vez',
    );
    expect(screen.getByTestId('conditions-contingencies')).toHaveTextContent(
      'Cada rama en servicio, una a la vez',
    );
  });

  it('shows a running study’s progress and its previous results, then the new ones', async () => {
    const events = jobEvents();
    let finished = false;
    const running = {
      ...own,
      state: 'running' as const,
      version: 2,
      progressPercent: 0,
      jobId: 'j2',
    };
    api({
      '/api/studies': () =>
        jsonResponse({
          studies: [demo, finished ? { ...own, version: 2, resultsVersion: 2 } : running],
        }),
      '/api/studies/s1': () =>
        jsonResponse(
          finished
            ? studyDetail({ ...own, version: 2, resultsVersion: 2 }, [
                studyCase('base', 2030, [
                  busbarResult({ bus: 7, name: 'EASTOVER', caseId: 'v2-7' }),
                  busbarResult({ bus: 8, name: 'NUEVA', caseId: 'v2-8' }),
                ]),
              ])
            : studyDetail(running, [
                studyCase('base', 2030, [
                  busbarResult({ bus: 7, name: 'EASTOVER', caseId: 's1-7' }),
                ]),
              ]),
        ),
      '/api/jobs/j2/events': events.response,
    });
    renderApp('/resultados?estudio=s1');
    const bar = await screen.findByRole('progressbar', {
      name: 'Progreso de Conexiones ACTIVSg500',
    });
    expect(screen.getByText('«Conexiones ACTIVSg500» se está calculando')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Mientras tanto se muestran los resultados de la versión 1; los nuevos aparecerán al terminar.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'EASTOVER' })).toBeInTheDocument();
    // The list knows version 2's contingencies, not those of the results shown.
    expect(screen.getByTestId('study-contingencies')).toHaveTextContent(
      'Contingencias de la versión 2: cada rama en servicio, una a la vez',
    );
    expect(screen.queryByTestId('conditions-contingencies')).not.toBeInTheDocument();

    events.send(
      jobStatus({ jobId: 'j2', progressPercent: 50, stage: 'study-case-running:1/2/2:base_2030' }),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Caso 1 de 2: base_2030 (2 barras) · 50 %')).toBeInTheDocument();

    finished = true;
    events.send(jobStatus({ jobId: 'j2', state: 'done', progressPercent: 100, stage: null }));
    expect(await screen.findByRole('cell', { name: 'NUEVA' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('study-summary-line')).toHaveTextContent(
      'Resultados de la versión 2',
    );
    expect(screen.getByTestId('study-contingencies')).toHaveTextContent(
      'Contingencias: cada rama en servicio, una a la vez',
    );
    expect(screen.getByTestId('conditions-contingencies')).toBeInTheDocument();
  });

  it('says a study not found is not found (deleted, or another user’s), and offers the demo', async () => {
    api({
      '/api/studies/borrado': {
        status: 404,
        body: { error: { code: 'STUDY_NOT_FOUND', message: 'No se encontró el estudio' } },
      },
    });
    const { user, router } = renderApp('/resultados?estudio=borrado');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No se encontró el estudio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No hay un estudio «borrado» entre los tuyos',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ver el estudio de demostración' }));
    expect(router.state.location.search).toBe('?estudio=demo');
    expect(await screen.findByRole('cell', { name: 'ODESSA' })).toBeInTheDocument();
  });

  it('refuses a malformed study id without asking the API', async () => {
    const fetchMock = api();
    renderApp('/resultados?estudio=..%2Fotro');
    expect(await screen.findByText('No se encontró el estudio')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('otro'))).toHaveLength(
      0,
    );
  });

  it('says there is no data while the demo study is computed, or a study has no results yet', async () => {
    api({
      '/api/stats': { body: { ...sampleStats, demoData: 'computing' } },
      '/api/studies/demo': {
        status: 404,
        body: { error: { code: 'STUDY_NOT_FOUND', message: 'No se encontró el estudio' } },
      },
    });
    const { unmount } = renderApp('/resultados');
    expect(await screen.findByText('No hay datos disponibles')).toBeInTheDocument();
    expect(screen.getByText(/se calcula al primer arranque del servidor/)).toBeInTheDocument();
    // The strip says so too, from the server's public figures.
    expect(
      await screen.findByText('Calculando las cifras del estudio de demostración...'),
    ).toBeInTheDocument();
    unmount();

    const first = { ...own, state: 'queued' as const, resultsVersion: null, jobId: 'j3' };
    api(
      {
        '/api/studies/s1': { body: studyDetail(first, []) },
        '/api/jobs/j3/events': jobEvents().response,
      },
      [demo, first],
    );
    renderApp('/resultados?estudio=s1');
    expect(await screen.findByText('No hay datos disponibles')).toBeInTheDocument();
    expect(
      screen.getByText('Este estudio todavía no tiene resultados calculados.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Los resultados aparecerán aquí en cuanto termine el cálculo.'),
    ).toBeInTheDocument();
  });

  it('shows no families when the study has cases without busbars', async () => {
    api({ '/api/studies/demo': { body: studyDetail(demo, [studyCase('alta', 2027, [])]) } });
    renderApp('/resultados');
    expect(await screen.findByText('No hay familias para mostrar.')).toBeInTheDocument();
  });

  it('shows the loading and error states of the table', async () => {
    api({
      '/api/studies/demo': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Falla interna' } },
      },
    });
    renderApp('/resultados');
    expect(await screen.findByText('Cargando datos...')).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar datos')).toBeInTheDocument();
    expect(screen.getByText('Falla interna')).toBeInTheDocument();
  });

  it('throttles the refresh to once every 3 s', async () => {
    const fetchMock = api();
    const { user } = renderApp('/resultados');
    const refresh = await screen.findByRole('button', { name: 'Actualizar' });
    await screen.findByRole('cell', { name: 'ODESSA' });
    const count = () => callsTo(fetchMock, '/api/studies/demo').length;
    const before = count();
    await user.click(refresh);
    await user.click(refresh);
    await waitFor(() => expect(count()).toBe(before + 1));
    expect(refresh).toHaveAttribute('aria-disabled', 'true');
  });
});
