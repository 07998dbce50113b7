import {
  errorMessages,
  type CaseBusesResponse,
  type HourlyCapacityResponse,
  type HourlyProfilesResponse,
  type HourlyProfilesSummary,
} from '@holgura/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fileResponse } from '../../../components/export/downloads.test-support';
import { createQueryClient } from '../../../lib/query-client';
import {
  callsTo,
  deferred,
  jsonResponse,
  mockApi,
  type MockRequest,
} from '../../../render.test-support';
import { HoursSection } from './hours-section';

const PROFILES = '/api/cases/c7/hourly-profiles';
const TEMPLATE = '/api/cases/c7/hourly-profiles/template.csv';
const CAPACITY = '/api/cases/c7/hourly-capacity';
const BUSES = '/api/cases/c7/buses';
const CONTINGENCY_SET = '/api/cases/c7/contingency-set';
const noSet = { caseId: 'c7', set: null, capacityJobId: null };

const HOURS = 8784;
const INFEASIBLE = 3077;

const summary: HourlyProfilesSummary = {
  fileName: 'scenarios_ACTIVSg2000.m',
  format: 'matpower-chgtab',
  hours: HOURS,
  areas: [
    { area: 1, caseLoadMw: 12345.67, minFactor: 0.4512, maxFactor: 1.1 },
    { area: 2, caseLoadMw: 800, minFactor: 0.5, maxFactor: 0.98 },
  ],
  units: 544,
  statuses: 12,
  technologies: ['wind', 'solar', 'ng', 'lignito'],
  infeasibleHours: INFEASIBLE,
  // Local time, so the date reads the same in any time zone.
  uploadedAt: new Date(2026, 10, 20, 10, 5).toISOString(),
};

const profilesAnswer = (profiles: HourlyProfilesSummary | null): HourlyProfilesResponse => ({
  caseId: 'c7',
  profiles,
});

const buses: CaseBusesResponse = {
  buses: {
    number: [1001, 1002, 1004],
    name: ['ODESSA 2', 'AISLADA', 'MONAHANS'],
    baseKv: [115, 115, 13.8],
    area: [1, 1, 2],
    zone: [1, 1, 1],
  },
  areas: [1, 2],
};

const ODESSA_MONAHANS = 'ODESSA 2 (1001, 115 kV) – MONAHANS (1004, 13,8 kV) ckt 1';

/**
 * A year at bus 1001: the first 3,077 hours infeasible; then by hour of day 100–290 MW
 * (0–11 h limited by the first constraint, 12–19 h by the second) and the cap (2,000 MW) from
 * 20 h on.
 */
function year(over: Partial<HourlyCapacityResponse> = {}): HourlyCapacityResponse {
  const capacityMw = Array.from({ length: HOURS }, (_, t) =>
    t < INFEASIBLE ? null : t % 24 >= 20 ? 2000 : 100 + (t % 24) * 10,
  );
  const limiting = capacityMw.map((mw, t) =>
    mw === null ? -1 : t % 24 < 12 ? 0 : t % 24 < 20 ? 1 : -1,
  );
  return {
    caseId: 'c7',
    bus: 1001,
    name: 'ODESSA 2',
    hours: HOURS,
    capMw: 2000,
    preExisting: 'ignore',
    capacityMw,
    limiting,
    constraints: [
      {
        monitoredBranch: 7,
        monitoredName: 'RAMA 7',
        contingency: null,
        contingencyName: null,
        hours: 1902,
      },
      {
        monitoredBranch: 12,
        monitoredName: ODESSA_MONAHANS,
        contingency: 40,
        contingencyName: 'Contingencia 40: unidad 2 en MONAHANS',
        hours: 2854,
      },
    ],
    infeasibleHours: Array.from({ length: INFEASIBLE }, (_, i) => ({
      hour: i + 1,
      shortfallMw: -120.5,
    })),
    sinkFallbackHours: 0,
    byMonthHourMw: Array.from({ length: 12 }, (_, m) =>
      Array.from({ length: 24 }, (_, h) => (m === 0 ? null : 100 + h * 10)),
    ),
    profile: { label: 'flat', units: 0, area: null, scaledFromMw: null },
    firmMw: 100,
    mwAtCurtailment: { '1': 152.34, '3': 187.5, '5': 230 },
    curtailment: null,
    seconds: 3.21,
    ...over,
  };
}

