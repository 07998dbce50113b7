import {
  busbarCapacitySchema,
  caseDataSchema,
  caseListResponseSchema,
  statsResponseSchema,
  type CaseSummary,
} from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
} from '../../test/render';

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

function demoCases(): CaseSummary[] {
  const cases: CaseSummary[] = [];
  names.forEach((name, i) => {
    for (const caseName of ['alta_2027', 'baja_2027', 'alta_2028']) {
      cases.push({
        caseId: `${i + 1}-${caseName}`,
        caseName,
        caseDescription: null,
        process: null,
        familyId: String((i + 1) * 10),
        familyName: name,
        createdAt: '2026-11-22T00:00:00.000Z',
        isDemo: true,
      });
    }
  });
  return caseListResponseSchema.parse({ cases }).cases;
}

function caseData(caseId: string) {
  const [, caseName = ''] = caseId.split('-');
  const [scenario = '', year = '0'] = caseName.split('_');
  const capacity = busbarCapacitySchema.parse({
    busNumber: 10,
    busName: 'ODESSA',
    scenario,
    year: Number(year),
    condition: `Condición ${scenario}`,
    capacityMw: scenario === 'alta' ? 412.36 : 250,
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
    },
    topConstraints: [],
    projectsInService: year === '2028' ? ['Segundo circuito WACO-TEMPLE'] : [],
    interchanges: [{ name: 'Exportación a Ecuador', busNumber: 7, mw: 150 }],
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

function api(cases: CaseSummary[], failing: string[] = []) {
  const routes: Parameters<typeof mockApi>[0] = {
    '/api/auth/get-session': { body: { user: sampleSessionUser } },
    '/api/cases': { body: { cases } },
    '/api/stats': { body: statsResponseSchema.parse(sampleStats) },
  };
  for (const item of cases) {
    routes[`/api/cases/${item.caseId}/data`] = failing.includes(item.caseId)
      ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }
      : () => jsonResponse(caseData(item.caseId));
  }
  return mockApi(routes);
}

describe('/resultados', () => {
  it('lists the families, pages them and selects one to load its result cards', async () => {
    api(demoCases());
    const { user } = renderApp('/resultados');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Capacidad de conexión en barras' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('results-stat-busbarsEvaluated')).toHaveTextContent('25');
    const table = await screen.findByRole('table', {
      name: 'Barras del estudio de capacidad de conexión',
    });
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

    await user.click(screen.getByRole('cell', { name: 'ODESSA' }));
    expect(screen.getByTestId('selected-family')).toHaveTextContent(
      'Familia seleccionada: 10 · ODESSA · 3 casos',
    );
    // One case at a time, 500 ms apart.

    const cards = await screen.findAllByRole('article', undefined, { timeout: 5000 });
    expect(cards.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3), { timeout: 5000 });
    const first = screen.getAllByRole('article')[0]!;
    expect(first).toHaveTextContent('412,4');
    expect(first).toHaveTextContent('ODESSA-MIDLAND');
    expect(first).toHaveTextContent('WACO-TEMPLE');
    expect(first).toHaveTextContent('alta');
    expect(first).toHaveTextContent('2027');
    expect(first).toHaveTextContent('Condición alta');

    // Year tabs.
    await user.click(screen.getByRole('tab', { name: '2028' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Todos' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);

    // Chart with a text alternative; conditions from the data; notes.
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
  });

  it('skips failed cases and says so when none loads', async () => {
    const cases = demoCases().slice(0, 3);
    api(
      cases,
      cases.map((item) => item.caseId),
    );
    const { user } = renderApp('/resultados');
    await user.click(await screen.findByRole('cell', { name: 'ODESSA' }));
    expect(
      await screen.findByText('No se pudieron cargar ningún resultado.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
  });

  it('says there is no data while the demo study is computed, and no families without family cases', async () => {
    api([]);
    renderApp('/resultados');
    expect(await screen.findByText('No hay datos disponibles')).toBeInTheDocument();
  });

  it('shows families empty and load errors', async () => {
    const lone = demoCases()[0]!;
    api([{ ...lone, familyId: null, familyName: null }]);
    renderApp('/resultados');
    expect(await screen.findByText('No hay familias para mostrar.')).toBeInTheDocument();
  });

  it('shows the loading and error states of the table', async () => {
    mockApi({
      '/api/auth/get-session': { body: { user: sampleSessionUser } },
      '/api/cases': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Falla interna' } },
      },
      '/api/stats': { body: sampleStats },
    });
    renderApp('/resultados');
    expect(await screen.findByText('Cargando datos...')).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar datos')).toBeInTheDocument();
  });

  it('throttles the refresh to once every 3 s', async () => {
    const fetchMock = api(demoCases().slice(0, 3));
    const { user } = renderApp('/resultados');
    const refresh = await screen.findByRole('button', { name: 'Actualizar' });
    await screen.findByRole('cell', { name: 'ODESSA' });
    const count = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/cases')).length;
    const before = count();
    await user.click(refresh);
    await user.click(refresh);
    await waitFor(() => expect(count()).toBe(before + 1));
    expect(refresh).toHaveAttribute('aria-disabled', 'true');
  });
});
