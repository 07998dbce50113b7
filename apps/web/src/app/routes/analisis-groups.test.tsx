import {
  flexibilitySchema,
  type CaseGeneratorsResponse,
  type GroupAnalysisSummary,
  DEFAULT_ANALYSIS_OPTIONS,
} from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { groupsFixture } from '../../features/analysis/flexibility/flexibility.test-support';
import {
  callsTo,
  jsonResponse,
  type MockRequest,
  renderApp,
  type mockApi,
} from '../../render.test-support';
import { resultRoutes, sevenCases, signedInWithSax, summary } from './analisis.test-support';

const flexibility = flexibilitySchema.parse(groupsFixture);
const withFlexibility = resultRoutes('c7', flexibility);

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
  createdAt: '2026-11-26T10:00:00Z',
  updatedAt: '2026-11-26T10:00:00Z',
  ...patch,
});

const option = (key: string, label: string, units: number, withHeadroom: number, mw: number) => ({
  key,
  label,
  units,
  unitsWithHeadroom: withHeadroom,
  headroomMw: mw,
});

const catalog: CaseGeneratorsResponse = {
  caseId: 'c7',
  generators: {
    row: [1, 2, 3, 4, 5],
    busNumber: [1001, 1001, 2002, 3003, 1010],
    busName: ['BOGOTÁ NORTE', 'BOGOTÁ NORTE', 'MEDELLÍN', 'CALI', 'BOGOTA SUR'],
    machineId: ['1', '2', '1', '1', '1'],
    fuel: ['hydro', 'ng', 'wind', null, 'ng'],
    pMaxMw: [150, 140, 200, 120, 20],
    pMinMw: [0, 0, 0, 0, 0],
    pInitialMw: [50, 40, 100, 80, 20],
    baseKv: [230, 230, 500, 115, 230],
    area: [1, 1, 2, 3, 1],
    zone: [1, 1, 1, 2, 1],
    inService: [true, true, true, true, false],
  },
  defaultGroup: {
    key: 'all',
    label: 'Todas las unidades',
    reason: 'El caso no identifica unidades eólicas ni solares.',
  },
  renewables: option('renewables', 'Unidades eólicas y solares', 1, 1, 100),
  all: option('all', 'Todas las unidades', 4, 4, 340),
  fuels: [
    { ...option('fuel:hydro', 'Unidades hidráulicas', 1, 1, 100), fuel: 'hydro' },
    { ...option('fuel:ng', 'Unidades a gas natural', 1, 1, 100), fuel: 'ng' },
  ],
  areas: [
    { ...option('area:1', 'Unidades del área 1', 2, 2, 200), area: 1 },
    { ...option('area:2', 'Unidades del área 2', 1, 1, 100), area: 2 },
    { ...option('area:3', 'Unidades del área 3', 1, 0, 0), area: 3 },
  ],
  zones: [{ ...option('zone:1', 'Unidades de la zona 1', 3, 3, 300), zone: 1 }],
  kvLevels: [{ ...option('kv:230', 'Unidades en barras de 230 kV o más', 3, 3, 300), kv: 230 }],
};

/** The area 2 group's result: its own group and figures (Tmax 100 MW, FCITC 30 MW). */
const areaFlexibility = flexibilitySchema.parse({
  ...groupsFixture,
  tmaxMw: 100,
  fcitcMw: 30,
  studyGroup: {
    ...groupsFixture.studyGroup!,
    key: 'area:2',
    kind: 'area',
    parameter: '2',
    label: 'Unidades del área 2',
    chosenBy: 'request',
    reason: {
      code: 'GROUP_REQUESTED',
      message: 'Grupo elegido por el usuario: unidades del área 2.',
    },
    units: [3],
    tmaxMw: 100,
  },
  figures: {
    attributable: { ...groupsFixture.figures!.attributable, fcitcMw: 30 },
    strict: { ...groupsFixture.figures!.strict, fcitcMw: 0 },
  },
});

const job = (state: string, progressPercent: number, error: unknown = null) => ({
  jobId: 'j-area',
  kind: 'group',
  caseId: 'c7',
  studyId: null,
  state,
  progressPercent,
  stage: state === 'running' ? 'Calculando las restricciones' : null,
  error,
  attempts: 1,
  createdAt: '2026-11-26T10:00:00Z',
  startedAt: null,
  finishedAt: null,
});

