import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fileResponse, XLSX } from './downloads.test-support';
import { setAccessTokenSource } from '../../lib/api-client';
import { deferred, jsonResponse, mockApi, type MockRequest } from '../../render.test-support';
import { BusbarCapacityExport } from './busbar-capacity-export';
import { StudyReportButtons } from './study-report-buttons';

function renderButtons(studyId = 'estudio 1', studyName: string | null = 'Conexiones 2027') {
  return render(
    <>
      <Toaster />
      <StudyReportButtons studyId={studyId} studyName={studyName} />
    </>,
  );
}

describe('StudyReportButtons (issue #29)', () => {
  beforeEach(() => setAccessTokenSource(null));
  afterEach(() => setAccessTokenSource(null));

  it('downloads the PDF report under the server’s name, with the bearer, busy meanwhile', async () => {
    setAccessTokenSource(async () => 'token-1');
    const saved = captureDownloads();
    const answer = deferred<Response>();
    let seen: MockRequest | null = null;
    const fetchMock = mockApi({
      '/api/studies/estudio%201/report.pdf': (request) => {
        seen = request;
        return answer.promise;
      },
    });
    const user = userEvent.setup();
    renderButtons();
    const group = screen.getByRole('group', { name: 'Informe de Conexiones 2027' });
    const pdf = within(group).getByRole('button', { name: 'Descargar informe (PDF)' });
    expect(pdf).toHaveAccessibleDescription(/Entradas, opciones, capacidades/);
    await user.click(pdf);

    const busy = await screen.findByRole('button', { name: 'Generando informe (PDF)...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Descargar informe (Excel)' })).toBeDisabled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/studies/estudio%201/report.pdf');
    expect(seen!.headers.get('Authorization')).toBe('Bearer token-1');

    answer.resolve(
      fileResponse(
        '%PDF-1.3',
        'application/pdf',
        `attachment; filename="informe-conexiones-2027.pdf"; filename*=UTF-8''informe-conexiones-2027.pdf`,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Descargar informe (PDF)' })).toBeEnabled();
    expect(saved).toEqual(['informe-conexiones-2027.pdf']);
  });

  it('downloads the workbook, under its own name when the server gives none', async () => {
    const saved = captureDownloads();
    const fetchMock = mockApi({ '/api/studies/demo/report.xlsx': () => fileResponse('PK', XLSX) });
    const user = userEvent.setup();
    renderButtons('demo', null);
    expect(screen.getByRole('group', { name: 'Informe del estudio' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar informe (Excel)' }));
    await waitFor(() => expect(saved).toEqual(['informe-estudio.xlsx']));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/studies/demo/report.xlsx');
  });

  it('toasts the API’s Spanish error, saves nothing and gives the button back', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/studies/estudio%201/report.pdf': () =>
        jsonResponse(
          {
            error: {
              code: 'STUDY_RESULTS_NOT_READY',
              message:
                'El estudio aún no tiene resultados: su informe se descarga cuando termine su primer cálculo',
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole('button', { name: 'Descargar informe (PDF)' }));
    expect(
      await screen.findByText(
        'No se pudo descargar el informe. El estudio aún no tiene resultados: su informe se descarga cuando termine su primer cálculo',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar informe (PDF)' })).toBeEnabled();
    expect(saved).toEqual([]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Descargar informe (Excel)' }));
    expect(
      await screen.findByText(
        'No se pudo descargar el informe. No se pudo conectar con el servidor.',
      ),
    ).toBeInTheDocument();
  });

  it('works from the keyboard: Tab to each button, Enter or Space downloads', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/studies/estudio%201/report.pdf': () => fileResponse('%PDF', 'application/pdf'),
      '/api/studies/estudio%201/report.xlsx': () => fileResponse('PK', XLSX),
    });
    const user = userEvent.setup();
    renderButtons();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Descargar informe (PDF)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual(['informe-estudio.pdf']));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Descargar informe (Excel)' })).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(saved).toEqual(['informe-estudio.pdf', 'informe-estudio.xlsx']));
  });

  it('sits beside /resultados’ spreadsheet downloads, for the whole study', async () => {
    captureDownloads();
    const fetchMock = mockApi({
      '/api/studies/demo/report.pdf': () => fileResponse('%PDF', 'application/pdf'),
    });
    const user = userEvent.setup();
    render(<BusbarCapacityExport studyId="demo" family={{ familyId: '7', familyName: 'Siete' }} />);
    expect(
      screen.getByRole('group', { name: 'Descargar la capacidad de conexión de la barra Siete' }),
    ).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Informe del estudio' })).getByRole('button', {
        name: 'Descargar informe (PDF)',
      }),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/studies/demo/report.pdf');
  });
});