/** The year asked with a plant: its curtailment and its profile's figures. */
const plantYear = (over: Partial<HourlyCapacityResponse> = {}) =>
  year({
    profile: {
      label: 'solar: average of 12 profiled units of area 1',
      units: 12,
      area: 1,
      scaledFromMw: null,
    },
    firmMw: 45.5,
    mwAtCurtailment: { '1': 180, '3': 240.2, '5': 301 },
    curtailment: {
      plantMw: 150,
      energyMwh: 1141400,
      mwh: 12345.64,
      percent: 1.0816,
      hoursCurtailed: 321,
      byMonthHourMwh: Array.from({ length: 12 }, (_, m) =>
        Array.from({ length: 24 }, (_, h) => (h >= 10 && h <= 14 && m > 3 ? 50 + m : 0)),
      ),
    },
    ...over,
  });

function renderSection() {
  const client = createQueryClient({ queries: { retry: false } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <Toaster />
      <HoursSection caseId="c7" />
    </QueryClientProvider>,
  );
  const section = () => screen.getByRole('region', { name: 'Un año de horas' });
  return { ...view, user, section, client };
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

/** A blob's text as its bytes say it, the byte-order mark kept (FileReader drops it). */
function readBytes(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(blob);
  });
}

const puts = (fetchMock: ReturnType<typeof mockApi>, path: string, method: string) =>
  callsTo(fetchMock, path).filter(([, init]) => init?.method === method);

/** The section with profiles, the buses, and the year answered by `capacity`. */
function withProfiles(capacity: (request: MockRequest) => Promise<Response> | Response) {
  return mockApi({
    [PROFILES]: { body: profilesAnswer(summary) },
    [BUSES]: { body: buses },
    [CONTINGENCY_SET]: { body: noSet },
    [CAPACITY]: capacity,
  });
}

/** Types the bus and asks for its year. */
async function computeBus(user: ReturnType<typeof userEvent.setup>, bus: string) {
  const input = await screen.findByRole('spinbutton', { name: 'Barra' });
  await user.clear(input);
  await user.type(input, bus);
  await user.click(screen.getByRole('button', { name: 'Calcular el año' }));
}

