import { flexibilitySchema, flexibilitySummary } from '@holgura/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CasesTable } from '../../features/analysis/components/cases-table';
import { UploadCard } from '../../features/analysis/components/upload-card';
import { writeCachedSummary } from '../../features/analysis/flexibility/cache';
import { flexibilityFixture } from '../../features/analysis/flexibility/flexibility.test-support';
import {
  callsTo,
  deferred,
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
} from '../../render.test-support';
import {
  caseData,
  config,
  resultRoutes,
  saxToken,
  sevenCases,
  signedInWithSax,
  summary,
  withContingencySet,
} from './analisis.test-support';

/** The summary part of a result without flexibility (GET …/result/summary). */
const noFlexibilitySummary = {
  caseId: 'c7',
  analysisId: null,
  apiResponseDate: caseData.apiResponseDate,
  analysis: caseData.analysis,
  flexibility: null,
};

describe('/analisis case table', () => {
  it('shows loading, then the newest five of the cases without a family, titled with the total', async () => {
    const cases = deferred<Response>();
    const fetchMock = signedInWithSax({ '/api/cases': () => cases.promise });
    renderApp('/analisis');

    expect(await screen.findByRole('status', { name: 'Cargando casos...' })).toBeInTheDocument();
    cases.resolve(
      jsonResponse({
        cases: [...sevenCases.body.cases, summary(9, { familyId: 'F1', caseName: 'Familia' })],
      }),
    );

    expect(await screen.findByText('Casos de Análisis – Total: 7')).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios[0]).toHaveAccessibleName('Seleccionar Caso 7');
    expect(screen.queryByText('Familia')).not.toBeInTheDocument();
    for (const header of ['caseID', 'Nombre del caso', 'Fecha de creación']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByText('07/11/2026 08:30')).toBeInTheDocument();
    // The API call carries the SAX id token.
    const [[, init]] = callsTo(fetchMock, '/api/cases') as [[unknown, RequestInit]];
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${saxToken}`);
  });

  it('pages by 5, 10 or 25 and goes back to the first page when the size changes', async () => {
    signedInWithSax({ '/api/cases': sevenCases });
    const { user } = renderApp('/analisis');
    await screen.findByText('Página 1 de 2');

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);

    const size = screen.getByRole('combobox', { name: 'Filas por página' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25']);
    await user.selectOptions(size, '10');
    expect(screen.getByText('Página 1 de 1')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(7);
  });

  it('says so when there are no cases, and when they cannot be loaded', async () => {
    signedInWithSax({ '/api/cases': { body: { cases: [] } } });
    renderApp('/analisis');
    expect(await screen.findByText('No hay casos para mostrar.')).toBeInTheDocument();
  });

  it('shows the error text when the list fails', async () => {
    signedInWithSax({ '/api/cases': { status: 500, body: null } });
    renderApp('/analisis');
    expect(
      await screen.findByText('No se pudieron cargar los casos: Error del servidor (500)'),
    ).toBeInTheDocument();
  });

  it('refreshes from the API at most once every 3 seconds', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const fetchMock = signedInWithSax({ '/api/cases': sevenCases });
    const { user } = renderApp('/analisis');
    await screen.findByText('Casos de Análisis – Total: 7');
    const refresh = screen.getByRole('button', { name: 'Actualizar' });

    await user.click(refresh);
    await user.click(refresh);
    await waitFor(() => expect(callsTo(fetchMock, '/api/cases')).toHaveLength(2));
    now += 3_001;
    await user.click(refresh);
    await waitFor(() => expect(callsTo(fetchMock, '/api/cases')).toHaveLength(3));
  });

  it('selects a case with the keyboard-reachable radio and shows its N-1 result', async () => {
    const data = deferred<Response>();
    const fetchMock = signedInWithSax({
      '/api/cases': sevenCases,
      '/api/cases/c7/result/summary': () => data.promise,
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));

    expect(screen.getByText('Caso seleccionado:')).toBeInTheDocument();
    expect(screen.getByTestId('selected-case-id')).toHaveTextContent('c7');
    const results = screen.getByRole('region', { name: 'Resultados del caso seleccionado' });
    expect(within(results).getByText('Caso 7')).toBeInTheDocument();
    expect(within(results).getByRole('status', { name: 'Cargando datos del caso...' }));

    data.resolve(jsonResponse(noFlexibilitySummary));
    expect(await within(results).findByTestId('figure-buses')).toHaveTextContent('9');
    // Read in parts (issue #16): never the whole document.
    expect(callsTo(fetchMock, '/api/cases/c7/data')).toHaveLength(0);
    expect(within(results).getByTestId('figure-overloadedPairs')).toHaveTextContent('2');
    // Every branch, one at a time: these figures are the case's contingencies, nothing to add.
    expect(within(results).queryByTestId('n1-contingency-set-note')).toBeNull();
    const table = within(results).getByRole('table', { name: 'Mayores cargas post-contingencia' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11); // header + 10 of 12
    expect(within(rows[1]!).getByText('Caso base (N-0)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-148,0')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('135,2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('SOBRECARGA EXTREMA')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Crítico')).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: 'Mostrar todas (12)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(
      within(results).getByText(/Los niveles de flexibilidad.*aún no están calculados/),
    ).toBeInTheDocument();
  });

  it('says under the N-1 figures that the planner’s contingencies are in «Contingencias» (issue #30)', async () => {
    signedInWithSax({
      '/api/cases': sevenCases,
      '/api/cases/c7/result/summary': { body: noFlexibilitySummary },
      '/api/cases/c7/contingency-set': {
        body: withContingencySet('c7', 'ACTIVSg2000_contab.m', 'contab', {
          total: 3734,
          branch: 3190,
          multiBranch: 0,
          generator: 544,
          mixed: 0,
        }),
      },
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const results = screen.getByRole('region', { name: 'Resultados del caso seleccionado' });
    expect(await within(results).findByTestId('n1-contingency-set-note')).toHaveTextContent(
      'Estas cifras consideran cada rama en servicio, una a la vez. Con tus contingencias («ACTIVSg2000_contab.m»), mira «Contingencias».',
    );
    expect(within(results).getByTestId('figure-contingencies')).toBeInTheDocument();
  });

  it('says beside a flexibility over every branch how to compute it on the planner’s contingencies (issue #30)', async () => {
    const flexibility = flexibilitySchema.parse(flexibilityFixture);
    signedInWithSax({
      '/api/cases': sevenCases,
      ...resultRoutes('c7', flexibility),
      '/api/cases/c7/contingency-set': {
        body: withContingencySet('c7', 'plan.con', 'psse-con', {
          total: 12,
          branch: 10,
          multiBranch: 2,
          generator: 0,
          mixed: 0,
        }),
      },
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const results = screen.getByRole('region', { name: 'Resultados del caso seleccionado' });
    expect(
      await within(results).findByTestId('flexibility-contingency-set-note'),
    ).toHaveTextContent(
      'Esta flexibilidad considera cada rama en servicio, una a la vez. Para calcularla con tus contingencias («plan.con»), elige «Las del caso» en Opciones del análisis y recalcula.',
    );
    // Over every branch, the options sentence says nothing of a set.
    expect(within(results).getByTestId('analysis-options-sentence')).not.toHaveTextContent(
      'contingencias del caso',
    );
  });

  it('shows the flexibility results: levels, constraints, generators and the constraint panel', async () => {
    // The fixture is built by hand and checked against the contract.
    const flexibility = flexibilitySchema.parse(flexibilityFixture);
    const fetchMock = signedInWithSax({
      '/api/cases': sevenCases,
      ...resultRoutes('c7', flexibility),
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const results = screen.getByRole('region', { name: 'Resultados del caso seleccionado' });

    // Issue #25: the result opens on the constraint that sets the FCITC (L 3-4 after L 1-2,
    // T(c) 45 MW), in level 2, the first level that holds it.
    const levels = await within(results).findByRole('list', { name: 'Niveles de transferencia' });
    const levelButtons = within(levels).getAllByRole('button');
    [
      'Nivel 1: 40,0 MW, flexibilidad 100,0 %',
      'Nivel 2: 80,0 MW, flexibilidad 56,3 %',
      'Nivel 3: 120,0 MW, flexibilidad 37,5 %',
      'Nivel 4: 160,0 MW, flexibilidad 28,1 %',
    ].forEach((name, index) => expect(levelButtons[index]).toHaveAccessibleName(name));
    expect(levelButtons).toHaveLength(4);
    expect(levelButtons[1]).toHaveAttribute('aria-pressed', 'true');
    const table2 = await within(results).findByRole('table', { name: 'Restricciones del nivel 2' });
    const [binding] = within(table2).getAllByRole('row').slice(1);
    expect(binding).toHaveTextContent('1L 3-4Define la cifraL 1-20,40000045,0');
    expect(binding).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('transfer-at-limit')).toHaveTextContent(
      'Transferencia en el límite T(c): 45,0 MW',
    );
    expect(screen.getByTestId('binding-note')).toHaveTextContent(
      'Define la cifra: su T(c) es la FCITC mostrada (45,0 MW).',
    );
    expect(screen.getByTestId('fcitc')).toHaveTextContent('45,0 MW');

    // Level 1 has no constraints: nothing is selected.
    await user.click(within(levels).getByRole('button', { name: /^Nivel 1/ }));
    expect(within(results).getByRole('img', { name: 'Flexibilidad del nivel 1: 100,00 %' }));
    expect(within(results).getByTestId('flex-gauge-value')).toHaveClass('text-green-800');
    expect(within(results).getByText('No se encontraron restricciones para este nivel'));
    expect(within(results).getByText('Selecciona una restricción para ver su estado inicial'));
    expect(within(results).getByText('Selecciona una restricción para ver sus generadores'));

    // Level 3: its first constraint is selected once its first page is read.
    await user.click(within(levels).getByRole('button', { name: /^Nivel 3/ }));
    expect(within(results).getByRole('img', { name: 'Flexibilidad del nivel 3: 37,50 %' }));
    expect(within(results).getByTestId('flex-gauge-value')).toHaveClass('text-red-700');
    expect(within(results).getByTestId('flex-exact')).toHaveTextContent('37,5000 %');
    const table = await within(results).findByRole('table', { name: 'Restricciones del nivel 3' });
    const [pageUrl] = (callsTo(fetchMock, '/api/cases/c7/result/constraints') as [string][]).at(
      -1,
    )!;
    expect(pageUrl).toBe(
      '/api/cases/c7/result/constraints?level=3&figure=attributable&page=1&pageSize=25',
    );
    for (const header of [
      '#',
      'Elemento Monitoreado',
      'Elemento en Contingencia',
      'Impacto',
      'Límite en (MW)',
    ]) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // Ranking order, each with the transfer at which it binds; the binding one is marked.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1L 2-5L 4-60,50000090,0',
      '2L 3-4Define la cifraL 1-20,40000045,0',
      '3L 5-6SOBRECARGA RED COMPLETA0,300000120,0',
    ]);
    await waitFor(() => expect(rows[0]).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('-50,0 MW');

    // Enter on the second row selects it; levels 4 and 2 keep it (it is in both).
    rows[1]!.focus();
    await user.keyboard('{Enter}');
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    await user.click(within(levels).getByRole('button', { name: /^Nivel 4/ }));
    const table4 = await within(results).findByRole('table', { name: 'Restricciones del nivel 4' });
    expect(within(table4).getAllByRole('row')[2]).toHaveAttribute('aria-selected', 'true');

    // Original condition: flows at T = 0 against RATE_A.
    expect(screen.getByRole('button', { name: 'Condición Original' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('60,0 MW');
    expect(screen.getByTestId('monitored-limit')).toHaveTextContent('100,0 MW');
    expect(screen.getByTestId('monitored-status')).toHaveTextContent('Moderado');
    expect(screen.getByTestId('contingency-flow')).toHaveTextContent('70,0 MW');
    expect(screen.getByTestId('contingency-limit')).toHaveTextContent('120,0 MW');

    // Generators of L 3-4 / L 1-2 (their own part): G Isla (0,5 %) is left out.
    const list = await within(results).findByRole('list', { name: 'Despacho por generador' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'G Norte',
      'G Sur',
      'G Oeste',
      'G Centro',
    ]);
    const norte = screen.getByTestId('generator-1');
    expect(within(norte).getByTestId('sensitivity')).toHaveTextContent('30,00 %');
    expect(within(norte).getByTestId('p0')).toHaveTextContent('50,0 MW');
    expect(within(norte).getByTestId('at-level')).toHaveTextContent('130,0 MW');
    expect(within(norte).getByTestId('at-limit')).toHaveTextContent('72,5 MW');
    expect(within(norte).getByTestId('at-max')).toHaveTextContent('130,0 MW');
    expect(within(norte).getByTestId('pmax')).toHaveTextContent('150,0 MW');
    expect(within(norte).getByText('Activo')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();

    // Sort and filter.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'capacity');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Orden' }), 'asc');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual(['G Oeste', 'G Sur', 'G Norte', 'G Centro']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar' }), 'negative');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar' }), 'all');

    // Despacho Límite: the monitored flow at T(c) is the limit; the contingency is out.
    await user.click(screen.getByRole('button', { name: 'Despacho Límite' }));
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('110,0 MW');
    expect(screen.getByTestId('monitored-limit')).toHaveTextContent('110,0 MW');
    expect(screen.getByTestId('monitored-status')).toHaveTextContent('Crítico');
    expect(screen.getByTestId('contingency-status')).toHaveTextContent('Fuera de servicio');
    expect(screen.getByTestId('contingency-flow')).toHaveTextContent('0,0 MW');

    // Two arrow steps on G Norte: +2 × 1,5 MW → flow + 0,3 × 3 = 110,9 MW.
    const slider = screen.getByRole('slider', { name: 'Despacho de G Norte' });
    expect(slider).toHaveAttribute('aria-valuenow', '72.5');
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '75.5');
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('110,9 MW');
    expect(screen.getByTestId('monitored-status')).toHaveTextContent('Sobrecarga');
    await user.click(screen.getByRole('button', { name: 'Restablecer despacho' }));
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('110,0 MW');

    // Efectividad: sensibilidad · (Pmax − P0), by absolute value.
    await user.click(screen.getByRole('tab', { name: 'Efectividad' }));
    const effectiveness = screen.getByRole('list', { name: 'Efectividad por generador' });
    expect(
      within(effectiveness)
        .getAllByTestId('effectiveness')
        .map((item) => item.textContent),
    ).toEqual(['30,0 MW', '-20,0 MW', '10,0 MW', '-2,0 MW']);
    await user.selectOptions(within(results).getByRole('combobox', { name: 'Orden' }), 'asc');
    expect(within(effectiveness).getAllByTestId('effectiveness')[0]).toHaveTextContent('-2,0 MW');

    // Level 2 has only this constraint; level 1 clears the selection.
    await user.click(within(levels).getByRole('button', { name: /^Nivel 1/ }));
    expect(within(results).getByText('Selecciona una restricción para ver su estado inicial'));
    // The summary is cached for 30 minutes under flexibility:<caseId>; pages are not.
    expect(window.localStorage.getItem('flexibility:c7')).toContain('"tmaxMw":160');
    expect(window.localStorage.getItem('flexibility:c7')).not.toContain('sensitivities');
    expect(callsTo(fetchMock, '/api/cases/c7/data')).toHaveLength(0);
  });

  it('shows the empty states: no levels, and a constraint without flow data', async () => {
    const noLevels = flexibilitySchema.parse({ ...flexibilityFixture, levels: [] });
    signedInWithSax({ '/api/cases': sevenCases, ...resultRoutes('c7', noLevels) });
    const first = renderApp('/analisis');
    await first.user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    expect(await screen.findByText('Selecciona un nivel para ver sus restricciones'));
    expect(screen.getByText('Este caso no tiene niveles de flexibilidad.'));
    first.unmount();

    const [c1, c2, c3] = flexibilityFixture.constraints;
    const unrated = flexibilitySchema.parse({
      ...flexibilityFixture,
      constraints: [
        c1,
        { ...c2!, limitMw: 0, monitored: { ...c2!.monitored, maxCapacityMva: 0 } },
        c3,
      ],
    });
    window.localStorage.clear();
    signedInWithSax({ '/api/cases': sevenCases, ...resultRoutes('c7', unrated) });
    const second = renderApp('/analisis');
    await second.user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const levels = await screen.findByRole('list', { name: 'Niveles de transferencia' });
    await second.user.click(within(levels).getByRole('button', { name: /^Nivel 2/ }));
    expect(await screen.findByText('No se encontraron datos de flujo para esta restricción'));
    await second.user.click(screen.getByRole('button', { name: 'Despacho Límite' }));
    expect(screen.getByText('No se encontraron datos de flujo para esta restricción'));
  });

  it('reads the result summary from the local cache first', async () => {
    writeCachedSummary('c7', {
      ...noFlexibilitySummary,
      analysis: caseData.analysis as never,
      flexibility: flexibilitySummary(flexibilityFixture),
    });
    const fetchMock = signedInWithSax({
      '/api/cases': sevenCases,
      ...resultRoutes('c7', flexibilityFixture),
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    expect(await screen.findByRole('list', { name: 'Niveles de transferencia' }));
    expect(screen.getByTestId('figure-buses')).toHaveTextContent('9');
    expect(callsTo(fetchMock, '/api/cases/c7/result/summary')).toHaveLength(0);
  });

  it('reads a result stored before the parts whole, once, and shows it the same way', async () => {
    const flexibility = flexibilitySchema.parse(flexibilityFixture);
    const fetchMock = signedInWithSax({
      '/api/cases': sevenCases,
      '/api/cases/c7/result/summary': {
        status: 404,
        body: {
          error: {
            code: 'RESULT_PARTS_NOT_FOUND',
            message: 'Los resultados de este caso se guardaron antes de que existieran por partes',
          },
        },
      },
      '/api/cases/c7/data': {
        body: { ...caseData, analysis: { ...caseData.analysis, flexibility } },
      },
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const levels = await screen.findByRole('list', { name: 'Niveles de transferencia' });
    await user.click(within(levels).getByRole('button', { name: /^Nivel 3/ }));
    const table = await screen.findByRole('table', { name: 'Restricciones del nivel 3' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(await screen.findByRole('list', { name: 'Despacho por generador' }));
    expect(screen.getByTestId('figure-buses')).toHaveTextContent('9');
    expect(callsTo(fetchMock, '/api/cases/c7/data')).toHaveLength(1);
    // Nothing of the whole result is kept in local storage.
    expect(window.localStorage.getItem('flexibility:c7')).toBeNull();
  });

  it('pages a long level from the server, keeping the selection across pages', async () => {
    const [first] = flexibilityFixture.constraints;
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...first!,
      id: i + 1,
      monitored: { ...first!.monitored, name: `L ${i + 1}` },
      ranking: 1 - i / 100,
    }));
    const ids = many.map((item) => item.id);
    const flexibility = flexibilitySchema.parse({
      ...flexibilityFixture,
      limitingConstraintId: 1,
      constraints: many,
      levels: flexibilityFixture.levels.map((level) => ({
        ...level,
        constraintIds: level.level >= 3 ? ids : [],
      })),
    });
    const fetchMock = signedInWithSax({
      '/api/cases': sevenCases,
      ...resultRoutes('c7', flexibility),
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const levels = await screen.findByRole('list', { name: 'Niveles de transferencia' });
    await user.click(within(levels).getByRole('button', { name: /^Nivel 3/ }));
    const table = await screen.findByRole('table', { name: 'Restricciones del nivel 3' });
    const section = screen.getByRole('region', { name: 'Restricciones del nivel' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(section).getByText('Página 1 de 2')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(section).getByText('Página 2 de 2')).toBeInTheDocument());
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^26L 26/));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // The first constraint stays selected while another page is read.
    expect(screen.getByTestId('element-monitored')).toHaveTextContent('L 1');
    await user.click(within(table).getAllByRole('row')[5]!);
    expect(screen.getByTestId('element-monitored')).toHaveTextContent('L 30');
    // Level 4 holds it too (T(c) ≤ T(ℓ)): it stays selected, from page 1 of level 4.
    await user.click(within(levels).getByRole('button', { name: /^Nivel 4/ }));
    expect(screen.getByTestId('element-monitored')).toHaveTextContent('L 30');
    expect(await within(section).findByText('Página 1 de 2')).toBeInTheDocument();
    const pages = (callsTo(fetchMock, '/api/cases/c7/result/constraints') as [string][]).map(
      ([url]) => new URL(url, 'http://x').searchParams.toString(),
    );
    expect(pages).toEqual([
      'level=3&figure=attributable&page=1&pageSize=25',
      'level=3&figure=attributable&page=2&pageSize=25',
      'level=4&figure=attributable&page=1&pageSize=25',
    ]);
  });

  it('says so when a case has no flexibility results', async () => {
    signedInWithSax({ '/api/cases': sevenCases, ...resultRoutes('c7', null) });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    expect(await screen.findByText(/Los niveles de flexibilidad.*aún no están calculados/));
    expect(screen.queryByRole('list', { name: 'Niveles de transferencia' })).toBeNull();
  });

  it("shows 'Error: ...' when the case data cannot be read", async () => {
    signedInWithSax({
      '/api/cases': sevenCases,
      '/api/cases/c7/result/summary': {
        status: 404,
        body: {
          error: { code: 'CASE_DATA_NOT_FOUND', message: 'El caso no tiene resultados guardados' },
        },
      },
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    expect(
      await screen.findByText('Error: El caso no tiene resultados guardados'),
    ).toBeInTheDocument();
  });

  it('sends the account access token as bearer for an account session', async () => {
    const fetchMock = mockApi({
      '/api/auth/get-session': { body: { user: sampleSessionUser } },
      '/api/auth/token': { body: { token: 'jwt.access.token' } },
      '/api/config': config(),
      '/api/cases': { body: { cases: [] } },
    });
    renderApp('/analisis');
    await screen.findByText('No hay casos para mostrar.');
    const [[, init]] = callsTo(fetchMock, '/api/cases') as [[unknown, RequestInit]];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer jwt.access.token');
  });
});

describe('/analisis upload card', () => {
  async function page(routes: Parameters<typeof mockApi>[0] = {}, maxUploadBytes?: number) {
    const fetchMock = signedInWithSax({
      '/api/cases': { body: { cases: [] } },
      ...(maxUploadBytes === undefined ? {} : { '/api/config': config(maxUploadBytes) }),
      ...routes,
    });
    const view = renderApp('/analisis', { applyAccept: false });
    await screen.findByText('No hay casos para mostrar.');
    const input = screen.getByLabelText('Seleccionar archivo de caso');
    return { ...view, fetchMock, input };
  }

  it('refuses other files, files over the limit, and processing nothing', async () => {
    const { user, input } = await page({}, 100);
    expect(screen.getByText(/Máximo 10MB/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Procesar archivo' }));
    expect(await screen.findByText('No hay archivo para procesar')).toBeInTheDocument();

    await user.upload(input, new File(['%PDF'], 'red.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Archivo inválido')).toBeInTheDocument();
    expect(
      screen.getByText('Solo se permiten casos .raw, .m, .txt, .xz o .bin'),
    ).toBeInTheDocument();
    // The toast speaks Spanish to a screen reader too (it said "Close toast").
    expect(screen.getAllByRole('button', { name: 'Cerrar aviso' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: /^Avisos/ })).toBeInTheDocument();

    await user.upload(input, new File(['x'.repeat(101)], 'grande.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText('El archivo supera el tamaño máximo permitido (10MB)'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('upload-file-name')).not.toBeInTheDocument();
  });

  it('takes a file dropped on the drop zone', async () => {
    await page();
    const file = new File(['mpc'], 'soltado.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('upload-dropzone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByTestId('upload-file-name')).toHaveTextContent('soltado.txt');
  });

  it('shows the chosen file with its size in KB and removes it', async () => {
    const { user, input } = await page();
    await user.upload(input, new File(['x'.repeat(2048)], 'caso.bin'));
    expect(screen.getByTestId('upload-file-name')).toHaveTextContent('caso.bin');
    expect(screen.getByTestId('upload-file-size')).toHaveTextContent('2,00 KB');
    await user.click(screen.getByRole('button', { name: 'Remover archivo' }));
    expect(screen.queryByTestId('upload-file-name')).not.toBeInTheDocument();
  });

  it('uploads, follows the job, then says so, refreshes the list and selects the new case', async () => {
    let listed = false;
    const upload = deferred<Response>();
    const { user, input } = await page({
      '/api/casesCalculate/calculate': () => upload.promise,
      '/api/jobs/j1': () => {
        listed = true;
        return jsonResponse({
          jobId: 'j1',
          caseId: 'c8',
          state: 'done',
          progressPercent: 100,
          stage: null,
          error: null,
          attempts: 1,
          createdAt: '2026-11-21T00:00:00Z',
          startedAt: null,
          finishedAt: null,
        });
      },
      '/api/cases': () =>
        jsonResponse({ cases: listed ? [summary(8, { caseName: 'caso9' })] : [] }),
      ...resultRoutes('c8', null),
      '/api/cases/c8/analyses': { body: { caseId: 'c8', analyses: [] } },
    });
    await user.upload(input, new File(['mpc'], 'caso9.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Procesar archivo' }));
    expect(screen.getByRole('button', { name: 'Procesando...' })).toBeDisabled();

    upload.resolve(jsonResponse({ caseId: 'c8', jobId: 'j1' }, 202));
    expect(await screen.findByText('Éxito')).toBeInTheDocument();
    expect(screen.getByText('Archivo procesado correctamente')).toBeInTheDocument();
    expect(await screen.findByText('Casos de Análisis – Total: 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('selected-case-id')).toHaveTextContent('c8'));
    expect(screen.getByRole('button', { name: 'Procesar archivo' })).toBeEnabled();
  });

  it("shows the job's Spanish error when the analysis fails", async () => {
    const { user, input } = await page({
      '/api/casesCalculate/calculate': { status: 202, body: { caseId: 'c8', jobId: 'j1' } },
      '/api/jobs/j1': {
        body: {
          jobId: 'j1',
          caseId: 'c8',
          state: 'failed',
          progressPercent: 5,
          stage: null,
          error: { code: 'PARSE_MATPOWER_SYNTAX', message: 'Error de sintaxis (línea 12)' },
          attempts: 1,
          createdAt: '2026-11-21T00:00:00Z',
          startedAt: null,
          finishedAt: null,
        },
      },
    });
    await user.upload(input, new File(['mpc'], 'caso.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Procesar archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de sintaxis (línea 12)');
    expect(screen.getByRole('progressbar', { name: 'Progreso del análisis' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );
  });

  it.each([
    [
      401,
      { error: { code: 'AUTH_TOKEN_INVALID', message: 'x' } },
      'Sesión expirada. Vuelve a iniciar sesión.',
    ],
    [
      415,
      {
        error: {
          code: 'UPLOAD_CONTENT_TYPE',
          message: 'Solo se permiten casos .raw, .m, .txt, .xz o .bin',
        },
      },
      'Solo se permiten casos .raw, .m, .txt, .xz o .bin',
    ],
    [503, null, 'Error del servidor (503)'],
  ])('words an HTTP %s answer for the user', async (status, body, message) => {
    const { user, input } = await page({
      '/api/casesCalculate/calculate': { status, body },
    });
    await user.upload(input, new File(['mpc'], 'caso.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Procesar archivo' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});

describe('signed-out states', () => {
  it("shows 'Acceso restringido' instead of the table", () => {
    render(
      <CasesTable
        signedIn={false}
        state="ready"
        cases={[]}
        selectedCaseId={null}
        onSelect={() => undefined}
        onRefresh={() => undefined}
      />,
    );
    expect(screen.getByText('Acceso restringido')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actualizar' })).not.toBeInTheDocument();
  });

  it("shows 'Función no disponible' instead of the picker", () => {
    render(<UploadCard signedIn={false} maxUploadBytes={10} onProcessed={() => undefined} />);
    expect(screen.getByText('Función no disponible')).toBeInTheDocument();
    expect(screen.getByText('Debes iniciar sesión para subir archivos')).toBeInTheDocument();
    expect(screen.queryByLabelText('Seleccionar archivo de caso')).not.toBeInTheDocument();
  });
});
