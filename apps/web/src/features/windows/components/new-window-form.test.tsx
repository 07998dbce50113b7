import { errorMessages } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, renderApp, type MockRequest } from '../../../render.test-support';
import {
  activsgCounts,
  analysedCase,
  caseContingencySet,
  jobEvents,
  signedIn,
  studyItem,
  windowDetail,
  windowJob,
} from '../windows.test-support';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The form's API: the user's cases (one analysed, one whose analysis failed). */
const formApi = {
  '/api/cases': {
    body: {
      cases: [
        analysedCase,
        {
          ...analysedCase,
          caseId: 'c2',
          caseName: 'roto.m',
          analysis: { jobId: 'a2', state: 'failed', error: null },
        },
      ],
    },
  },
  // case30.m has no contingency set of its own: every branch, one at a time.
  '/api/cases/c1/contingency-set': { body: caseContingencySet('c1', null) },
};

async function openForm(
  routes: Parameters<typeof signedIn>[0] = {},
  options: Parameters<typeof renderApp>[1] = {},
) {
  const fetchMock = signedIn({ ...formApi, ...routes });
  const view = renderApp('/ventanas?nueva', options);
  await screen.findByRole('heading', { level: 2, name: 'Nueva ventana' });
  await screen.findByRole('combobox', { name: 'Caso analizado' });
  return { ...view, fetchMock };
}

const cell = (column: string, row: number) =>
  screen.getByRole('textbox', { name: `${column} de la solicitud ${row}` });

