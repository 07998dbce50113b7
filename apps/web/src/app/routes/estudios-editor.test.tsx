import { DEFAULT_STUDY_VERIFICATION, errorMessages, type StudyFile } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  caseBuses,
  jobEvents,
  jobStatus,
  signedIn,
  studyDetail,
  studyFile,
} from '../../features/studies/studies.test-support';
import {
  callsTo,
  deferred,
  jsonResponse,
  renderApp,
  sampleStats,
  type MockRequest,
} from '../../render.test-support';

const summary = {
  scenarios: 2,
  years: [2026, 2027],
  cases: 4,
  busbars: 3,
  busbarCases: 12,
  projects: 1,
  network: { buses: 500, branches: 597, generators: 90 },
  estimatedSeconds: 100,
};

const validAnswer = (study: StudyFile = studyFile) => ({
  valid: true,
  problems: [],
  study,
  summary,
});

/** The study JSON sent in a multipart request. */
function sentStudy(request: MockRequest): unknown {
  const form = request.body as FormData;
  return JSON.parse(form.get('study') as string);
}

const field = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('textbox', { name });

/** Replaces a field's text at once (pasting is quicker than typing every key). */
async function typeInto(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('/estudios/nuevo', () => {
  it('is reachable from /resultados with «Nuevo estudio»', async () => {
    signedIn({
      '/api/studies': { body: { studies: [] } },
      '/api/stats': { body: sampleStats },
      '/api/studies/demo': {
        status: 404,
        body: { error: { code: 'STUDY_NOT_FOUND', message: 'No se encontró el estudio' } },
      },
    });
    const { user, router } = renderApp('/resultados');
    await user.click(await screen.findByRole('link', { name: 'Nuevo estudio' }));
    expect(router.state.location.pathname).toBe('/estudios/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo estudio' })).toBeVisible();
  });

  it('builds a study on an uploaded network: the case’s areas, every field, the review, the run', async () => {
    const events = jobEvents();
    const requests: Record<string, MockRequest> = {};
    const fetchMock = signedIn({
      '/api/networks/buses': (request) => {
        requests.buses = request;
        return jsonResponse(caseBuses);
      },
      '/api/studies/validate': (request) => {
        requests.validate = request;
        return jsonResponse(validAnswer(sentStudy(request) as StudyFile));
      },
      '/api/studies': (request) => {
        requests.create = request;
        return jsonResponse({ studyId: 's9', version: 1, jobId: 'j9' }, 202);
      },
      '/api/jobs/j9/events': events.response,
    });
    const { user } = renderApp('/estudios/nuevo', { applyAccept: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo estudio' })).toBeVisible();

    // 1. The base case: its buses are read, its areas offered as «Área N».
    const network = new File(['mpc'], 'case_ACTIVSg500.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Archivo de red del caso base'), network);
    expect(await screen.findByText('El caso tiene 8 barras y 2 áreas.')).toBeInTheDocument();
    expect((requests.buses!.body as FormData).get('case')).toBeInstanceOf(File);
    expect(field('Nombre del área 1')).toHaveValue('Área 1');
    expect(field('Nombre del área 2')).toHaveValue('Área 2');
    await user.click(screen.getByRole('button', { name: 'Quitar el área 2' }));
    // «Agregar área» offers the case's area left out, then an empty row: not «El área null».
    await user.click(screen.getByRole('button', { name: 'Agregar área' }));
    expect(field('Nombre del área 2')).toHaveValue('Área 2');
    await user.click(screen.getByRole('button', { name: 'Agregar área' }));
    expect(field('Número del área 3')).toHaveValue('');
    expect(screen.queryByText(/no está en el caso base/)).toBeNull();
    await typeInto(user, field('Número del área 3'), '9');
    expect(screen.getByText('El área 9 no está en el caso base')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar el área 3' }));
    await user.click(screen.getByRole('button', { name: 'Quitar el área 2' }));

    // 2–4. Name, years, growth.
    await typeInto(user, field('Nombre del estudio'), 'Conexiones 2027');
    await typeInto(user, field('Descripción de la red'), 'Red sintética ACTIVSg500');
    await user.click(screen.getByRole('button', { name: 'Agregar año' }));
    await user.click(screen.getByRole('button', { name: 'Agregar año' }));
    await typeInto(user, field('Año 1'), '2026');
    await typeInto(user, field('Año 2'), '2027');
    await typeInto(user, field('Crecimiento anual del área 1 (%)'), '1,5');

    // 5. Two scenarios, one with a demand multiplier and an interchange.
    const first = screen.getByRole('group', { name: 'Escenario 1' });
    await typeInto(user, field('Nombre (sin espacios ni guiones bajos)', first), 'alta');
    await typeInto(user, field('Condición', first), 'Demanda alta');
    await typeInto(user, field('Multiplicador de Área 1', first), '1,04');
    await user.click(within(first).getByRole('button', { name: 'Agregar intercambio' }));
    await typeInto(user, field('Nombre del intercambio', first), 'Exportación');
    await typeInto(user, field('Barra', first), '7');
    expect(within(first).getByText('SMYRNA 1 · 345 kV')).toBeInTheDocument();
    await typeInto(user, field('MW', first), '-150');
    await user.click(screen.getByRole('button', { name: 'Agregar escenario' }));
    const second = screen.getByRole('group', { name: 'Escenario 2' });
    await typeInto(user, field('Nombre (sin espacios ni guiones bajos)', second), 'baja');
    await typeInto(user, field('Condición', second), 'Demanda baja');

    // 6. A project: a second circuit entering in 2027.
    await user.click(screen.getByRole('button', { name: 'Agregar proyecto' }));
    const project = screen.getByRole('group', { name: 'Proyecto 1' });
    await typeInto(user, field('Nombre del proyecto', project), 'Segundo circuito 7–232');
    expect(field('Año de entrada en operación', project)).toHaveValue('2026');
    await typeInto(user, field('Año de entrada en operación', project), '2027');
    await user.click(within(project).getByRole('button', { name: 'Agregar línea' }));
    const line = within(project).getByRole('group', { name: 'Línea 1' });
    await typeInto(user, field('Barra desde', line), '7');
    await typeInto(user, field('Barra hasta', line), '232');
    await typeInto(user, field('Circuito', line), '2');
    await typeInto(user, field('R (pu)', line), '0,001119');
    await typeInto(user, field('X (pu)', line), '0,014808');
    await typeInto(user, field('B (pu)', line), '0,31205');
    await typeInto(user, field('Capacidad A (MVA)', line), '1493,89');

    // 7–8. Busbars and options.
    await typeInto(user, field('Pegar una lista de números de barra'), '7 14 23');
    await user.click(screen.getByRole('button', { name: 'Agregar las barras de la lista' }));
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('3 barras elegidas');
    await user.click(screen.getByRole('radio', { name: 'Atribuible a la conexión' }));

    // Review: the file the form holds, checked with the network; the summary.
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    const card = await screen.findByTestId('study-summary');
    // A new study starts with the checks beyond DC on (issue #31: AC and the weak grid).
    const newStudy = {
      ...studyFile,
      options: { ...studyFile.options, verification: DEFAULT_STUDY_VERIFICATION },
    };
    expect(sentStudy(requests.validate!)).toEqual(newStudy);
    expect((requests.validate!.body as FormData).get('case')).toBeInstanceOf(File);
    expect(within(card).getByRole('heading', { name: 'Listo para calcular' })).toHaveFocus();
    for (const text of [
      '4 casos = 2 escenarios × 2 años',
      '× 3 barras = 12 capacidades',
      'Años: 2026, 2027',
      'Proyectos: 1',
      'Red: 500 barras, 597 ramas, 90 generadores',
      'Tiempo estimado: ~2 min',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }

    // Run: the job's progress live, then where to see the results.
    await user.click(within(card).getByRole('button', { name: 'Calcular estudio' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progreso del estudio' });
    expect(sentStudy(requests.create!)).toEqual(newStudy);
    expect(requests.create!.method).toBe('POST');
    expect(screen.queryByRole('button', { name: 'Revisar' })).not.toBeInTheDocument();
    expect(field('Nombre del estudio')).toBeDisabled();
    events.send(jobStatus({ jobId: 'j9', studyId: 's9', progressPercent: 50 }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByTestId('study-stage')).toHaveTextContent(
      'Caso 1 de 4: alta_2026 (3 barras)',
    );
    events.send(jobStatus({ jobId: 'j9', studyId: 's9', state: 'done', progressPercent: 100 }));
    expect(await screen.findByText('El estudio está calculado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver resultados' })).toHaveAttribute(
      'href',
      '/resultados?estudio=s9',
    );
    expect(callsTo(fetchMock, '/api/studies')).toHaveLength(1);
    // A long journey through the whole form: more than the default time on a busy machine.
  }, 60_000);

  it('refuses an incomplete study in Spanish, field by field, before sending anything', async () => {
    const fetchMock = signedIn({});
    const { user } = renderApp('/estudios/nuevo');
    await user.click(await screen.findByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText(/campos por corregir/)).toHaveAttribute('role', 'alert');
    expect(screen.getByText('El nombre del estudio es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La descripción de la red es obligatoria')).toBeInTheDocument();
    expect(screen.getByText('Indica al menos un año')).toBeInTheDocument();
    expect(screen.getByText('El nombre del escenario es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Indica al menos una barra')).toBeInTheDocument();
    await waitFor(() => expect(field('Nombre del estudio')).toHaveFocus());
    expect(field('Nombre del estudio')).toHaveAccessibleDescription(
      'El nombre del estudio es obligatorio',
    );
    expect(callsTo(fetchMock, '/api/studies/validate')).toHaveLength(0);

    // A number field says what it expects.
    await user.click(screen.getByRole('button', { name: 'Agregar año' }));
    await typeInto(user, field('Año 1'), 'dos mil');
    expect(await screen.findByText('El año debe ser un número')).toBeInTheDocument();
  });

  it('asks for the base case before reviewing or loading a file', async () => {
    signedIn({});
    const { user } = renderApp('/estudios/nuevo', { applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Archivo del estudio (JSON o Excel)'),
      new File(['{}'], 'estudio.json', { type: 'application/json' }),
    );
    expect(
      await screen.findByText('Elige primero el caso base: el archivo se revisa contra él.'),
    ).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Archivo de red del caso base'),
      new File(['%PDF'], 'red.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText('Solo se permiten casos .raw, .m, .txt, .xz o .bin'),
    ).toBeInTheDocument();
  });

  it('says which contingencies the study will be computed on: the picked case’s set, or every branch (issue #30)', async () => {
    const analysed = (caseId: string, caseName: string) => ({
      caseId,
      caseName,
      caseDescription: null,
      process: null,
      familyId: null,
      familyName: null,
      createdAt: new Date(2026, 10, 19, 9, 0).toISOString(),
      isDemo: false,
    });
    const planSet = deferred<Response>();
    const fetchMock = signedIn({
      '/api/cases': {
        body: {
          cases: [
            analysed('c1', 'con_plan'),
            analysed('c2', 'sin_plan'),
            analysed('c3', 'borrado'),
          ],
        },
      },
      '/api/cases/c1/buses': { body: caseBuses },
      '/api/cases/c2/buses': { body: caseBuses },
      '/api/cases/c3/buses': { body: caseBuses },
      '/api/cases/c1/contingency-set': () => planSet.promise,
      '/api/cases/c2/contingency-set': { body: { caseId: 'c2', set: null, capacityJobId: null } },
      '/api/cases/c3/contingency-set': {
        status: 404,
        body: { error: { code: 'CASE_NOT_FOUND', message: 'No se encontró el caso' } },
      },
      '/api/networks/buses': { body: caseBuses },
    });
    const { user } = renderApp('/estudios/nuevo', { applyAccept: false });

    // An uploaded network has no set: every branch, and where a set comes from.
    await user.upload(
      await screen.findByLabelText('Archivo de red del caso base'),
      new File(['mpc'], 'red.m', { type: 'text/plain' }),
    );
    expect(await screen.findByTestId('study-contingency-note')).toHaveTextContent(
      'El estudio se calculará con cada rama en servicio, una a la vez. Para usar contingencias propias, súbelas en el análisis de un caso y elige ese caso aquí.',
    );

    // A case with a set: asked for once it is picked, the wait said in words.
    await user.click(screen.getByRole('radio', { name: 'Usar uno de mis casos analizados' }));
    expect(screen.queryByTestId('study-contingency-note')).not.toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Caso analizado' });
    await user.selectOptions(picker, 'c1');
    expect(await screen.findByText('Consultando las contingencias del caso…')).toBeInTheDocument();
    planSet.resolve(
      jsonResponse({
        caseId: 'c1',
        capacityJobId: null,
        set: {
          fileName: 'plan.con',
          format: 'psse-con',
          uploadedAt: '2026-11-19T09:30:00.000Z',
          counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
          n1: null,
          subsystemsFile: { fileName: 'plan.sub', subsystems: 3 },
          monitoredFile: null,
        },
      }),
    );
    expect(await screen.findByTestId('study-contingency-note')).toHaveTextContent(
      'El estudio se calculará con las contingencias de este caso: «plan.con» (3.734), con «plan.sub». Se leen de nuevo en cada escenario y año; si una línea no se resuelve en alguno, ese caso se detiene y lo dice.',
    );
    expect(callsTo(fetchMock, '/api/cases/c1/contingency-set')).toHaveLength(1);

    // A case without one: every branch, with a link to its analysis to upload them.
    await user.selectOptions(picker, 'c2');
    await waitFor(() =>
      expect(screen.getByTestId('study-contingency-note')).toHaveTextContent(
        'El estudio se calculará con cada rama en servicio, una a la vez. Para usar contingencias propias, súbelas en el análisis del caso.',
      ),
    );
    expect(screen.getByRole('link', { name: 'súbelas en el análisis del caso' })).toHaveAttribute(
      'href',
      '/analisis?caso=c2',
    );

    // A set that cannot be read: why, in Spanish.
    await user.selectOptions(picker, 'c3');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron consultar las contingencias del caso: No se encontró el caso',
    );
    expect(screen.queryByTestId('study-contingency-note')).not.toBeInTheDocument();
  });

  it('loads a study from a file: a refused workbook names its cells, a readable one fills the form', async () => {
    let answer: unknown = {
      valid: false,
      problems: [
        {
          message: 'Hoja «Barras», fila 1, celda A1: El encabezado debe ser «Barra»',
          field: null,
          sheet: 'Barras',
          row: 1,
          cell: 'A1',
        },
      ],
      study: null,
      summary: null,
    };
    const fetchMock = signedIn({
      '/api/networks/buses': { body: caseBuses },
      '/api/studies/validate': () => jsonResponse(answer),
    });
    const { user } = renderApp('/estudios/nuevo', { applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Archivo de red del caso base'),
      new File(['mpc'], 'caso.txt', { type: 'text/plain' }),
    );
    await screen.findByText('El caso tiene 8 barras y 2 áreas.');
    const studyInput = screen.getByLabelText('Archivo del estudio (JSON o Excel)');
    await user.upload(studyInput, new File(['PK'], 'estudio.xlsx'));
    const refused = await screen.findByRole('heading', {
      name: 'El archivo tiene 1 problema y no se cargó:',
    });
    expect(refused).toHaveFocus();
    const problems = screen.getByTestId('study-problems');
    expect(problems).toHaveTextContent(
      'Hoja «Barras», fila 1, celda A1: El encabezado debe ser «Barra»',
    );
    const sent = callsTo(fetchMock, '/api/studies/validate')[0]![1]!.body as FormData;
    expect((sent.get('study') as File).name).toBe('estudio.xlsx');
    expect(field('Nombre del estudio')).toHaveValue('');

    answer = { valid: true, problems: [], study: studyFile, summary };
    await user.upload(studyInput, new File(['{}'], 'estudio.json'));
    expect(
      await screen.findByText(
        'Se cargó «Conexiones 2027» en el formulario. Revísalo y pulsa «Revisar» para calcularlo.',
      ),
    ).toBeInTheDocument();
    expect(field('Nombre del estudio')).toHaveValue('Conexiones 2027');
    expect(field('Crecimiento anual del área 1 (%)')).toHaveValue('1,5');
    expect(
      field('Multiplicador de Área 1', screen.getByRole('group', { name: 'Escenario 1' })),
    ).toHaveValue('1,04');
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('3 barras elegidas');
    expect(screen.getByRole('radio', { name: 'Atribuible a la conexión' })).toBeChecked();

    await user.upload(studyInput, new File(['x'], 'estudio.csv'));
    expect(await screen.findByText(errorMessages.STUDY_FILE_TYPE)).toBeInTheDocument();
  });
});

describe('/estudios/<id>/editar', () => {
  const editRoutes = (extra: Parameters<typeof signedIn>[0] = {}) =>
    signedIn({
      '/api/studies/s1': { body: studyDetail({ baseCaseId: 'c1', version: 2, resultsVersion: 2 }) },
      '/api/cases': {
        body: {
          cases: [
            {
              caseId: 'c1',
              caseName: 'case_ACTIVSg500',
              caseDescription: null,
              process: null,
              familyId: null,
              familyName: null,
              createdAt: new Date(2026, 10, 19, 9, 0).toISOString(),
              isDemo: false,
            },
          ],
        },
      },
      '/api/cases/c1/buses': { body: caseBuses },
      '/api/cases/c1/contingency-set': { body: { caseId: 'c1', set: null, capacityJobId: null } },
      ...extra,
    });

  it('opens the study’s file on its analysed case and names the server’s problems by field', async () => {
    editRoutes({
      '/api/studies/validate': {
        body: {
          valid: false,
          problems: [
            {
              message: 'busbars.2: La barra 23 (barra del estudio) está aislada en el caso base',
              field: 'busbars.2',
              sheet: null,
              row: null,
              cell: null,
            },
            {
              message:
                'scenarios.0.interchanges.0.bus: La barra 7 (intercambio «Exportación») está aislada en el caso base',
              field: 'scenarios.0.interchanges.0.bus',
              sheet: null,
              row: null,
              cell: null,
            },
          ],
          study: studyFile,
          summary: null,
        },
      },
    });
    const { user } = renderApp('/estudios/s1/editar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar estudio' })).toBeVisible();
    expect(
      await screen.findByText('Editando «Conexiones 2027». Al calcularlo se creará la versión 3.'),
    ).toBeInTheDocument();
    expect(field('Nombre del estudio')).toHaveValue('Conexiones 2027');
    expect(await screen.findByRole('combobox', { name: 'Caso analizado' })).toHaveValue('c1');
    expect(await screen.findByText('El caso tiene 8 barras y 2 áreas.')).toBeInTheDocument();
    // The new version is computed on the case's set as it is now (none: every branch).
    expect(await screen.findByTestId('study-contingency-note')).toHaveTextContent(
      'El estudio se calculará con cada rama en servicio, una a la vez.',
    );
    // The study's own areas, not the case's.
    expect(screen.queryByRole('textbox', { name: 'Nombre del área 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    const heading = await screen.findByRole('heading', { name: 'El estudio tiene 2 problemas' });
    expect(heading).toHaveFocus();
    const list = screen.getByTestId('study-problems');
    expect(list).toHaveTextContent(
      'Barra candidata 3: La barra 23 (barra del estudio) está aislada en el caso base',
    );
    expect(list).toHaveTextContent(
      'Escenario 1 › Intercambio 1 › Barra: La barra 7 (intercambio «Exportación») está aislada en el caso base',
    );
    const [, toInterchange] = within(list).getAllByRole('button', { name: /^Ir al campo/ });
    await user.click(toInterchange!);
    const bus = field('Barra', screen.getByRole('group', { name: 'Escenario 1' }));
    expect(bus).toHaveFocus();
    expect(bus).toHaveAccessibleDescription(/está aislada en el caso base/);
    expect(
      screen.getByText('Barra 23: La barra 23 (barra del estudio) está aislada en el caso base'),
    );
  });

  it('runs the edit as a new version, and words the refusal while one runs', async () => {
    const fetchMock = editRoutes({
      '/api/studies/validate': { body: validAnswer() },
      '/api/studies/s1/versions': {
        status: 409,
        body: { error: { code: 'STUDY_RUNNING', message: errorMessages.STUDY_RUNNING } },
      },
    });
    const { user } = renderApp('/estudios/s1/editar');
    await screen.findByText('El caso tiene 8 barras y 2 áreas.');
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    await user.click(await screen.findByRole('button', { name: 'Calcular nueva versión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No se pudo calcular el estudio: ${errorMessages.STUDY_RUNNING}`,
    );
    const [[, init]] = callsTo(fetchMock, '/api/studies/s1/versions') as [[unknown, RequestInit]];
    expect((init.body as FormData).get('caseId')).toBe('c1');
    expect((init.body as FormData).get('case')).toBeNull();
  });

  it('cancels the new version while it runs', async () => {
    const events = jobEvents();
    const fetchMock = editRoutes({
      '/api/studies/validate': { body: validAnswer() },
      '/api/studies/s1/versions': {
        status: 202,
        body: { studyId: 's1', version: 3, jobId: 'j3' },
      },
      '/api/jobs/j3/events': events.response,
      '/api/studies/s1/cancel': () => {
        events.send(jobStatus({ jobId: 'j3', state: 'cancelled' }));
        return jsonResponse({ studyId: 's1', state: 'cancelled' });
      },
    });
    const { user } = renderApp('/estudios/s1/editar');
    await screen.findByText('El caso tiene 8 barras y 2 áreas.');
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    await user.click(await screen.findByRole('button', { name: 'Calcular nueva versión' }));
    events.send(jobStatus({ jobId: 'j3', progressPercent: 25 }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(
      await screen.findByText(
        'Cálculo cancelado. Los resultados anteriores, si los había, se conservan.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/studies/s1/cancel')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Ver resultados' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis estudios' })).toHaveAttribute(
      'href',
      '/estudios',
    );
  });

  it('edits a study made from an uploaded file on its stored network, without the file again', async () => {
    const requests: MockRequest[] = [];
    const fetchMock = signedIn({
      '/api/studies/s1': { body: studyDetail({ baseCaseId: null, version: 2, resultsVersion: 2 }) },
      '/api/studies/s1/buses': { body: caseBuses },
      '/api/networks/buses': { body: caseBuses },
      '/api/studies/validate': (request) => {
        requests.push(request);
        return jsonResponse(validAnswer());
      },
      '/api/studies/s1/versions': (request) => {
        requests.push(request);
        return jsonResponse({ studyId: 's1', version: 3, jobId: 'j3' }, 202);
      },
      '/api/jobs/j3/events': jobEvents().response,
    });
    const { user } = renderApp('/estudios/s1/editar', { applyAccept: false });
    // The stored network, named, with its buses read from the server: nothing to upload.
    const stored = await screen.findByTestId('stored-network');
    expect(stored).toHaveTextContent('case_ACTIVSg500.m');
    expect(stored).toHaveTextContent('La red guardada con el estudio');
    expect(await screen.findByText('El caso tiene 8 barras y 2 áreas.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/studies/s1/buses')).toHaveLength(1);
    expect(screen.queryByText(/súbelo de nuevo/)).not.toBeInTheDocument();

    // Another file replaces it; removing that file brings the stored network back.
    await user.upload(
      screen.getByLabelText('Archivo de red del caso base'),
      new File(['mpc'], 'otra-red.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByTestId('base-file-name')).toHaveTextContent('otra-red.txt');
    expect(screen.queryByTestId('stored-network')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover archivo' }));
    expect(await screen.findByTestId('stored-network')).toBeInTheDocument();
    // So does going to an analysed case and back.
    await user.click(screen.getByRole('radio', { name: 'Usar uno de mis casos analizados' }));
    expect(screen.queryByTestId('stored-network')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Subir un archivo de red' }));
    expect(await screen.findByTestId('stored-network')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    await user.click(await screen.findByRole('button', { name: 'Calcular nueva versión' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    for (const request of requests) {
      const form = request.body as FormData;
      expect(form.get('studyId')).toBe('s1');
      expect(form.get('case')).toBeNull();
      expect(form.get('caseId')).toBeNull();
    }
    expect(requests.map((request) => request.path)).toEqual([
      '/api/studies/validate',
      '/api/studies/s1/versions',
    ]);
  });

  it('says the demo cannot be edited, and that a study of someone else is not found', async () => {
    signedIn({
      '/api/studies/otro': {
        status: 404,
        body: { error: { code: 'STUDY_NOT_FOUND', message: 'No se encontró el estudio' } },
      },
    });
    const demo = renderApp('/estudios/demo/editar');
    expect(
      await screen.findByText('El estudio de demostración no se puede modificar.'),
    ).toBeInTheDocument();
    demo.unmount();
    renderApp('/estudios/otro/editar');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar el estudio: No se encontró el estudio',
    );
    expect(screen.getByRole('link', { name: 'Volver a Mis estudios' })).toHaveAttribute(
      'href',
      '/estudios',
    );
  });
});
