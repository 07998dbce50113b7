import type {
  ContingencySetN1,
  ContingencySetResponse,
  ContingencySetSummary,
} from '@holgura/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../components/export/downloads.test-support';
import { createQueryClient } from '../../../lib/query-client';
import {
  callsTo,
  deferred,
  jsonResponse,
  mockApi,
  type MockRequest,
} from '../../../render.test-support';
import { ContingencySetCard } from './contingency-set-card';

const PATH = '/api/cases/c7/contingency-set';
/** A capacity query of the case: what a new set must make the page ask again. */
const CAPACITY_KEY = ['analysis', 'busbar-capacities', 'c7', 'page', 'page=1'];

const activsg: ContingencySetSummary = {
  fileName: 'ACTIVSg2000_contab.m',
  format: 'contab',
  // Local time, so the date reads the same in any time zone.
  uploadedAt: new Date(2026, 10, 20, 10, 5).toISOString(),
  counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
  n1: null,
  subsystemsFile: null,
  monitoredFile: null,
};

/** The N-1 on a set: 12 loadings (the worst after a contingency, one in the base case). */
const screened: ContingencySetN1 = {
  evaluated: 3702,
  islandingCount: 2,
  islanding: [
    {
      contingencyLabel: '12',
      contingencyName: 'Contingencia 12: ODESSA 2 (1001, 115 kV) – ODESSA 5 (1004, 115 kV) ckt 1',
      buses: 3,
      disconnectedMw: 45.24,
    },
    {
      contingencyLabel: '40',
      contingencyName: 'Contingencia 40: unidad 2 en MONAHANS (1010, 13,8 kV)',
      buses: 1,
      disconnectedMw: 0,
    },
  ],
  skipped: 3,
  pickupShort: 1,
  monitored: 3206,
  baseCaseOverloads: 1,
  overloadedPairs: 1234,
  top: Array.from({ length: 12 }, (_, index) => ({
    monitoredBranch: index + 1,
    monitoredName: `RAMA ${index + 1}`,
    contingencyLabel: index === 1 ? null : `C${index + 1}`,
    contingencyName: index === 1 ? null : `Contingencia C${index + 1}: SALIDA ${index + 1}`,
    flowMw: -148.04 + index,
    limitMva: 109.5,
    loadingPercent: 135.2 - index * 5,
  })),
  interfaces: [],
};

const screenedSet: ContingencySetSummary = { ...activsg, n1: screened };

const answer = (set: ContingencySetSummary | null, capacityJobId: string | null = null) =>
  ({ caseId: 'c7', set, capacityJobId }) satisfies ContingencySetResponse;

function renderCard() {
  const client = createQueryClient({ queries: { retry: false } });
  client.setQueryData(CAPACITY_KEY, { state: 'done' });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <Toaster />
      <ContingencySetCard caseId="c7" />
    </QueryClientProvider>,
  );
  const card = () => screen.getByRole('region', { name: 'Contingencias' });
  const capacitiesInvalidated = () => client.getQueryState(CAPACITY_KEY)?.isInvalidated ?? false;
  return { ...view, user, card, capacitiesInvalidated };
}