describe('/ventanas?nueva «Nueva ventana»', () => {
  it('offers only analysed cases, folds the options with their defaults, and counts the requests typed', async () => {
    const { user } = await openForm();
    const select = screen.getByRole('combobox', { name: 'Caso analizado' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige un caso', expect.stringContaining('case30.m')]);

    // «Opciones» is folded; opened, it shows DEFAULT_WINDOW_OPTIONS.
    const summary = screen.getByText('Opciones');
    expect(screen.getByRole('radio', { name: 'Dejarlas aparte' })).not.toBeVisible();
    await user.click(summary);
    expect(screen.getByRole('radio', { name: 'Dejarlas aparte' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Limitar' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Capacidad poscontingencia' })).toHaveValue(
      'emergency',
    );
    expect(screen.getByRole('textbox', { name: 'Umbral del factor de distribución' })).toHaveValue(
      '0',
    );

    await user.type(cell('ID', 1), 'R1');
    await user.type(cell('Barra', 1), '2');
    await user.type(cell('MW', 1), '60,5');
    await user.click(screen.getByRole('button', { name: 'Agregar solicitud' }));
    // The new row's first cell takes the focus.
    expect(cell('ID', 2)).toHaveFocus();
    await user.keyboard('R2');
    await user.type(cell('Barra', 2), '5');
    await user.type(cell('MW', 2), '80');
    expect(screen.getByTestId('window-draft-summary')).toHaveTextContent(
      '2 solicitudes · 140,5 MW solicitados',
    );
  });

  it('asks for a case before sending anything', async () => {
    const { user, fetchMock } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));
    expect(
      screen.getByText('Elige el caso analizado sobre el que se calcula la ventana.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Caso analizado' })).toHaveFocus();
    expect(callsTo(fetchMock, '/api/windows')).toHaveLength(0);
  });

  it('shows every problem of a refused window with its row and field, and goes to its cell', async () => {
    const sent: MockRequest[] = [];
    const { user } = await openForm({
      '/api/windows': (request) => {
        sent.push(request);
        return jsonResponse(
          {
            error: { code: 'WINDOW_INVALID', message: 'La ventana tiene errores' },
            problems: [
              {
                message:
                  'Solicitud 2, MW solicitados: La potencia solicitada no puede ser negativo',
                field: 'requests.1.mw',
                sheet: null,
                row: null,
                cell: null,
              },
              {
                message: 'Solicitud 1, barra: la barra 99 no está en el caso',
                field: 'requests.0.bus',
                sheet: null,
                row: null,
                cell: null,
              },
            ],
          },
          422,
        );
      },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Caso analizado' }), 'c1');
    await user.type(screen.getByRole('textbox', { name: 'Nombre de la ventana' }), 'Ventana 2027');
    await user.type(cell('ID', 1), 'A');
    await user.type(cell('Barra', 1), '99');
    await user.type(cell('MW', 1), '10');
    await user.click(screen.getByRole('button', { name: 'Agregar solicitud' }));
    await user.type(cell('ID', 2), 'B');
    await user.type(cell('Barra', 2), '2');
    await user.type(cell('MW', 2), '-5');
    // An empty row at the end is not sent.
    await user.click(screen.getByRole('button', { name: 'Agregar solicitud' }));
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));

    const list = await screen.findByTestId('window-problems');
    expect(
      screen.getByRole('heading', { name: 'La ventana tiene 2 problemas: no se creó' }),
    ).toHaveFocus();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Solicitud 2, MW solicitados: La potencia solicitada no puede ser negativoIr a la celda: Solicitud 2, MW solicitados',
      'Solicitud 1, barra: la barra 99 no está en el casoIr a la celda: Solicitud 1, barra',
    ]);
    expect(sent[0]!.body).toEqual({
      caseId: 'c1',
      name: 'Ventana 2027',
      options: {
        postContingencyRating: 'emergency',
        distributionFactorCutoff: 0,
        sink: 'auto',
        slack: 'distributed',
        preExisting: 'ignore',
        contingencies: 'every-branch',
      },
      requests: [
        { id: 'A', bus: 99, mw: 10 },
        { id: 'B', bus: 2, mw: -5 },
      ],
    });
    expect(screen.queryByRole('textbox', { name: 'ID de la solicitud 3' })).not.toBeInTheDocument();

    expect(cell('MW', 2)).toHaveAttribute('aria-invalid', 'true');
    expect(cell('Barra', 1)).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(list).getAllByRole('button', { name: /^Ir a la celda/ })[0]!);
    expect(cell('MW', 2)).toHaveFocus();
  });

  it('computes a window over a study: the study is picked, each request may say the year it enters', async () => {
    const sent: MockRequest[] = [];
    const { user } = await openForm({
      '/api/studies': {
        body: {
          studies: [studyItem()],
        },
      },
      '/api/windows': (request) => {
        sent.push(request);
        return jsonResponse({ windowId: 'w9', jobId: 'j9' }, 202);
      },
    });
    // Nothing chosen: the study is asked for, and its picker takes the focus.
    await user.click(screen.getByRole('radio', { name: /Un estudio \(asignación firme\)/ }));
    const picker = await screen.findByRole('combobox', { name: 'Estudio' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige un estudio', 'Plan 2026–2030 (4 casos escenario × año)']);
    await user.type(screen.getByRole('textbox', { name: 'Nombre de la ventana' }), 'Firme');
    await user.type(cell('ID', 1), 'A');
    await user.type(cell('Barra', 1), '2');
    await user.type(cell('MW', 1), '10');
    await user.type(cell('Año de entrada', 1), '2030');
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));
    expect(
      screen.getByText('Elige el estudio sobre el que se calcula la ventana.'),
    ).toBeInTheDocument();
    expect(picker).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.selectOptions(picker, 's1');
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      studyId: 's1',
      name: 'Firme',
      requests: [{ id: 'A', bus: 2, mw: 10, year: 2030 }],
    });
    expect(sent[0]!.body).not.toHaveProperty('caseId');
  });

  it('offers the case’s own contingencies only for a case that has them, and sends the choice', async () => {
    const sent: MockRequest[] = [];
    const { user } = await openForm({
      '/api/cases': {
        body: {
          cases: [
            { ...analysedCase, caseId: 'c1', caseName: 'ACTIVSg2000.m' },
            {
              ...analysedCase,
              caseId: 'c3',
              caseName: 'sin-conjunto.m',
              createdAt: '2026-11-19T09:00:00Z',
            },
          ],
        },
      },
      '/api/cases/c1/contingency-set': {
        body: caseContingencySet('c1', 'contab_ACTIVSg2000.m'),
      },
      '/api/cases/c3/contingency-set': { body: caseContingencySet('c3', null) },
      '/api/windows': (request) => {
        sent.push(request);
        return jsonResponse({ windowId: 'w9', jobId: 'j9' }, 202);
      },
    });
    const picker = screen.getByRole('combobox', { name: 'Caso analizado' });
    await user.click(screen.getByText('Opciones'));
    const group = screen.getByRole('group', { name: 'Contingencias' });
    expect(group).toHaveAccessibleDescription(
      'Qué sale de servicio en las restricciones N-1 de la ventana. El caso base (N-0) se revisa siempre.',
    );
    const everyBranch = within(group).getByRole('radio', {
      name: 'Cada rama en servicio, una a la vez',
    });
    const caseSet = within(group).getByRole('radio', { name: 'Las contingencias del caso' });
    expect(everyBranch).toBeChecked();
    expect(caseSet).toBeDisabled();
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining('Elige primero un caso analizado.'),
    );

    await user.selectOptions(picker, 'c3');
    await waitFor(() =>
      expect(caseSet).toHaveAccessibleDescription(
        expect.stringContaining(
          'El caso no tiene contingencias propias: súbelas en /analisis, «Contingencias».',
        ),
      ),
    );
    expect(caseSet).toBeDisabled();

    await user.selectOptions(picker, 'c1');
    await waitFor(() => expect(caseSet).toBeEnabled());
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining('contab_ACTIVSg2000.m: 3.734 contingencias'),
    );
    await user.click(caseSet);
    expect(caseSet).toBeChecked();

    // A case without a set goes back to every branch, and coming back does not choose it again.
    await user.selectOptions(picker, 'c3');
    expect(everyBranch).toBeChecked();
    expect(caseSet).toBeDisabled();
    await user.selectOptions(picker, 'c1');
    await waitFor(() => expect(caseSet).toBeEnabled());
    expect(everyBranch).toBeChecked();

    // By keyboard, as any radio group.
    everyBranch.focus();
    await user.keyboard('{ArrowRight}');
    expect(caseSet).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: 'Nombre de la ventana' }), 'Con contab');
    await user.type(cell('ID', 1), 'A');
    await user.type(cell('Barra', 1), '2');
    await user.type(cell('MW', 1), '10');
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      caseId: 'c1',
      options: { contingencies: 'case-set', preExisting: 'ignore' },
    });
  });

  it('offers a study’s contingencies when its version was sent with them, and reads them again when the server says it has none', async () => {
    const withSet = studyItem({
      contingencySet: {
        fileName: 'contab_ACTIVSg2000.m',
        format: 'contab',
        counts: activsgCounts,
        subsystemsFileName: null,
        monitoredFileName: null,
      },
    });
    let studies = [
      withSet,
      studyItem({ studyId: 's2', name: 'Plan sin conjunto', updatedAt: '2026-12-01T10:00:00Z' }),
    ];
    const sent: MockRequest[] = [];
    const { user } = await openForm({
      '/api/studies': () => jsonResponse({ studies }),
      '/api/windows': (request) => {
        sent.push(request);
        // Sent again meanwhile without the set.
        studies = [{ ...withSet, version: 3, contingencySet: null }, studies[1]!];
        return jsonResponse(
          {
            error: {
              code: 'STUDY_CONTINGENCY_SET_MISSING',
              message: errorMessages.STUDY_CONTINGENCY_SET_MISSING,
            },
          },
          409,
        );
      },
    });
    await user.click(screen.getByRole('radio', { name: /Un estudio \(asignación firme\)/ }));
    const picker = await screen.findByRole('combobox', { name: 'Estudio' });
    await user.click(screen.getByText('Opciones'));
    const caseSet = screen.getByRole('radio', { name: 'Las contingencias del caso' });
    expect(caseSet).toBeDisabled();
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining('Elige primero un estudio.'),
    );

    await user.selectOptions(picker, 's2');
    expect(caseSet).toBeDisabled();
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining('El estudio se envió con cada rama en servicio, una a la vez.'),
    );

    await user.selectOptions(picker, 's1');
    expect(caseSet).toBeEnabled();
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining(
        'Las del caso base con que se envió la versión más reciente del estudio',
      ),
    );
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining('contab_ACTIVSg2000.m: 3.734 contingencias'),
    );
    await user.click(caseSet);

    await user.type(screen.getByRole('textbox', { name: 'Nombre de la ventana' }), 'Firme');
    await user.type(cell('ID', 1), 'A');
    await user.type(cell('Barra', 1), '2');
    await user.type(cell('MW', 1), '10');
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No se pudo crear la ventana: ${errorMessages.STUDY_CONTINGENCY_SET_MISSING}`,
    );
    expect(sent[0]!.body).toMatchObject({
      studyId: 's1',
      options: { contingencies: 'case-set' },
    });
    // The study list is read again: the choice now says why it cannot be made.
    await waitFor(() => expect(caseSet).toBeDisabled());
    expect(caseSet).toHaveAccessibleDescription(
      expect.stringContaining('El estudio se envió con cada rama en servicio, una a la vez.'),
    );
    expect(
      screen.getByRole('radio', { name: 'Cada rama en servicio, una a la vez' }),
    ).toBeChecked();
  });

  it('lists the problems of a requests file by sheet, row and cell, and adds nothing', async () => {
    const { user, fetchMock } = await openForm({
      '/api/windows/requests/read': {
        body: {
          valid: false,
          problems: [
            {
              message: 'Hoja «Solicitudes», fila 3, celda F3: «mucho» no es un número',
              field: null,
              sheet: 'Solicitudes',
              row: 3,
              cell: 'F3',
            },
            {
              message:
                'Hoja «Solicitudes», fila 4, celda G4: La potencia mínima no puede superar la solicitada',
              field: 'requests.2.minMw',
              sheet: 'Solicitudes',
              row: 4,
              cell: 'G4',
            },
          ],
          requests: [],
        },
      },
    });
    // With a case chosen, the server checks the file's buses against it too.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Caso analizado' }), 'c1');
    await user.upload(
      screen.getByLabelText('Archivo de solicitudes (Excel o JSON)'),
      new File(['PK'], 'solicitudes.xlsx', { type: XLSX }),
    );
    const list = await screen.findByTestId('window-problems');
    expect(
      screen.getByRole('heading', { name: 'El archivo tiene 2 problemas y no se cargó:' }),
    ).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Hoja «Solicitudes», fila 3, celda F3: «mucho» no es un número',
    );
    expect(
      within(items[0]!).getByText('Hoja «Solicitudes», fila 3, celda F3:'),
    ).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('fila 4, celda G4');
    // A file's cell is not a cell of the table: no button to go there.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    const [input, init] = callsTo(fetchMock, '/api/windows/requests/read')[0]!;
    expect(new URL(String(input), 'http://localhost').searchParams.get('caseId')).toBe('c1');
    expect(init).toMatchObject({
      method: 'POST',
      headers: expect.objectContaining({ 'Content-Type': XLSX }),
    });
    expect(screen.getByTestId('window-draft-summary')).toHaveTextContent('0 solicitudes');
  });

  it('refuses a file that is neither the template nor a JSON without sending it', async () => {
    // As if the browser let any file through its accept list.
    const { user, fetchMock } = await openForm({}, { applyAccept: false });
    await user.upload(
      screen.getByLabelText('Archivo de solicitudes (Excel o JSON)'),
      new File(['x'], 'solicitudes.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El archivo de solicitudes debe ser la plantilla de Excel (.xlsx) o un JSON (.json) con «requests»',
    );
    expect(callsTo(fetchMock, '/api/windows/requests/read')).toHaveLength(0);
  });

  it('adds a file’s requests to the table, creates the window and shows its progress', async () => {
    const events = jobEvents();
    let created = false;
    const { user, router } = await openForm({
      '/api/windows/requests/read': {
        body: {
          valid: true,
          problems: [],
          requests: [
            { id: 'J1', bus: 2, mw: 60, priority: 1 },
            { id: 'J2', bus: 5, mw: 80.5, minMw: 10, company: 'Eólica SAS' },
          ],
        },
      },
      '/api/windows': () => {
        created = true;
        return jsonResponse({ windowId: 'w9', jobId: 'j9' }, 202);
      },
      '/api/windows/w9': () =>
        jsonResponse(
          windowDetail({
            windowId: 'w9',
            jobId: 'j9',
            state: 'queued',
            progressPercent: 0,
            totals: null,
            result: null,
          }),
        ),
      '/api/jobs/j9/events': events.response,
    });
    await user.upload(
      screen.getByLabelText('Archivo de solicitudes (Excel o JSON)'),
      new File(['{"requests": []}'], 'ronda.json', { type: 'application/json' }),
    );
    expect(
      await screen.findByText(
        'Se agregaron 2 solicitudes de «ronda.json». Puedes editarlas en la tabla.',
      ),
    ).toBeInTheDocument();
    expect(cell('ID', 1)).toHaveValue('J1');
    expect(cell('MW', 2)).toHaveValue('80,5');
    expect(cell('Empresa', 2)).toHaveValue('Eólica SAS');
    expect(screen.getByTestId('window-draft-summary')).toHaveTextContent(
      '2 solicitudes · 140,5 MW solicitados',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Caso analizado' }), 'c1');
    await user.type(screen.getByRole('textbox', { name: 'Nombre de la ventana' }), 'Ronda');
    await user.click(screen.getByRole('button', { name: 'Crear y calcular ventana' }));

    await waitFor(() => expect(router.state.location.search).toBe('?ventana=w9'));
    expect(created).toBe(true);
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de Ventana 2027' });
    events.send(windowJob({ jobId: 'j9', progressPercent: 30, stage: 'window-order' }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'));
    expect(screen.getByText('Asignando por orden de prioridad')).toBeInTheDocument();
  });

  it('says how to get an analysed case when the user has none', async () => {
    signedIn({ '/api/cases': { body: { cases: [] } } });
    renderApp('/ventanas?nueva');
    expect(await screen.findByText(/No tienes casos analizados/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Análisis' })).toHaveAttribute(
      'href',
      '/analisis',
    );
  });
});