/** The bus's year, once drawn. */
const resultOf = () =>
  screen.findByRole('region', { name: 'Barra ODESSA 2 (1001, 115 kV)' }, { timeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HoursSection «Un año de horas» (issue #32)', () => {
  it('explains the profiles and offers the upload and the template when the case has none', async () => {
    const saved = captureDownloads();
    const fetchMock = mockApi({
      [PROFILES]: { body: profilesAnswer(null) },
      [TEMPLATE]: () => fileResponse('hora;area 1\r\n1;100\r\n', 'text/csv; charset=utf-8'),
    });
    const { user, section } = renderSection();
    const none = await within(section()).findByTestId('hours-none');
    expect(none).toHaveTextContent('Este caso aún no tiene perfiles horarios');
    expect(none).toHaveTextContent(
      'una tabla de cambios horaria de MATPOWER (como scenarios_ACTIVSg2000.m) o un CSV con una fila por hora y las columnas hora, area N (MW), area N factor, unidad BARRA[/n] (MW), unidad BARRA[/n] fc, estado BARRA[/n] y tecnologia COMBUSTIBLE fc.',
    );
    const input = screen.getByLabelText<HTMLInputElement>('Subir perfiles horarios');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.m,.txt,.csv,.xlsx,.xz');
    expect(input).toBeEnabled();
    expect(input).toHaveAccessibleDescription(
      /Archivo \.m \(tabla de cambios de MATPOWER\), \.csv o libro de Excel \(\.xlsx, como la plantilla\) de hasta 10 MB, tal cual o comprimido con xz/,
    );

    const template = within(section()).getByRole('link', { name: 'Descargar la plantilla (CSV)' });
    expect(template).toHaveAttribute('href', TEMPLATE);
    await user.click(template);
    await waitFor(() => expect(saved).toEqual(['plantilla-perfiles-horarios.csv']));
    expect(callsTo(fetchMock, TEMPLATE)).toHaveLength(1);
    const excel = within(section()).getByRole('link', { name: 'Descargar la plantilla (Excel)' });
    expect(excel).toHaveAttribute('href', TEMPLATE.replace(/\.csv$/, '.xlsx'));

    // Nothing to compute without profiles.
    expect(within(section()).queryByRole('spinbutton', { name: 'Barra' })).toBeNull();
    expect(within(section()).queryByRole('button', { name: 'Quitar perfiles' })).toBeNull();
  });

  it('uploads the file as is with its name and shows the summary with the infeasible hours', async () => {
    const put = deferred<Response>();
    let seen: MockRequest | null = null;
    const fetchMock = mockApi({
      [PROFILES]: (request) => {
        if (request.method === 'GET') return jsonResponse(profilesAnswer(null));
        seen = request;
        return put.promise;
      },
      [BUSES]: { body: buses },
    });
    const { user, section } = renderSection();
    await within(section()).findByTestId('hours-none');
    const text = 'chgtab = [\n1 0 0 2 1 1 7 1 0;\n];\n';
    await user.upload(
      screen.getByLabelText('Subir perfiles horarios'),
      new File([text], 'escenarios año 2030.m'),
    );

    expect(await within(section()).findByRole('status')).toHaveTextContent(
      'Subiendo y leyendo escenarios año 2030.m...',
    );
    expect(screen.getByLabelText('Subir perfiles horarios')).toBeDisabled();
    expect(seen!.method).toBe('PUT');
    expect(seen!.headers.get('x-file-name')).toBe(encodeURIComponent('escenarios año 2030.m'));
    expect(seen!.headers.get('content-type')).toBe('application/octet-stream');
    expect(await readText(seen!.body as Blob)).toBe(text);

    put.resolve(jsonResponse(profilesAnswer(summary)));
    const found = await within(section()).findByTestId('hours-summary');
    expect(within(found).getByTestId('hours-file')).toHaveTextContent('scenarios_ACTIVSg2000.m');
    expect(found).toHaveTextContent(
      'Tabla de cambios horaria de MATPOWER · Subido el 20/11/2026 10:05',
    );
    expect(within(found).getByTestId('hours-summary-hours')).toHaveTextContent('8.784');
    expect(within(found).getByTestId('hours-summary-units')).toHaveTextContent('544');
    expect(within(found).getByTestId('hours-summary-statuses')).toHaveTextContent('12');
    expect(within(found).getByTestId('hours-technologies')).toHaveTextContent(
      'Tecnologías con perfil: Eólica, Solar, Gas natural, lignito.',
    );
    const areas = within(found).getByRole('table', { name: 'Factor de demanda de cada área' });
    const cells = (row: number) =>
      Array.from(within(areas).getAllByRole('row')[row]!.children, (cell) => cell.textContent);
    expect(cells(1)).toEqual(['1', '12.345,7', '0,45 – 1,10']);
    expect(cells(2)).toEqual(['2', '800,0', '0,50 – 0,98']);
    const infeasible = within(found).getByTestId('hours-infeasible');
    expect(infeasible).toHaveTextContent('3.077 horas infactibles de 8.784');
    expect(infeasible).toHaveTextContent(
      'se dejan fuera de todas las cifras del año. Para estudiarlas, incluye en el archivo el despacho (o el estado) de las unidades en esas horas.',
    );
    expect(await screen.findByText('Perfiles horarios guardados')).toBeInTheDocument();
    // Now a replacement, and the bus can be asked.
    expect(screen.getByLabelText('Reemplazar perfiles horarios')).toBeEnabled();
    expect(within(section()).getByRole('spinbutton', { name: 'Barra' })).toBeInTheDocument();
    expect(puts(fetchMock, PROFILES, 'PUT')).toHaveLength(1);
  });

  it('says nothing of infeasible hours beyond «all feasible» when there are none', async () => {
    mockApi({
      [PROFILES]: { body: profilesAnswer({ ...summary, infeasibleHours: 0 }) },
      [BUSES]: { body: buses },
    });
    const { section } = renderSection();
    expect(await within(section()).findByTestId('hours-feasible')).toHaveTextContent(
      'Todas las horas son factibles',
    );
    expect(within(section()).queryByTestId('hours-infeasible')).toBeNull();
  });

  it('says the hours are on every branch when the case has the planner’s contingencies', async () => {
    const fetchMock = mockApi({
      [PROFILES]: { body: profilesAnswer(summary) },
      [BUSES]: { body: buses },
      [CONTINGENCY_SET]: {
        body: {
          caseId: 'c7',
          set: {
            fileName: 'contab_ACTIVSg2000.m',
            format: 'contab',
            uploadedAt: '2026-11-28T10:00:00Z',
            counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
            n1: null,
            subsystemsFile: null,
            monitoredFile: null,
          },
          capacityJobId: null,
        },
      },
    });
    const { section } = renderSection();
    expect(await within(section()).findByTestId('hours-contingency-set-note')).toHaveTextContent(
      'Las cifras de cada hora consideran cada rama en servicio, una a la vez: tus contingencias («contab_ACTIVSg2000.m») no se aplican aquí.',
    );
    expect(callsTo(fetchMock, CONTINGENCY_SET)).toHaveLength(1);
  });

  it('says nothing of contingencies when the case has no set of its own', async () => {
    const fetchMock = withProfiles(() => jsonResponse(year()));
    const { section } = renderSection();
    await within(section()).findByTestId('hours-summary');
    await waitFor(() => expect(callsTo(fetchMock, CONTINGENCY_SET)).toHaveLength(1));
    expect(within(section()).queryByTestId('hours-contingency-set-note')).toBeNull();
  });

  it('shows the catalogue’s message, with its line, when the file is refused (422)', async () => {
    const message = `${errorMessages.HOURLY_PROFILES_UNRESOLVED} (línea 12, campo area 9)`;
    mockApi({
      [PROFILES]: (request) =>
        request.method === 'GET'
          ? jsonResponse(profilesAnswer(null))
          : jsonResponse({ error: { code: 'HOURLY_PROFILES_UNRESOLVED', message } }, 422),
    });
    const { user, section } = renderSection();
    await within(section()).findByTestId('hours-none');
    await user.upload(
      screen.getByLabelText('Subir perfiles horarios'),
      new File(['hora,area 9\n1,100\n'], 'perfiles.csv'),
    );
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(`No se guardó perfiles.csv${message}`);
    // Nothing was kept: still none, and the upload is offered again.
    expect(within(section()).getByTestId('hours-none')).toBeInTheDocument();
    expect(screen.getByLabelText('Subir perfiles horarios')).toBeEnabled();
  });

  it('removes the profiles after confirmation (DELETE), and sends nothing on cancel', async () => {
    const fetchMock = mockApi({
      [PROFILES]: (request) =>
        jsonResponse(profilesAnswer(request.method === 'DELETE' ? null : summary)),
      [BUSES]: { body: buses },
    });
    const { user, section } = renderSection();
    await within(section()).findByTestId('hours-summary');

    await user.click(within(section()).getByRole('button', { name: 'Quitar perfiles' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar los perfiles horarios?' });
    expect(dialog).toHaveAccessibleDescription(/Se borra «scenarios_ACTIVSg2000\.m» del caso/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts(fetchMock, PROFILES, 'DELETE')).toEqual([]);

    await user.click(within(section()).getByRole('button', { name: 'Quitar perfiles' }));
    const again = await screen.findByRole('dialog', { name: '¿Quitar los perfiles horarios?' });
    await user.click(within(again).getByRole('button', { name: 'Quitar perfiles' }));
    expect(await within(section()).findByTestId('hours-none')).toBeInTheDocument();
    expect(puts(fetchMock, PROFILES, 'DELETE')).toHaveLength(1);
    expect(within(section()).queryByRole('spinbutton', { name: 'Barra' })).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Subir perfiles horarios')).toHaveFocus());
  });

  it('checks the bus against the case in Spanish before asking anything', async () => {
    const fetchMock = withProfiles(() => jsonResponse(year()));
    const { user, section } = renderSection();
    const input = await within(section()).findByRole('spinbutton', { name: 'Barra' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'El número de una barra del caso (tiene 3 barras), por ejemplo 1001.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Calcular el año' }));
    expect(input).toHaveAccessibleDescription(/Escribe el número de una barra del caso\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await computeBus(user, '99999');
    expect(input).toHaveAccessibleDescription(/El caso no tiene la barra 99999\./);
    expect(callsTo(fetchMock, CAPACITY)).toEqual([]);
  });

  it('computes a bus: «Calculando 8.784 horas…», then firm MW, 1/3/5 %, the range and the constraints', async () => {
    const post = deferred<Response>();
    let seen: MockRequest | null = null;
    withProfiles((request) => {
      seen = request;
      return post.promise;
    });
    const { user, section } = renderSection();
    await computeBus(user, '1001');

    expect(await within(section()).findByTestId('hours-computing')).toHaveTextContent(
      'Calculando 8.784 horas…',
    );
    expect(screen.getByRole('button', { name: 'Calcular el año' })).toBeDisabled();
    expect(seen!.method).toBe('POST');
    expect(seen!.body).toEqual({ bus: 1001, preExisting: 'ignore' });

    post.resolve(jsonResponse(year()));
    const result = await resultOf();
    expect(within(section()).queryByTestId('hours-computing')).toBeNull();
    const figure = (key: string) => within(result).getByTestId(`hours-figure-${key}`);
    expect(figure('firm')).toHaveTextContent('100,0 MW');
    expect(figure('at-1')).toHaveTextContent('152,3 MW');
    expect(figure('at-3')).toHaveTextContent('187,5 MW');
    expect(figure('at-5')).toHaveTextContent('230,0 MW');
    expect(within(result).getByText('Potencia firme')).toBeInTheDocument();
    expect(within(result).getByText('MW con 1 % de la energía recortada')).toBeInTheDocument();
    expect(figure('min')).toHaveTextContent('100,0 MW');
    expect(figure('max')).toHaveTextContent('2.000,0 MW');
    // 5,707 feasible hours: 20 of every 24 hours of the day limited by the grid.
    expect(figure('limited')).toHaveTextContent('4.755 de 5.707');
    expect(within(result).getByTestId('hours-result-excluded')).toHaveTextContent(
      'Sin contar 3.077 horas infactibles de 8.784: no entran en ninguna cifra.',
    );

    const table = within(result).getByRole('table', { name: 'Restricciones que limitan la barra' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Elemento vigilado', 'Contingencia', 'Horas', '% de las horas factibles'],
      [ODESSA_MONAHANS, 'Contingencia 40: unidad 2 en MONAHANS', '2.854', '50,0 %'],
      ['RAMA 7', 'Caso base', '1.902', '33,3 %'],
    ]);

    const curve = within(result).getByRole('img', {
      name: 'Curva de duración de la capacidad de la barra ODESSA 2 (1001, 115 kV) en 5.707 horas factibles: de 2.000,0 MW a 100,0 MW, con 220,0 MW o más la mitad de las horas.',
    });
    expect(curve.tagName.toLowerCase()).toBe('svg');
    expect(within(result).getByTestId('hours-duration-points')).toHaveTextContent(
      'El 100 % de las horas (5.707 horas): al menos 100,0 MW',
    );

    const heatmap = within(result).getByRole('table', {
      name: 'Capacidad media por mes y hora del día',
    });
    const body = within(heatmap).getAllByRole('row');
    expect(body).toHaveLength(13);
    expect(within(body[1]!).getByRole('rowheader')).toHaveTextContent('enero');
    expect(within(body[1]!).getAllByRole('cell')[0]).toHaveAttribute(
      'title',
      'Ene, 0:00: sin horas factibles',
    );
    expect(within(body[4]!).getAllByRole('cell')[14]).toHaveAttribute(
      'title',
      'Abr, 14:00: 240 MW',
    );
    expect(within(result).getByTestId('hours-capacity-heatmap-legend')).toHaveTextContent(
      'sin horas factibles',
    );
  });

  it('computes the strict figure when chosen, and simulates the plant against the same figure', async () => {
    const bodies: unknown[] = [];
    withProfiles((request) => {
      bodies.push(request.body);
      return jsonResponse(
        bodies.length === 1 ? year({ preExisting: 'limit' }) : plantYear({ preExisting: 'limit' }),
      );
    });
    const { user } = renderSection();
    const figure = await screen.findByRole('combobox', { name: 'Cifra' });
    // The attributable figure unless asked otherwise, as «Capacidad por barra».
    expect(figure).toHaveValue('ignore');
    await user.selectOptions(figure, 'Estricta: las violaciones existentes la limitan');
    await computeBus(user, '1001');
    const result = await resultOf();
    expect(bodies[0]).toEqual({ bus: 1001, preExisting: 'limit' });
    expect(
      within(result).getByText(/Cifra estricta: una restricción que la red ya viola/),
    ).toBeInTheDocument();
    expect(within(result).queryByText(/Cifra atribuible/)).toBeNull();

    const plant = within(result).getByRole('region', { name: 'Simular una planta' });
    await user.click(within(plant).getByRole('button', { name: 'Simular' }));
    await within(plant).findByTestId('hours-plant-result');
    expect(bodies[1]).toEqual({
      bus: 1001,
      preExisting: 'limit',
      plant: { mw: 200, profile: { kind: 'flat' } },
    });
  });

  it('says «≥ tope del estudio» for a figure at or past the cap (null)', async () => {
    withProfiles(() =>
      jsonResponse(year({ firmMw: null, mwAtCurtailment: { '1': null, '3': null, '5': null } })),
    );
    const { user } = renderSection();
    await computeBus(user, '1001');
    const result = await resultOf();
    for (const key of ['firm', 'at-1', 'at-3', 'at-5']) {
      expect(within(result).getByTestId(`hours-figure-${key}`)).toHaveTextContent(
        '≥ tope del estudio (2.000 MW)',
      );
    }
  });

  it('shows the API’s reason in place when the bus cannot be computed', async () => {
    withProfiles(() =>
      jsonResponse(
        {
          error: {
            code: 'HOURLY_BUS_ISLANDED',
            message: errorMessages.HOURLY_BUS_ISLANDED,
          },
        },
        422,
      ),
    );
    const { user, section } = renderSection();
    await computeBus(user, '1002');
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(
      `No se calculó el año de la barra 1002${errorMessages.HOURLY_BUS_ISLANDED}`,
    );
    expect(screen.getByRole('button', { name: 'Calcular el año' })).toBeEnabled();
  });

  it('downloads the hourly series as a Spanish-locale CSV', async () => {
    const saved = captureDownloads();
    withProfiles(() => jsonResponse(year()));
    const { user } = renderSection();
    await computeBus(user, '1001');
    const result = await resultOf();
    await user.click(within(result).getByRole('button', { name: 'Descargar CSV' }));
    expect(saved).toEqual(['capacidad-horaria-barra-1001.csv']);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    const csv = await readBytes(blob);
    const lines = csv.split('\r\n');
    expect(csv.startsWith('\uFEFF"Capacidad de conexión hora a hora — barra ODESSA 2')).toBe(true);
    expect(lines).toContain('"Horas infactibles (sin cifra)";"3.077"');
    expect(lines).toContain('"Hora";"Capacidad (MW)";"Lo que la limita"');
    expect(lines).toContain('1;;"Hora infactible"');
    expect(lines).toContain('3078;150,00;"RAMA 7 — Caso base"');
    // Hour 3,078 + 7 is 12:00: the second constraint.
    expect(lines).toContain(
      `3085;220,00;"${ODESSA_MONAHANS} — Contingencia 40: unidad 2 en MONAHANS"`,
    );
    // Hour 3,078 + 15 is 20:00: the cap.
    expect(lines).toContain('3093;2000,00;"Tope del estudio"');
    expect(lines.filter((line) => /^\d+;/.test(line))).toHaveLength(HOURS);
  });

  it('simulates a plant of a technology: posts it and shows its MWh, % and figures', async () => {
    const simulated = deferred<Response>();
    const bodies: unknown[] = [];
    withProfiles((request) => {
      bodies.push(request.body);
      return bodies.length === 1 ? jsonResponse(year()) : simulated.promise;
    });
    const { user } = renderSection();
    await computeBus(user, '1001');
    const result = await resultOf();
    const plant = within(result).getByRole('region', { name: 'Simular una planta' });
    const size = within(plant).getByRole('textbox', { name: 'Tamaño de la planta (MW)' });
    expect(size).toHaveValue('200');
    const profile = within(plant).getByRole('combobox', { name: 'Perfil de producción' });
    expect(
      within(profile)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Producción constante',
      'Eólica',
      'Solar',
      'Gas natural',
      'lignito',
      'Perfil propio (archivo)',
    ]);

    await user.clear(size);
    await user.type(size, '150,5');
    await user.selectOptions(profile, 'Solar');
    await user.click(within(plant).getByRole('button', { name: 'Simular' }));
    expect(await within(plant).findByRole('status')).toHaveTextContent('Simulando la planta…');
    expect(within(plant).getByRole('button', { name: 'Simular' })).toBeDisabled();
    expect(bodies[1]).toEqual({
      bus: 1001,
      preExisting: 'ignore',
      plant: { mw: 150.5, profile: { kind: 'technology', fuel: 'solar' } },
    });

    simulated.resolve(jsonResponse(plantYear()));
    const done = await within(plant).findByTestId('hours-plant-result');
    expect(within(done).getByTestId('hours-plant-energy')).toHaveTextContent('1.141.400 MWh');
    expect(within(done).getByTestId('hours-plant-curtailed')).toHaveTextContent('12.345,6 MWh');
    expect(within(done).getByTestId('hours-plant-percent')).toHaveTextContent('1,08 %');
    expect(within(done).getByTestId('hours-plant-hours')).toHaveTextContent('321');
    // Its energy and losses are those of the feasible hours, and it says so.
    expect(within(done).getByTestId('hours-plant-excluded')).toHaveTextContent(
      'sin contar 3.077 horas infactibles de 8.784',
    );
    expect(within(done).getByTestId('hours-plant-profile')).toHaveTextContent(
      'Perfil: Solar: promedio de 12 unidades con perfil del área 1',
    );
    expect(within(done).getByTestId('hours-plant-figure-firm')).toHaveTextContent('45,5 MW');
    expect(within(done).getByTestId('hours-plant-figure-at-3')).toHaveTextContent('240,2 MW');
    const heatmap = within(done).getByRole('table', {
      name: 'Energía recortada por mes y hora del día',
    });
    expect(
      within(within(heatmap).getAllByRole('row')[5]!).getAllByRole('cell')[12],
    ).toHaveAttribute('title', 'May, 12:00: 54 MWh');
    expect(within(done).getByTestId('hours-curtail-heatmap-legend')).toHaveTextContent('0 MWh');
    // The bus's own figures stay those of a flat output.
    expect(within(result).getByTestId('hours-figure-firm')).toHaveTextContent('100,0 MW');
  });

  it('reads a plant profile file in the browser and sends its values with its name', async () => {
    const bodies: unknown[] = [];
    withProfiles((request) => {
      bodies.push(request.body);
      return jsonResponse(
        bodies.length === 1
          ? year()
          : plantYear({
              profile: { label: 'mi planta.csv', units: 0, area: null, scaledFromMw: 98 },
            }),
      );
    });
    const { user } = renderSection();
    await computeBus(user, '1001');
    const plant = within(await resultOf()).getByRole('region', { name: 'Simular una planta' });
    await user.selectOptions(
      within(plant).getByRole('combobox', { name: 'Perfil de producción' }),
      'Perfil propio (archivo)',
    );
    const picker = within(plant).getByLabelText('Elegir archivo del perfil');

    // A file with a wrong count is refused here, and nothing is sent.
    await user.upload(picker, new File(['mw\n1\n2\n'], 'corto.csv'));
    expect(await within(plant).findByRole('alert')).toHaveTextContent(
      'El archivo tiene 2 valores y los perfiles del caso, 8.784 horas: debe tener uno por hora.',
    );
    await user.click(within(plant).getByRole('button', { name: 'Simular' }));
    expect(bodies).toHaveLength(1);

    const lines = Array.from({ length: HOURS }, (_, t) => (t % 24 === 12 ? '98' : '0,5'));
    await user.upload(picker, new File([`MW\n${lines.join('\n')}\n`], 'mi planta.csv'));
    expect(await within(plant).findByTestId('hours-plant-read')).toHaveTextContent(
      'mi planta.csv: 8.784 valores leídos.',
    );
    await user.click(within(plant).getByRole('button', { name: 'Simular' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    const sent = bodies[1] as { plant: { mw: number; profile: { values: number[] } } };
    expect(sent.plant.mw).toBe(200);
    expect(sent.plant.profile).toMatchObject({ kind: 'values', label: 'mi planta.csv' });
    expect(sent.plant.profile.values).toHaveLength(HOURS);
    expect(sent.plant.profile.values.slice(11, 14)).toEqual([0.5, 98, 0.5]);
    expect(await within(plant).findByTestId('hours-plant-profile')).toHaveTextContent(
      'Perfil: mi planta.csv (MW de una planta de referencia, escalados por su máximo: 98,0 MW)',
    );
  });

  it('refuses a plant size out of range in Spanish without asking', async () => {
    const fetchMock = withProfiles(() => jsonResponse(year()));
    const { user } = renderSection();
    await computeBus(user, '1001');
    const plant = within(await resultOf()).getByRole('region', { name: 'Simular una planta' });
    const size = within(plant).getByRole('textbox', { name: 'Tamaño de la planta (MW)' });
    await user.clear(size);
    await user.type(size, '0');
    await user.click(within(plant).getByRole('button', { name: 'Simular' }));
    expect(size).toHaveAccessibleDescription(/El tamaño de la planta debe ser mayor que 0 MW/);
    expect(callsTo(fetchMock, CAPACITY)).toHaveLength(1);
  });

  it('is used from the keyboard: every control is reached by its label, in order', async () => {
    withProfiles(() => jsonResponse(year()));
    const { user, section } = renderSection();
    await within(section()).findByTestId('hours-summary');
    const input = await within(section()).findByRole('spinbutton', { name: 'Barra' });

    await user.tab();
    expect(screen.getByLabelText('Reemplazar perfiles horarios')).toHaveFocus();
    await user.tab();
    expect(
      within(section()).getByRole('link', { name: 'Descargar la plantilla (Excel)' }),
    ).toHaveFocus();
    await user.tab();
    expect(
      within(section()).getByRole('link', { name: 'Descargar la plantilla (CSV)' }),
    ).toHaveFocus();
    await user.tab();
    expect(within(section()).getByRole('button', { name: 'Quitar perfiles' })).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.keyboard('1001');
    await user.tab();
    expect(within(section()).getByRole('combobox', { name: 'Cifra' })).toHaveFocus();
    await user.tab();
    expect(within(section()).getByRole('button', { name: 'Calcular el año' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const result = await resultOf();
    expect(within(result).getByTestId('hours-figure-firm')).toHaveTextContent('100,0 MW');
  });

  it('offers «Subir perfiles horarios» first from the keyboard when there are none', async () => {
    mockApi({ [PROFILES]: { body: profilesAnswer(null) } });
    const { user, section } = renderSection();
    await within(section()).findByTestId('hours-none');
    await user.tab();
    expect(screen.getByLabelText('Subir perfiles horarios')).toHaveFocus();
    await user.tab();
    expect(
      within(section()).getByRole('link', { name: 'Descargar la plantilla (Excel)' }),
    ).toHaveFocus();
    await user.tab();
    expect(
      within(section()).getByRole('link', { name: 'Descargar la plantilla (CSV)' }),
    ).toHaveFocus();
  });
});