/** A blob's text (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsText(blob);
  });
}

const uploadInput = () => screen.getByLabelText<HTMLInputElement>('Subir archivo de contingencias');

afterEach(() => vi.unstubAllGlobals());

describe('ContingencySetCard (issue #30)', () => {
  it('says the capacities take every branch, one at a time, when the case has no file', async () => {
    const get = deferred<Response>();
    mockApi({ [PATH]: () => get.promise });
    const { card } = renderCard();
    expect(within(card()).getByRole('status')).toHaveTextContent(
      'Cargando las contingencias del caso...',
    );
    expect(card()).toHaveTextContent(
      'Formatos: tabla de cambios de MATPOWER (contab) o archivo .con de PSS/E, con su archivo de subsistemas (.sub) y su archivo de elementos vigilados (.mon) si los tiene. Las capacidades por barra se recalculan con el conjunto elegido.',
    );

    get.resolve(jsonResponse(answer(null)));
    expect(await within(card()).findByTestId('contingency-set-current')).toHaveTextContent(
      'Todas las ramas en servicio, una a la vez (N-1)',
    );
    const input = uploadInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.m,.con,.txt,.sub,.mon,.xz');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAccessibleDescription(
      'Archivos .m, .con o .txt de hasta 10 MB, tal cual o comprimidos con xz (.xz). Un .con puede ir con su .sub y su .mon: selecciónalos juntos (hasta 3 archivos, cada uno de hasta 10 MB).',
    );
    expect(within(card()).queryByRole('button', { name: 'Descargar archivo' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Volver a todas las ramas' })).toBeNull();
  });

  it('shows the file, its format, date and counts by kind, and downloads it under its name', async () => {
    const saved = captureDownloads();
    const fetchMock = mockApi({
      [PATH]: { body: answer(activsg) },
      [`${PATH}/file`]: () => new Response('chgtab = [];', { status: 200 }),
    });
    const { user, card } = renderCard();
    const current = await within(card()).findByTestId('contingency-set-current');
    expect(within(current).getByTestId('contingency-set-file')).toHaveTextContent(
      'ACTIVSg2000_contab.m',
    );
    expect(current).toHaveTextContent(
      'Tabla de cambios de MATPOWER (contab) · Subido el 20/11/2026 10:05',
    );
    expect(within(current).getByTestId('contingency-set-counts')).toHaveTextContent(
      '3.734 contingencias: 3.190 de una rama, 0 de varias ramas, 544 de unidades, 0 mixtas',
    );
    expect(current).not.toHaveTextContent('Todas las ramas en servicio');

    await user.click(within(card()).getByRole('button', { name: 'Descargar archivo' }));
    await waitFor(() => expect(saved).toEqual(['ACTIVSg2000_contab.m']));
    expect(callsTo(fetchMock, `${PATH}/file`)).toHaveLength(1);
  });

  it('uploads the file as is with its name, shows the new set and refreshes the capacities', async () => {
    const put = deferred<Response>();
    let seen: MockRequest | null = null;
    const fetchMock = mockApi({
      [PATH]: (request) => {
        if (request.method === 'GET') return jsonResponse(answer(null));
        seen = request;
        return put.promise;
      },
    });
    const { user, card, capacitiesInvalidated } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    const text = 'CONTINGENCY L1\n  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 1\nEND\nEND\n';
    await user.upload(uploadInput(), new File([text], 'red año 2030.con'));

    expect(await within(card()).findByRole('status')).toHaveTextContent(
      'Subiendo y leyendo red año 2030.con...',
    );
    expect(uploadInput()).toBeDisabled();
    expect(seen!.method).toBe('PUT');
    expect(seen!.headers.get('x-file-name')).toBe(encodeURIComponent('red año 2030.con'));
    expect(seen!.headers.get('content-type')).toBe('application/octet-stream');
    expect(seen!.body).toBeInstanceOf(Blob);
    expect(await readText(seen!.body as Blob)).toBe(text);
    expect(capacitiesInvalidated()).toBe(false);

    put.resolve(
      jsonResponse(
        answer(
          {
            fileName: 'red año 2030.con',
            format: 'psse-con',
            uploadedAt: new Date(2026, 10, 21, 9, 0).toISOString(),
            counts: { total: 1, branch: 1, multiBranch: 0, generator: 0, mixed: 0 },
            n1: null,
            subsystemsFile: null,
            monitoredFile: null,
          },
          'k9',
        ),
      ),
    );
    const current = within(card()).getByTestId('contingency-set-current');
    await waitFor(() =>
      expect(current).toHaveTextContent('Archivo .con de PSS/E · Subido el 21/11/2026 09:00'),
    );
    expect(within(current).getByTestId('contingency-set-counts')).toHaveTextContent(
      '1 contingencia: 1 de una rama, 0 de varias ramas, 0 de unidades, 0 mixtas',
    );
    expect(
      await screen.findByText('Las capacidades por barra se recalculan con 1 contingencia.'),
    ).toBeInTheDocument();
    expect(capacitiesInvalidated()).toBe(true);
    expect(uploadInput()).toBeEnabled();
    expect(callsTo(fetchMock, PATH)).toHaveLength(2);
  });

  it('lists the lines that name nothing in the case, by number, and what the rest gives', async () => {
    mockApi({
      [PATH]: (request) =>
        request.method === 'GET'
          ? jsonResponse(answer(null))
          : jsonResponse(
              {
                error: {
                  code: 'CONTINGENCY_FILE_UNRESOLVED',
                  message:
                    'El archivo de contingencias tiene líneas que no corresponden a elementos del caso: no se guardó nada. Corrige las líneas indicadas y vuelve a subirlo.',
                },
                unresolvedCount: 5,
                unresolved: [
                  {
                    line: 12,
                    text: 'OPEN BRANCH FROM BUS 99 TO BUS 100 CKT 1',
                    code: 'BUS_NOT_IN_CASE',
                    message: 'nombra una barra que el caso no tiene. Revisa el número de barra.',
                  },
                  {
                    line: 1040,
                    text: 'REMOVE MACHINE 9 FROM BUS 7',
                    code: 'ELEMENT_NOT_IN_CASE',
                    message:
                      'nombra una rama o una unidad que el caso no tiene. Revisa las barras, el circuito o el número de fila.',
                  },
                ],
                counts: { total: 3700, branch: 3190, multiBranch: 10, generator: 499, mixed: 1 },
              },
              422,
            ),
    });
    const { user, card, capacitiesInvalidated } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    await user.upload(uploadInput(), new File(['x'], 'planificador.con'));

    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('No se guardó planificador.con');
    expect(alert).toHaveTextContent(
      'El archivo de contingencias tiene líneas que no corresponden a elementos del caso: no se guardó nada.',
    );
    const lines = within(card()).getByRole('region', {
      name: 'Las 5 líneas que no corresponden a elementos del caso',
    });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Línea 12: OPEN BRANCH FROM BUS 99 TO BUS 100 CKT 1 — nombra una barra que el caso no tiene. Revisa el número de barra.',
      'Línea 1040: REMOVE MACHINE 9 FROM BUS 7 — nombra una rama o una unidad que el caso no tiene. Revisa las barras, el circuito o el número de fila.',
    ]);
    expect(lines).toHaveTextContent('y 3 más');
    expect(within(lines).getByTestId('contingency-set-resolved')).toHaveTextContent(
      'Las líneas que sí se resolvieron dan 3.700 contingencias: 3.190 de una rama, 10 de varias ramas, 499 de unidades, 1 mixta.',
    );
    // Nothing was kept: every branch still, and the capacities stay as they are.
    expect(within(card()).getByTestId('contingency-set-current')).toHaveTextContent(
      'Todas las ramas en servicio, una a la vez (N-1)',
    );
    expect(capacitiesInvalidated()).toBe(false);
  });

  it('says the API’s reason for a file it cannot read, and refuses one over 10 MB unsent', async () => {
    const fetchMock = mockApi({
      [PATH]: (request) =>
        request.method === 'GET'
          ? jsonResponse(answer(null))
          : jsonResponse(
              {
                error: {
                  code: 'CONTINGENCY_FILE_EMPTY',
                  message: 'El archivo de contingencias no define ninguna contingencia',
                },
              },
              422,
            ),
    });
    const { user, card } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    await user.upload(uploadInput(), new File([''], 'vacio.m'));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'No se guardó vacio.mEl archivo de contingencias no define ninguna contingencia',
    );
    expect(within(card()).queryByTestId('contingency-set-unresolved')).toBeNull();

    const big = new File(['x'], 'enorme.con');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(uploadInput(), big);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'El archivo enorme.con pesa 11 MB; un archivo de contingencias puede pesar hasta 10 MB.',
    );
    expect(callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);

    // One of several over the limit: named, and nothing is sent.
    const bigMon = new File(['x'], 'vigilar.mon');
    Object.defineProperty(bigMon, 'size', { value: 12 * 1024 * 1024 });
    await user.upload(uploadInput(), [new File(['x'], 'plan.con'), bigMon]);
    await waitFor(() =>
      expect(within(card()).getByRole('alert')).toHaveTextContent(
        'No se guardaron plan.con y vigilar.mon' +
          'El archivo vigilar.mon pesa 12 MB; un archivo de contingencias puede pesar hasta 10 MB.',
      ),
    );
    expect(callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
  });

  it('sends a .con with its .sub and .mon in one multipart PUT, each under its name', async () => {
    const put = deferred<Response>();
    let seen: MockRequest | null = null;
    const fetchMock = mockApi({
      [PATH]: (request) => {
        if (request.method === 'GET') return jsonResponse(answer(null));
        seen = request;
        return put.promise;
      },
    });
    const { user, card, capacitiesInvalidated } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    const con = new File(['CONTINGENCY L1\nEND\nEND\n'], 'plan.con');
    const sub = new File(["SUBSYSTEM 'X'\nEND\nEND\n"], 'zonas.sub');
    const mon = new File(["MONITOR BRANCHES IN SUBSYSTEM 'X'\nEND\n"], 'vigilar.mon');
    await user.upload(uploadInput(), [con, sub, mon]);

    expect(await within(card()).findByRole('status')).toHaveTextContent(
      'Subiendo y leyendo plan.con, zonas.sub y vigilar.mon...',
    );
    const puts = callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]![1]!.body).toBeInstanceOf(FormData);
    const form = seen!.body as FormData;
    const sent = form.getAll('file') as File[];
    expect(sent.map((file) => file.name)).toEqual(['plan.con', 'zonas.sub', 'vigilar.mon']);
    expect(await Promise.all(sent.map(readText))).toEqual([
      'CONTINGENCY L1\nEND\nEND\n',
      "SUBSYSTEM 'X'\nEND\nEND\n",
      "MONITOR BRANCHES IN SUBSYSTEM 'X'\nEND\n",
    ]);
    expect([...form.keys()]).toEqual(['file', 'file', 'file']);
    // The browser writes the multipart Content-Type with its boundary; no raw file's name.
    expect(seen!.headers.get('content-type')).toBeNull();
    expect(seen!.headers.get('x-file-name')).toBeNull();

    put.resolve(
      jsonResponse(
        answer(
          {
            ...activsg,
            fileName: 'plan.con',
            format: 'psse-con',
            counts: { total: 1, branch: 1, multiBranch: 0, generator: 0, mixed: 0 },
            subsystemsFile: { fileName: 'zonas.sub', subsystems: 1 },
            monitoredFile: {
              fileName: 'vigilar.mon',
              branches: 4,
              unrated: 0,
              interfaces: [],
              voltageRanges: 0,
            },
          },
          'k9',
        ),
      ),
    );
    await waitFor(() =>
      expect(within(card()).getByTestId('contingency-set-monitored')).toHaveTextContent(
        'Elementos vigilados: vigilar.mon — 4 ramas',
      ),
    );
    expect(capacitiesInvalidated()).toBe(true);
  });

  it('refuses more than three files at once without sending them', async () => {
    const fetchMock = mockApi({ [PATH]: () => jsonResponse(answer(null)) });
    const { user, card } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    await user.upload(uploadInput(), [
      new File(['x'], 'plan.con'),
      new File(['x'], 'zonas.sub'),
      new File(['x'], 'vigilar.mon'),
      new File(['x'], 'otro.m'),
    ]);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'No se guardaron plan.con, zonas.sub, vigilar.mon y otro.m' +
        'Elegiste 4 archivos; se envían hasta 3 juntos: el de contingencias (.con o contab), su .sub y su .mon.',
    );
    expect(callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'PUT')).toEqual([]);
    expect(uploadInput()).toBeEnabled();
  });

  it('names the file of each refused line when several were sent', async () => {
    mockApi({
      [PATH]: (request) =>
        request.method === 'GET'
          ? jsonResponse(answer(null))
          : jsonResponse(
              {
                error: {
                  code: 'CONTINGENCY_FILE_UNRESOLVED',
                  message: 'Los archivos tienen líneas que no corresponden a elementos del caso.',
                },
                unresolvedCount: 2,
                unresolved: [
                  {
                    line: 1,
                    text: 'MONITOR BRANCH FROM BUS 99 TO BUS 100 CKT 1',
                    code: 'BUS_NOT_IN_CASE',
                    message: 'nombra una barra que el caso no tiene.',
                    file: 'plan.mon',
                  },
                  {
                    line: 7,
                    text: 'OPEN BRANCH FROM BUS 98 TO BUS 2 CKT 1',
                    code: 'BUS_NOT_IN_CASE',
                    message: 'nombra una barra que el caso no tiene.',
                  },
                ],
                counts: { total: 3, branch: 3, multiBranch: 0, generator: 0, mixed: 0 },
              },
              422,
            ),
    });
    const { user, card } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    await user.upload(uploadInput(), [new File(['x'], 'plan.con'), new File(['x'], 'plan.mon')]);
    const lines = await within(card()).findByRole('region', {
      name: 'Las 2 líneas que no corresponden a elementos del caso',
    });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'plan.mon, línea 1: MONITOR BRANCH FROM BUS 99 TO BUS 100 CKT 1 — nombra una barra que el caso no tiene.',
      'Línea 7: OPEN BRANCH FROM BUS 98 TO BUS 2 CKT 1 — nombra una barra que el caso no tiene.',
    ]);
    expect(within(card()).getByRole('alert')).toHaveTextContent(
      'No se guardaron plan.con y plan.mon',
    );
  });

  it('lists the .sub and the .mon sent with the file, what they give, each downloadable', async () => {
    const saved = captureDownloads();
    const parts: (string | null)[] = [];
    mockApi({
      [PATH]: {
        body: answer({
          ...activsg,
          fileName: 'plan.con',
          format: 'psse-con',
          subsystemsFile: { fileName: 'zonas.sub', subsystems: 1 },
          monitoredFile: {
            fileName: 'vigilar.mon',
            branches: 42,
            unrated: 3,
            interfaces: [{ name: 'NORTE-SUR', limitMw: 500, members: 2 }],
            voltageRanges: 2,
          },
        }),
      },
      [`${PATH}/file`]: (request) => {
        parts.push(request.query.get('part'));
        return new Response('MONITOR', { status: 200 });
      },
    });
    const { user, card } = renderCard();
    const current = await within(card()).findByTestId('contingency-set-current');
    expect(within(current).getByTestId('contingency-set-subsystems')).toHaveTextContent(
      'Subsistemas: zonas.sub (1 subsistema)',
    );
    expect(within(current).getByTestId('contingency-set-monitored')).toHaveTextContent(
      'Elementos vigilados: vigilar.mon — 42 ramas (3 sin límite, no se vigilan), 1 interfaz, 2 rangos de tensión (leídos, no verificados: un flujo DC no tiene tensiones)',
    );
    // The contingency file keeps its own button.
    expect(within(card()).getByRole('button', { name: 'Descargar archivo' })).toBeInTheDocument();

    await user.click(within(current).getByRole('button', { name: 'Descargar vigilar.mon' }));
    await waitFor(() => expect(saved).toEqual(['vigilar.mon']));
    expect(parts).toEqual(['monitored']);
    await user.click(within(current).getByRole('button', { name: 'Descargar zonas.sub' }));
    await waitFor(() => expect(saved).toEqual(['vigilar.mon', 'zonas.sub']));
    expect(parts).toEqual(['monitored', 'subsystems']);
  });

  it('says nothing of a .sub or a .mon when the set has none', async () => {
    mockApi({ [PATH]: { body: answer(activsg) } });
    const { card } = renderCard();
    const current = await within(card()).findByTestId('contingency-set-current');
    expect(within(current).queryByTestId('contingency-set-subsystems')).toBeNull();
    expect(within(current).queryByTestId('contingency-set-monitored')).toBeNull();
    expect(within(current).queryByRole('button')).toBeNull();
  });

  it('goes back to every branch after confirmation (DELETE) and refreshes the capacities', async () => {
    const fetchMock = mockApi({
      [PATH]: (request) =>
        jsonResponse(request.method === 'DELETE' ? answer(null, 'k10') : answer(activsg)),
    });
    const { user, card, capacitiesInvalidated } = renderCard();
    await within(card()).findByTestId('contingency-set-counts');

    await user.click(within(card()).getByRole('button', { name: 'Volver a todas las ramas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Volver a todas las ramas?' });
    expect(dialog).toHaveAccessibleDescription(
      'Se deja de usar «ACTIVSg2000_contab.m» y las capacidades por barra se recalculan con todas las ramas en servicio, una a la vez (N-1).',
    );
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'DELETE')).toEqual([]);

    await user.click(within(card()).getByRole('button', { name: 'Volver a todas las ramas' }));
    const again = await screen.findByRole('dialog', { name: '¿Volver a todas las ramas?' });
    await user.click(within(again).getByRole('button', { name: 'Volver a todas las ramas' }));

    await waitFor(() =>
      expect(within(card()).getByTestId('contingency-set-current')).toHaveTextContent(
        'Todas las ramas en servicio, una a la vez (N-1)',
      ),
    );
    expect(callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'DELETE')).toHaveLength(
      1,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Descargar archivo' })).toBeNull();
    expect(await screen.findByText('Se volvió a todas las ramas')).toBeInTheDocument();
    expect(capacitiesInvalidated()).toBe(true);
    await waitFor(() => expect(uploadInput()).toHaveFocus());
  });

  it('shows the N-1 on the set: its figures, what was not computed and the worst loadings', async () => {
    mockApi({ [PATH]: { body: answer(screenedSet) } });
    const { user, card } = renderCard();
    const n1 = await within(card()).findByRole('region', {
      name: 'Análisis N-1 con estas contingencias',
    });
    expect(n1).toHaveAttribute('data-testid', 'contingency-set-n1');
    const figure = (key: string) => within(n1).getByTestId(`set-n1-figure-${key}`);
    expect(figure('evaluated')).toHaveTextContent('3.702');
    expect(figure('islandingCount')).toHaveTextContent('2');
    expect(figure('monitored')).toHaveTextContent('3.206');
    expect(figure('baseCaseOverloads')).toHaveTextContent('1');
    expect(figure('overloadedPairs')).toHaveTextContent('1.234');
    expect(within(n1).getByText('Contingencias calculadas')).toBeInTheDocument();
    expect(
      within(n1).getByText('Pares sobrecargados (vigilada, contingencia)'),
    ).toBeInTheDocument();
    expect(within(n1).getByTestId('set-n1-skipped')).toHaveTextContent(
      '3 contingencias no se calcularon: nombran solo elementos ya fuera de servicio o unidades que nadie puede reemplazar.',
    );
    expect(within(n1).getByTestId('set-n1-pickup-short')).toHaveTextContent(
      '1 contingencia pierde más generación de la que el resto puede subir: lo que falta queda sin atender.',
    );
    expect(within(n1).queryByRole('alert')).toBeNull();

    const table = within(n1).getByRole('table', { name: 'Mayores cargas con estas contingencias' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      '#',
      'Elemento vigilado',
      'Contingencia',
      'Flujo (MW)',
      'Límite (MVA)',
      'Cargabilidad',
    ]);
    let rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11); // header + 10 of 12
    expect(rows[1]).toHaveTextContent('RAMA 1');
    expect(rows[1]).toHaveTextContent('Contingencia C1: SALIDA 1');
    expect(within(rows[1]!).getByText('-148,0')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('109,5')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('135,2')).toBeInTheDocument();
    // The base case (N-0) has no contingency.
    expect(rows[2]).toHaveTextContent('RAMA 2');
    expect(within(rows[2]!).getByText('Caso base (N-0)')).toBeInTheDocument();

    const more = within(n1).getByRole('button', { name: 'Mostrar todas (12)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent('RAMA 12');
    const fewer = within(n1).getByRole('button', { name: 'Mostrar menos' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    // No interfaces without a .mon that gives them.
    expect(within(n1).queryByRole('table', { name: 'Interfaces' })).toBeNull();
  });

  it('shows the .mon’s interfaces on the set: limit, base flow, worst after a contingency', async () => {
    mockApi({
      [PATH]: {
        body: answer({
          ...screenedSet,
          n1: {
            ...screened,
            interfaces: [
              {
                name: 'NORTE-SUR',
                limitMw: 500,
                baseFlowMw: 312.44,
                worst: {
                  contingencyLabel: 'L7',
                  contingencyName: 'Contingencia L7: A – B ckt 1',
                  flowMw: -612.06,
                },
                overloads: 4,
              },
              { name: 'ESTE', limitMw: null, baseFlowMw: 10, worst: null, overloads: 0 },
            ],
          },
        }),
      },
    });
    const { card } = renderCard();
    const n1 = await within(card()).findByTestId('contingency-set-n1');
    const table = within(n1).getByRole('table', { name: 'Interfaces' });
    expect(within(n1).getByTestId('set-n1-interfaces')).toHaveTextContent(
      'Suma de los flujos de sus ramas, cada una con su coeficiente.',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Interfaz',
      'Límite (MW)',
      'Flujo en el caso base (MW)',
      'Peor flujo tras una contingencia (MW)',
      'Contingencia del peor flujo',
      'Contingencias que la sobrecargan',
    ]);
    const cells = (index: number) =>
      Array.from(within(table).getAllByRole('row')[index]!.children, (cell) => cell.textContent);
    expect(cells(1)).toEqual([
      'NORTE-SUR',
      '500,0',
      '312,4',
      '-612,1',
      'Contingencia L7: A – B ckt 1',
      '4',
    ]);
    expect(cells(2)).toEqual(['ESTE', 'sin límite', '10,0', '—', 'Ninguna calculada', '0']);
    expect(within(table).getByRole('rowheader', { name: 'NORTE-SUR' })).toBeInTheDocument();
  });

  it('lists the contingencies that split the network, closed until asked, with the MW they cut off', async () => {
    mockApi({ [PATH]: { body: answer(screenedSet) } });
    const { user, card } = renderCard();
    const n1 = await within(card()).findByTestId('contingency-set-n1');
    const islanding = within(n1).getByTestId('set-n1-islanding');
    expect(islanding).not.toHaveAttribute('open');
    const list = within(islanding).getByRole('list');
    expect(list).not.toBeVisible();

    await user.click(within(islanding).getByText('Ver las 2 contingencias que aíslan barras'));
    expect(islanding).toHaveAttribute('open');
    expect(list).toBeVisible();
    expect(islanding).toHaveTextContent(
      'Estas contingencias separan barras del resto de la red: sus flujos no se calculan, así que no se revisan sobrecargas con ellas.',
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Contingencia 12: ODESSA 2 (1001, 115 kV) – ODESSA 5 (1004, 115 kV) ckt 1 — 3 barras, 45,2 MW sin suministro',
      'Contingencia 40: unidad 2 en MONAHANS (1010, 13,8 kV) — 1 barra, 0,0 MW sin suministro',
    ]);
    expect(islanding).not.toHaveTextContent('más, con menos carga');
  });

  it('says nothing of islands, skipped contingencies or more rows when there are none', async () => {
    mockApi({
      [PATH]: {
        body: answer({
          ...activsg,
          n1: {
            ...screened,
            islandingCount: 0,
            islanding: [],
            skipped: 0,
            pickupShort: 0,
            top: [],
          },
        }),
      },
    });
    const { card } = renderCard();
    const n1 = await within(card()).findByTestId('contingency-set-n1');
    expect(within(n1).getByTestId('set-n1-figure-islandingCount')).toHaveTextContent('0');
    expect(within(n1).queryByTestId('set-n1-islanding')).toBeNull();
    expect(within(n1).queryByTestId('set-n1-skipped')).toBeNull();
    expect(within(n1).queryByTestId('set-n1-pickup-short')).toBeNull();
    expect(n1).toHaveTextContent(
      'Ninguna rama vigilada tiene carga que reportar con estas contingencias.',
    );
    expect(within(n1).queryByRole('button', { name: /Mostrar todas/ })).toBeNull();
  });

  it('says the N-1 on a set kept before it existed was not computed, and how to get it', async () => {
    mockApi({ [PATH]: { body: answer(activsg) } });
    const { card } = renderCard();
    const n1 = await within(card()).findByRole('region', {
      name: 'Análisis N-1 con estas contingencias',
    });
    expect(n1).toHaveTextContent(
      'No se calculó el análisis N-1 con estas contingencias' +
        'El conjunto se guardó antes de que Holgura hiciera este análisis. Vuelve a subir el archivo para calcularlo.',
    );
    expect(within(n1).queryByTestId('set-n1-figure-evaluated')).toBeNull();
    expect(within(n1).queryByRole('table')).toBeNull();
  });

  it('has no N-1 section while the case takes every branch', async () => {
    mockApi({ [PATH]: { body: answer(null) } });
    const { card } = renderCard();
    await within(card()).findByText('Todas las ramas en servicio, una a la vez (N-1)');
    expect(within(card()).queryByTestId('contingency-set-n1')).toBeNull();
  });
});
