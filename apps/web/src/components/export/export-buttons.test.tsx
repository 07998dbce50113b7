import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenSource } from '../../lib/api-client';
import { deferred, jsonResponse, mockApi, type MockRequest } from '../../render.test-support';
import { BusbarCapacityExport } from './busbar-capacity-export';
import { fileNameFromDisposition } from './download';
import { ExportButtons } from './export-buttons';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function fileResponse(body: string, type: string, disposition?: string) {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    },
  });
}

/** What the browser was asked to save: the link's name and the blob's text. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

/** jsdom's Blob (what `Response.blob()` gives under jsdom on Node 24) has no `text()`. */
function readBlobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsText(blob);
  });
}

function renderButtons() {
  return render(
    <>
      <Toaster />
      <ExportButtons
        table="las restricciones del nivel 2"
        path={(format) => `/api/cases/c%201/export/constraints.${format}?level=2`}
        fileName={(format) => `restricciones-nivel-2.${format}`}
      />
    </>,
  );
}

describe('ExportButtons', () => {
  beforeEach(() => setAccessTokenSource(null));
  afterEach(() => setAccessTokenSource(null));

  it('downloads the Excel file under the server’s name, with the bearer, busy meanwhile', async () => {
    setAccessTokenSource(async () => 'token-1');
    const saved = captureDownloads();
    const answer = deferred<Response>();
    let seen: MockRequest | null = null;
    const fetchMock = mockApi({
      '/api/cases/c%201/export/constraints.xlsx': (request) => {
        seen = request;
        return answer.promise;
      },
    });
    const user = userEvent.setup();
    renderButtons();
    const group = screen.getByRole('group', { name: 'Descargar las restricciones del nivel 2' });
    await user.click(within(group).getByRole('button', { name: 'Descargar Excel' }));

    const busy = await screen.findByRole('button', { name: 'Descargando...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/cases/c%201/export/constraints.xlsx?level=2');
    expect(seen!.headers.get('Authorization')).toBe('Bearer token-1');

    answer.resolve(
      fileResponse(
        'PK-bytes',
        XLSX,
        `attachment; filename="restricciones-caso-n-nivel-2.xlsx"; filename*=UTF-8''restricciones-caso-%C3%B1-nivel-2.xlsx`,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Descargar Excel' })).toBeEnabled();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('restricciones-caso-ñ-nivel-2.xlsx');
    expect(await readBlobText(saved[0]!.blob)).toBe('PK-bytes');
  });

  it('falls back to its own file name when the server gives none', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/cases/c%201/export/constraints.csv': () =>
        fileResponse('\uFEFF"#";"x"\r\n', 'text/csv; charset=utf-8'),
    });
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('restricciones-nivel-2.csv');
  });

  it('toasts the API’s Spanish error and saves nothing', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/cases/c%201/export/constraints.xlsx': () =>
        jsonResponse(
          {
            error: {
              code: 'FLEXIBILITY_NOT_COMPUTED',
              message: 'Los niveles de flexibilidad de este caso aún no están calculados',
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    expect(
      await screen.findByText(
        'No se pudo descargar el archivo. Los niveles de flexibilidad de este caso aún no están calculados',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeEnabled();
    expect(saved).toHaveLength(0);
  });

  it('says the server could not be reached, and what an unreadable error status was', async () => {
    captureDownloads();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(
      await screen.findByText(
        'No se pudo descargar el archivo. No se pudo conectar con el servidor.',
      ),
    ).toBeInTheDocument();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await user.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    expect(
      await screen.findByText('No se pudo descargar el archivo. Error del servidor (502)'),
    ).toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/cases/c%201/export/constraints.xlsx': () => fileResponse('x', XLSX),
    });
    const user = userEvent.setup();
    renderButtons();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});

describe('BusbarCapacityExport', () => {
  it('asks for the chosen study’s selected family, or for every busbar without one', async () => {
    captureDownloads();
    const fetchMock = mockApi({
      '/api/export/busbar-capacities.xlsx': () => fileResponse('x', XLSX),
    });
    const user = userEvent.setup();
    const { rerender } = render(
      <BusbarCapacityExport
        studyId="estudio-1"
        family={{ familyId: '7 & 8', familyName: 'Barra Siete' }}
      />,
    );
    expect(
      screen.getByRole('group', {
        name: 'Descargar la capacidad de conexión de la barra Barra Siete',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/export/busbar-capacities.xlsx?studyId=estudio-1&familyId=7+%26+8',
    );

    rerender(<BusbarCapacityExport studyId="demo" family={null} />);
    await user.click(await screen.findByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/export/busbar-capacities.xlsx?studyId=demo');
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [`attachment; filename="a.xlsx"; filename*=UTF-8''a%C3%B1o.xlsx`, 'año.xlsx'],
    ['attachment; filename="plano.csv"', 'plano.csv'],
    ['attachment; filename=sin-comillas.csv', 'sin-comillas.csv'],
    [`attachment; filename="ok.csv"; filename*=UTF-8''%E0%A4%A.csv`, 'ok.csv'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
