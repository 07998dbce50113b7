import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderApp } from '../../render.test-support';
import { resultRoutes, signedInWithSax, summary } from './analisis.test-support';

/** Case 7, analysed; its busbar capacities still being computed. */
const analysed = summary(7, { analysis: { jobId: 'j7', state: 'done', error: null } });
const pendingCapacities = {
  body: {
    caseId: 'c7',
    state: 'pending',
    jobId: null,
    progressPercent: 0,
    stage: null,
    error: null,
    total: 0,
    page: 1,
    pageSize: 50,
    sort: 'capacity',
    order: 'asc',
    figure: 'attributable',
    rows: [],
    summary: null,
    options: null,
    computedAt: null,
  },
};

describe('/analisis: the selected case’s report (issue #29)', () => {
  it('offers the PDF and the workbook beside the analysed case’s name, and downloads from there', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchMock = signedInWithSax({
      '/api/cases': { body: { cases: [analysed] } },
      ...resultRoutes('c7', null),
      '/api/cases/c7/busbar-capacities': pendingCapacities,
      '/api/cases/c7/report.pdf': () =>
        new Response('%PDF', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar Caso 7' }));
    const results = await screen.findByRole('region', { name: 'Resultados del caso seleccionado' });
    const group = within(results).getByRole('group', { name: 'Informe del caso Caso 7' });
    expect(within(group).getByRole('button', { name: 'Descargar informe (Excel)' })).toBeEnabled();
    await user.click(within(group).getByRole('button', { name: 'Descargar informe (PDF)' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cases/c7/report.pdf')).toHaveLength(1));
  });

  it('offers no report for a case whose analysis failed', async () => {
    const failed = summary(8, {
      caseName: 'roto',
      analysis: { jobId: 'j8', state: 'failed', error: { code: 'X', message: 'Roto' } },
    });
    signedInWithSax({ '/api/cases': { body: { cases: [failed] } } });
    const { user } = renderApp('/analisis');
    await user.click(await screen.findByRole('radio', { name: 'Seleccionar roto' }));
    await screen.findByText('El análisis de este caso falló');
    expect(screen.queryByRole('group', { name: 'Informe del caso roto' })).toBeNull();
  });
});
