import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  captureDownloads,
  fileResponse,
  XLSX,
} from '../../../components/export/downloads.test-support';
import { setAccessTokenSource } from '../../../lib/api-client';
import { deferred, jsonResponse, mockApi, type MockRequest } from '../../../render.test-support';
import { CaseReportButtons } from './case-report-buttons';

function renderButtons(caseId = 'caso 7', caseName = 'case_ACTIVSg200') {
  return render(
    <>
      <Toaster />
      <CaseReportButtons caseId={caseId} caseName={caseName} />
    </>,
  );
}

describe('CaseReportButtons (issue #29)', () => {
  beforeEach(() => setAccessTokenSource(null));
  afterEach(() => setAccessTokenSource(null));

  it('downloads the case’s PDF report under the server’s name, with the bearer, busy meanwhile', async () => {
    setAccessTokenSource(async () => 'token-1');
    const saved = captureDownloads();
    const answer = deferred<Response>();
    let seen: MockRequest | null = null;
    const fetchMock = mockApi({
      '/api/cases/caso%207/report.pdf': (request) => {
        seen = request;
        return answer.promise;
      },
    });
    const user = userEvent.setup();
    renderButtons();
    const group = screen.getByRole('group', { name: 'Informe del caso case_ACTIVSg200' });
    const pdf = within(group).getByRole('button', { name: 'Descargar informe (PDF)' });
    expect(pdf).toHaveAccessibleDescription(/El archivo, las opciones, el análisis N-1/);
    await user.click(pdf);

    const busy = await screen.findByRole('button', { name: 'Generando informe (PDF)...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Descargar informe (Excel)' })).toBeDisabled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/cases/caso%207/report.pdf');
    expect(seen!.headers.get('Authorization')).toBe('Bearer token-1');

    answer.resolve(
      fileResponse(
        '%PDF-1.3',
        'application/pdf',
        `attachment; filename="informe-case-activsg200.pdf"; filename*=UTF-8''informe-case-activsg200.pdf`,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Descargar informe (PDF)' })).toBeEnabled();
    expect(saved).toEqual(['informe-case-activsg200.pdf']);
  });

  it('downloads the workbook, under its own name when the server gives none', async () => {
    const saved = captureDownloads();
    const fetchMock = mockApi({ '/api/cases/c7/report.xlsx': () => fileResponse('PK', XLSX) });
    const user = userEvent.setup();
    renderButtons('c7');
    await user.click(screen.getByRole('button', { name: 'Descargar informe (Excel)' }));
    await waitFor(() => expect(saved).toEqual(['informe-caso.xlsx']));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/cases/c7/report.xlsx');
  });

  it('toasts the API’s Spanish reason (capacities still computing), saves nothing and gives the button back', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/cases/c7/report.pdf': () =>
        jsonResponse(
          {
            error: {
              code: 'CASE_REPORT_NOT_READY',
              message:
                'El análisis del caso aún no termina: su informe se descarga cuando terminen el análisis y la capacidad de cada barra',
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderButtons('c7');
    await user.click(screen.getByRole('button', { name: 'Descargar informe (PDF)' }));
    expect(
      await screen.findByText(
        'No se pudo descargar el informe. El análisis del caso aún no termina: su informe se descarga cuando terminen el análisis y la capacidad de cada barra',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar informe (PDF)' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('works from the keyboard: Tab to each button, Enter or Space downloads', async () => {
    const saved = captureDownloads();
    mockApi({
      '/api/cases/c7/report.pdf': () => fileResponse('%PDF', 'application/pdf'),
      '/api/cases/c7/report.xlsx': () => fileResponse('PK', XLSX),
    });
    const user = userEvent.setup();
    renderButtons('c7');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Descargar informe (PDF)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual(['informe-caso.pdf']));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Descargar informe (Excel)' })).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(saved).toEqual(['informe-caso.pdf', 'informe-caso.xlsx']));
  });
});