async function openCase(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = signedInWithSax({
    '/api/cases': sevenCases,
    ...withFlexibility,
    '/api/cases/c7/analyses': { body: { caseId: 'c7', analyses: [row({})] } },
    ...routes,
  });
  const view = renderApp('/analisis');
  await view.user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
  await screen.findByRole('list', { name: 'Niveles de transferencia' });
  return { ...view, fetchMock };
}

describe('/analisis study group and figures (issue #21)', () => {
  it('states the group used, its size, its Tmax and why it was chosen', async () => {
    await openCase({});
    const panel = screen.getByRole('region', { name: 'Grupo de estudio' });
    expect(within(panel).getByTestId('group-label')).toHaveTextContent('2 unidades elegidas');
    expect(within(panel).getByTestId('group-units')).toHaveTextContent('2 unidades');
    expect(within(panel).getByTestId('group-tmax')).toHaveTextContent('160,0 MW');
    expect(within(panel).getByTestId('group-reason')).toHaveTextContent(
      /^El caso no identifica unidades eólicas ni solares/,
    );
    // One group run: no switcher yet.
    expect(screen.queryByRole('table', { name: 'Grupos calculados' })).toBeNull();
  });

  it('shows the attributable figure first and the strict one a click away', async () => {
    const { user } = await openCase({});
    const attributable = screen.getByRole('button', { name: /^Atribuible/ });
    const strict = screen.getByRole('button', { name: /^Estricta/ });
    expect(attributable).toHaveAttribute('aria-pressed', 'true');
    expect(attributable).toHaveAccessibleName('Atribuible: FCITC 45,0 MW');
    expect(strict).toHaveAccessibleName('Estricta: FCITC 0,0 MW');
    expect(screen.getByTestId('fcitc')).toHaveTextContent('45,0 MW');
    expect(screen.getByTestId('figure-help')).toHaveTextContent(/no la limitan/);
    const levels = screen.getByRole('list', { name: 'Niveles de transferencia' });
    expect(within(levels).getAllByRole('button')[1]).toHaveAccessibleName(
      'Nivel 2: 80,0 MW, flexibilidad 56,3 %',
    );

    await user.click(strict);
    expect(screen.getByRole('button', { name: /^Estricta/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('fcitc')).toHaveTextContent('0,0 MW');
    expect(screen.getByTestId('figure-help')).toHaveTextContent(/la limita a 0 MW/);
    const strictLevels = screen.getByRole('list', { name: 'Niveles de transferencia' });
    expect(within(strictLevels).getAllByRole('button')[1]).toHaveAccessibleName(
      'Nivel 2: 80,0 MW, flexibilidad 0,0 %',
    );
    // The worsened violation is a constraint of every strict level, worded for its condition.
    const table = await screen.findByRole('table', { name: 'Restricciones del nivel 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('pre-existing-tag')).toHaveTextContent(
      'Violada tras la contingencia (115,6 %)',
    );
  });

  it('hides the switch for a result stored before the two figures', async () => {
    const legacy = { ...groupsFixture };
    delete legacy.figures;
    delete legacy.studyGroup;
    await openCase(resultRoutes('c7', flexibilitySchema.parse(legacy)));
    expect(screen.queryByRole('button', { name: /^Estricta/ })).toBeNull();
    expect(
      screen.getByText(
        'Este resultado se calculó antes de que Holgura registrara el grupo de estudio.',
      ),
    ).toBeInTheDocument();
  });

  it("lists 'Violaciones existentes' with their contingency, loading and effect", async () => {
    await openCase({});
    const region = screen.getByRole('region', { name: 'Violaciones existentes' });
    await within(region).findByRole('table');
    expect(within(region).getByTestId('pre-existing-counts')).toHaveTextContent(
      '3 pares de elemento y contingencia superan su límite sin transferencia: la transferencia empeora 1, alivia 1 y no afecta 1.',
    );
    expect(within(region).getByText(/^Se listan 2 de 3/)).toBeInTheDocument();
    const table = within(region).getByRole('table');
    for (const header of [
      'Elemento Monitoreado',
      'Elemento en Contingencia',
      'Flujo (MW)',
      'Límite (MW)',
      'Carga (%)',
      'Efecto de la transferencia',
    ]) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((item) => item.textContent)).toEqual([
      'L 2-9SOBRECARGA RED COMPLETA-140,0120,0116,7SobrecargaLa alivia (dentro de su límite desde 40,0 MW)',
      'L 7-8L 9-10115,6100,0115,6SobrecargaLa empeora',
    ]);
  });

  it('says which condition a constraint violates and shows the post-contingency loading', async () => {
    const { user } = await openCase({});
    await user.click(screen.getByRole('button', { name: /^Estricta/ }));
    // Level 1 (strict) selects the worsened violation: 46 % before the contingency, 115,6 % after.
    expect(await screen.findByTestId('monitored-caption')).toHaveTextContent('Caso base (N-0)');
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('46,0 MW');
    expect(screen.getByTestId('monitored-status')).toHaveTextContent('Normal');
    expect(screen.getByTestId('monitored-post-caption')).toHaveTextContent(
      'Tras la contingencia, sin transferencia',
    );
    expect(screen.getByTestId('monitored-post-flow')).toHaveTextContent('115,6 MW');
    expect(screen.getByTestId('monitored-post-limit')).toHaveTextContent('100,0 MW');
    expect(screen.getByTestId('monitored-post-loading')).toHaveTextContent('115,6 %');
    expect(screen.getByTestId('monitored-post-status')).toHaveTextContent('Sobrecarga');
    // The limit view has one reading: at T(c), after the contingency.
    await user.click(screen.getByRole('button', { name: 'Despacho Límite' }));
    expect(screen.queryByTestId('monitored-post-flow')).toBeNull();
  });

  it('downloads the figure shown, and the group shown', async () => {
    const { user, fetchMock } = await openCase({
      '/api/cases/c7/export/constraints.csv': () =>
        new Response('a;b', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await user.click(screen.getByRole('button', { name: /^Estricta/ }));
    const section = screen.getByRole('region', { name: 'Restricciones del nivel' });
    await user.click(within(section).getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/cases/c7/export/constraints.csv')).toHaveLength(1),
    );
    const [[url]] = callsTo(fetchMock, '/api/cases/c7/export/constraints.csv') as [[string]];
    // The upload's own group: no analysis parameter (its result is the default).
    expect(url).toBe('/api/cases/c7/export/constraints.csv?level=1&figure=strict');
  });
});

describe('/analisis choosing and switching study groups (issue #21)', () => {
  it('runs another group as a job with progress, switches to it and keeps both switchable', async () => {
    let posted: MockRequest | null = null;
    let jobCalls = 0;
    let analysesCalls = 0;
    const { user, fetchMock } = await openCase({
      '/api/cases/c7/generators': { body: catalog },
      '/api/cases/c7/analyses': (request) => {
        if (request.method === 'POST') {
          posted = request;
          return jsonResponse(
            {
              caseId: 'c7',
              analysisId: 'a-area',
              jobId: 'j-area',
              groupKey: 'area:2',
              existing: false,
            },
            202,
          );
        }
        analysesCalls += 1;
        const area = row({
          analysisId: 'a-area',
          groupKey: 'area:2',
          label: 'Unidades del área 2',
          chosenBy: 'request',
          isUploadGroup: false,
          jobId: 'j-area',
          ...(jobCalls < 2
            ? { state: 'running', progressPercent: 40, tmaxMw: null, fcitcMw: null }
            : { tmaxMw: 100, fcitcMw: { attributable: 30, strict: 0 } }),
        });
        return jsonResponse({
          caseId: 'c7',
          analyses: posted === null ? [row({})] : [row({}), area],
        });
      },
      '/api/jobs/j-area/events': { status: 404, body: null },
      '/api/jobs/j-area': () => {
        jobCalls += 1;
        return jsonResponse(jobCalls < 2 ? job('running', 40) : job('done', 100));
      },
      ...resultRoutes('c7', flexibility, { 'a-area': areaFlexibility }),
      '/api/cases/c7/export/constraints.csv': () =>
        new Response('a;b', { headers: { 'Content-Type': 'text/csv' } }),
    });

    await user.click(screen.getByRole('button', { name: 'Elegir otro grupo' }));
    const form = await screen.findByRole('form', { name: 'Calcular con otro grupo' });
    expect(within(form).getByText('Regla por defecto en este caso: Todas las unidades.'));
    // The default rule chose every unit: renewables come first.
    const kind = within(form).getByLabelText('Criterio');
    expect(kind).toHaveValue('renewables');
    expect(within(form).getByTestId('group-option-summary')).toHaveTextContent(
      'Unidades eólicas y solares: 1 unidad con margen · 100,0 MW de margen (Tmax)',
    );
    await user.selectOptions(kind, 'area');
    const areas = within(form).getByLabelText('Grupo');
    expect(
      within(areas)
        .getAllByRole('option')
        .map((item) => [item.textContent, (item as HTMLOptionElement).disabled]),
    ).toEqual([
      ['Unidades del área 1 · 2 unidades · 200,0 MW de margen', false],
      ['Unidades del área 2 · 1 unidad · 100,0 MW de margen', false],
      ['Unidades del área 3 · 1 unidad · sin margen', true],
    ]);
    await user.selectOptions(areas, 'area:2');
    await user.click(within(form).getByRole('button', { name: 'Calcular con este grupo' }));

    // Its progress, then its figures.
    const progress = await screen.findByRole('progressbar', {
      name: 'Progreso del cálculo del grupo',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(posted).toMatchObject({ method: 'POST', body: { group: 'area:2' } });
    expect(await screen.findByText('Unidades del área 2', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByTestId('group-tmax')).toHaveTextContent('100,0 MW');
    expect(screen.getByTestId('group-reason')).toHaveTextContent(
      'Grupo elegido por el usuario: unidades del área 2.',
    );
    expect(screen.getByTestId('fcitc')).toHaveTextContent('30,0 MW');
    expect(analysesCalls).toBeGreaterThan(1);

    // Both groups are listed with their state and figures; the upload's is one click away.
    const list = screen.getByRole('table', { name: 'Grupos calculados' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((item) => item.textContent)).toEqual([
      '2 unidades elegidas(grupo de la subida)Listo160,045,00,03',
      'Unidades del área 2Listo100,030,00,03',
    ]);
    await user.click(
      within(list).getByRole('radio', { name: 'Ver los resultados de 2 unidades elegidas' }),
    );
    expect(screen.getByTestId('group-label')).toHaveTextContent('2 unidades elegidas');
    expect(screen.getByTestId('fcitc')).toHaveTextContent('45,0 MW');
    // A group's downloads name its analysis.
    await user.click(
      within(list).getByRole('radio', { name: 'Ver los resultados de Unidades del área 2' }),
    );
    expect(screen.getByTestId('fcitc')).toHaveTextContent('30,0 MW');
    // The group's summary was read once, and kept.
    const groupSummaries = (callsTo(fetchMock, '/api/cases/c7/result/summary') as [string][])
      .map(([url]) => url)
      .filter((url) => url.includes('analysis=a-area'));
    expect(groupSummaries).toEqual(['/api/cases/c7/result/summary?analysis=a-area']);
    const levels = screen.getByRole('list', { name: 'Niveles de transferencia' });
    await user.click(within(levels).getByRole('button', { name: /^Nivel 2/ }));
    const section = screen.getByRole('region', { name: 'Restricciones del nivel' });
    await user.click(within(section).getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/cases/c7/export/constraints.csv')).toHaveLength(1),
    );
    const [[url]] = callsTo(fetchMock, '/api/cases/c7/export/constraints.csv') as [[string]];
    expect(url).toBe(
      '/api/cases/c7/export/constraints.csv?level=2&analysis=a-area&figure=attributable',
    );
  });

  it("shows a failed group's error in place of its results", async () => {
    const failed = row({
      analysisId: 'a-area',
      groupKey: 'area:3',
      label: 'Unidades del área 3',
      isUploadGroup: false,
      state: 'failed',
      error: {
        code: 'TRANSFER_GROUP_EMPTY',
        message: 'El grupo de estudio no tiene generadores con margen para subir',
      },
      tmaxMw: null,
      fcitcMw: null,
      preExistingCount: null,
    });
    const { user } = await openCase({
      '/api/cases/c7/analyses': { body: { caseId: 'c7', analyses: [row({}), failed] } },
    });
    const list = screen.getByRole('table', { name: 'Grupos calculados' });
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent(
      'Falló: El grupo de estudio no tiene generadores con margen para subir',
    );
    await user.click(
      within(list).getByRole('radio', { name: 'Ver los resultados de Unidades del área 3' }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('El cálculo de este grupo falló');
    expect(alert).toHaveTextContent(
      'El grupo de estudio no tiene generadores con margen para subir',
    );
    expect(screen.queryByRole('list', { name: 'Niveles de transferencia' })).toBeNull();
  });

  it('hand-picks units by bus number, name or machine and sends their rows', async () => {
    let posted: MockRequest | null = null;
    const { user } = await openCase({
      '/api/cases/c7/generators': { body: catalog },
      '/api/cases/c7/analyses': (request) => {
        if (request.method === 'POST') {
          posted = request;
          return jsonResponse(
            {
              caseId: 'c7',
              analysisId: 'a-g',
              jobId: 'j-g',
              groupKey: 'gens:1,3',
              existing: false,
            },
            202,
          );
        }
        return jsonResponse({ caseId: 'c7', analyses: [row({})] });
      },
      '/api/jobs/j-g/events': { status: 404, body: null },
      '/api/jobs/j-g': {
        body: { ...job('failed', 10, { code: 'X', message: 'Sin unidades' }), jobId: 'j-g' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Elegir otro grupo' }));
    const form = await screen.findByRole('form', { name: 'Calcular con otro grupo' });
    await user.selectOptions(within(form).getByLabelText('Criterio'), 'gens');
    const run = within(form).getByRole('button', { name: 'Calcular con este grupo' });
    expect(run).toBeDisabled();
    expect(within(form).getByTestId('unit-matches')).toHaveTextContent('5 unidades coinciden');

    const search = within(form).getByLabelText(
      'Buscar unidades por número o nombre de barra, o por máquina',
    );
    // Accents do not matter; an out-of-service unit is listed but cannot be chosen.
    await user.type(search, 'bogota');
    await waitFor(() =>
      expect(within(form).getByTestId('unit-matches')).toHaveTextContent('3 unidades coinciden'),
    );
    expect(
      within(form).getByRole('checkbox', {
        name: 'Elegir la unidad de la fila 5 (barra 1010, máquina 1)',
      }),
    ).toBeDisabled();
    // Bus 1001, machine 2.
    await user.clear(search);
    await user.type(search, '1001 2{Enter}');
    await waitFor(() =>
      expect(within(form).getByTestId('unit-matches')).toHaveTextContent('1 unidad coincide'),
    );
    expect(posted).toBeNull();
    await user.click(
      within(form).getByRole('checkbox', {
        name: 'Elegir la unidad de la fila 2 (barra 1001, máquina 2)',
      }),
    );
    await user.clear(search);
    await user.type(search, 'medellín');
    await user.click(within(form).getByRole('button', { name: 'Elegir las 1 que coinciden' }));
    expect(within(form).getByTestId('units-chosen')).toHaveTextContent(
      '2 unidades elegidas · 200,0 MW de margen',
    );
    await user.click(run);
    await waitFor(() => expect(posted).toMatchObject({ body: { group: 'gens:2-3' } }));
    // The job failed: its error shows in place of the results.
    expect(await screen.findByText('Sin unidades')).toBeInTheDocument();
  });

  it('says the group was already computed and shows it, without running it again', async () => {
    const { user, fetchMock } = await openCase({
      '/api/cases/c7/generators': { body: catalog },
      '/api/cases/c7/analyses': (request) =>
        request.method === 'POST'
          ? jsonResponse(
              {
                caseId: 'c7',
                analysisId: 'a-upload',
                jobId: 'j-upload',
                groupKey: 'gens:1-2',
                existing: true,
              },
              202,
            )
          : jsonResponse({ caseId: 'c7', analyses: [row({})] }),
      '/api/jobs/j-upload/events': { status: 404, body: null },
      '/api/jobs/j-upload': { body: { ...job('done', 100), jobId: 'j-upload' } },
    });
    await user.click(screen.getByRole('button', { name: 'Elegir otro grupo' }));
    const form = await screen.findByRole('form', { name: 'Calcular con otro grupo' });
    await user.selectOptions(within(form).getByLabelText('Criterio'), 'all');
    await user.click(within(form).getByRole('button', { name: 'Calcular con este grupo' }));
    expect(
      await screen.findByText('Este grupo ya está calculado: se muestran sus resultados.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('group-label')).toHaveTextContent('2 unidades elegidas');
    expect(callsTo(fetchMock, '/api/cases/c7/analyses/a-upload')).toHaveLength(0);
  });
});

describe('/analisis cases: failed uploads and deletion (issue #16)', () => {
  const failedCase = summary(8, {
    caseName: 'roto',
    analysis: {
      jobId: 'j8',
      state: 'failed',
      error: { code: 'PARSE_MATPOWER_SYNTAX', message: 'Error de sintaxis (línea 12)' },
    },
  });

  it('marks a failed upload in the table with its error, and selecting it asks nothing more', async () => {
    const fetchMock = signedInWithSax({
      '/api/cases': { body: { cases: [failedCase, ...sevenCases.body.cases] } },
    });
    const { user } = renderApp('/analisis');
    const radio = await screen.findByRole('radio', { name: 'Seleccionar roto' });
    const tableRow = radio.closest('tr')!;
    expect(within(tableRow).getByTestId('case-state')).toHaveTextContent('Análisis fallido');
    expect(within(tableRow).getByTestId('case-error')).toHaveTextContent(
      'Error de sintaxis (línea 12)',
    );
    await user.click(radio);
    const results = screen.getByRole('region', { name: 'Resultados del caso seleccionado' });
    expect(within(results).getByRole('alert')).toHaveTextContent(
      'El análisis de este caso fallóError de sintaxis (línea 12)',
    );
    expect(callsTo(fetchMock, '/api/cases/c8/data')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/cases/c8/result/summary')).toHaveLength(0);
  });

  it('deletes the selected case after confirmation, and the list and selection follow', async () => {
    let cases = [...sevenCases.body.cases];
    let deleted: MockRequest | null = null;
    signedInWithSax({
      '/api/cases': () => jsonResponse({ cases }),
      '/api/cases/c7': (request) => {
        deleted = request;
        cases = cases.filter((item) => item.caseId !== 'c7');
        return new Response(null, { status: 204 });
      },
      ...withFlexibility,
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar caso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar caso' });
    expect(dialog).toHaveAccessibleDescription(/Se eliminan «Caso 7», su archivo/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Eliminar caso' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Caso eliminado')).toBeInTheDocument();
    expect(deleted).toMatchObject({ method: 'DELETE' });
    expect(await screen.findByText('Casos de Análisis – Total: 6')).toBeInTheDocument();
    expect(screen.queryByTestId('selected-case-id')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Seleccionar Caso 7' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Seleccionar Caso 6' })).toHaveFocus(),
    );
  });

  it("says why a case cannot be deleted (a study's case), in the dialog", async () => {
    signedInWithSax({
      '/api/cases': sevenCases,
      '/api/cases/c7': {
        status: 409,
        body: {
          error: {
            code: 'CASE_IN_STUDY',
            message:
              'Este caso es parte de un estudio: se elimina con el estudio, en /estudios (estudio «Norte 2030»)',
          },
        },
      },
      ...withFlexibility,
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar caso' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No se pudo eliminar el casoEste caso es parte de un estudio: se elimina con el estudio, en /estudios (estudio «Norte 2030»)',
    );
    expect(screen.getByTestId('selected-case-id')).toHaveTextContent('c7');
  });
});

describe('/analisis Efectividad by magnitude (issue #21)', () => {
  it('writes small effects in kW, a unit without headroom as 0 MW, and an axis that says something', async () => {
    // Headroom (Pmax − P0): G Norte 0,01 MW, G Sur 0,2 MW, G Centro 0,5 MW, G Oeste none.
    const small = flexibilitySchema.parse({
      ...groupsFixture,
      plants: groupsFixture.plants.map((plant) => ({
        ...plant,
        pMaxMw: plant.pInitialMw + ({ 1: 0.01, 2: 0.2, 3: 0.5, 4: 0 }[plant.id] ?? 10),
      })),
    });
    const { user } = await openCase(resultRoutes('c7', small));
    const levels = screen.getByRole('list', { name: 'Niveles de transferencia' });
    await user.click(within(levels).getByRole('button', { name: /^Nivel 2/ }));
    await user.click(await screen.findByRole('tab', { name: 'Efectividad' }));
    const list = screen.getByRole('list', { name: 'Efectividad por generador' });
    // L 3-4 after L 1-2: sensitivities 0,3, 0,1, −0,2 and −0,05.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'G Centro-100 kW-20,00 %',
      'G Sur20 kW10,00 %',
      'G Norte3 kW30,00 %',
      'G Oeste0 MWsin margen (P0 = Pmax)-5,00 %',
    ]);
    const axis = within(screen.getByRole('tabpanel')).getByTestId('axis');
    expect(axis).toHaveTextContent('0255075100 kW');
  });
});
