import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, renderApp } from '../../../render.test-support';
import type { WindowBindingView } from '@holgura/contracts';
import {
  activsgCounts,
  b6b8,
  jobEvents,
  signedIn,
  windowDetail,
  windowJob,
  windowResult,
  windowSummary,
} from '../windows.test-support';

/** What the browser was asked to save: the link's name. */
function captureDownloads() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const rowOf = (id: string) => screen.getByRole('rowheader', { name: id }).closest('tr')!;

async function openWindow(detail = windowDetail(), routes: Parameters<typeof signedIn>[0] = {}) {
  const fetchMock = signedIn({
    '/api/windows/w1': { body: detail },
    // The map's network (window-map.test.tsx shows it): not drawn here.
    '/api/cases/c1/network': {
      status: 404,
      body: { error: { code: 'CASE_NETWORK_NOT_FOUND', message: 'Sin vista de red' } },
    },
    ...routes,
  });
  const view = renderApp('/ventanas?ventana=w1');
  await screen.findByRole('heading', { level: 2, name: 'Ventana 2027' });
  return { ...view, fetchMock };
}

describe('/ventanas?ventana=<id>: a window', () => {
  it('shows the three rules side by side, what per-bus figures promise and what order leaves', async () => {
    await openWindow();
    expect(screen.getByText(/Caso case30\.m · 4 solicitudes · 210,0 MW solicitados/)).toBeVisible();
    const order = within(screen.getByTestId('window-rule-order'));
    expect(order.getByRole('heading', { name: 'Orden de prioridad' })).toBeInTheDocument();
    expect(order.getByText('MW asignados:', { exact: false }).parentElement).toHaveTextContent(
      '66,8 MW',
    );
    expect(order.getByText('31,8 % de lo solicitado')).toBeInTheDocument();
    expect(order.getByText('0 completas · 1 parcial · 3 sin asignación')).toBeInTheDocument();
    const max = within(screen.getByTestId('window-rule-max'));
    expect(max.getByRole('heading', { name: 'Máximo total' })).toBeInTheDocument();
    expect(max.getByText(/118,5/)).toBeInTheDocument();
    expect(max.getByText('56,4 % de lo solicitado')).toBeInTheDocument();
    expect(max.getByText('2 completas · 1 parcial · 1 sin asignación')).toBeInTheDocument();
    const fair = within(screen.getByTestId('window-rule-fair'));
    expect(fair.getByRole('heading', { name: 'Justa (max-min)' })).toBeInTheDocument();
    expect(fair.getByText(/71,8/)).toBeInTheDocument();

    expect(screen.getByTestId('window-standalone-total')).toHaveTextContent(
      'Por sí solas sumarían 168,8 MW.',
    );
    expect(screen.getByTestId('window-order-shortfall')).toHaveTextContent(
      'La regla de orden deja sin asignar 51,7 MW que la red podría tomar.',
    );
  });

  it('shows a rule the solver failed with its error, never figures, and says nothing of what order leaves without max', async () => {
    const result = windowResult();
    result.rules.max = {
      ok: false,
      rule: 'max',
      error: {
        code: 'WINDOW_SOLVER_FAILED',
        message:
          'El solucionador (HiGHS) no encontró una asignación óptima con esta regla; las otras reglas sí se calcularon',
      },
    };
    const { user } = await openWindow(windowDetail({ result }));
    const max = within(screen.getByTestId('window-rule-max'));
    expect(max.getByText('Sin resultado con esta regla')).toBeInTheDocument();
    expect(max.getByText(/no encontró una asignación óptima/)).toBeInTheDocument();
    expect(max.queryByText(/MW/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('window-order-shortfall')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    expect(within(rowOf('R1')).getAllByText('—')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Ver la explicación de R1' }));
    expect(screen.getByTestId('window-explanation')).toHaveTextContent(
      'Con la regla máximo total no hay asignación: El solucionador (HiGHS) no encontró una asignación óptima con esta regla; las otras reglas sí se calcularon.',
    );
    expect(screen.queryByRole('heading', { name: 'Grupos de barras' })).not.toBeInTheDocument();
  });

  it('says beside a rule what makes its figure less than exact, and nothing when it is exact', async () => {
    const result = windowResult();
    const { fair, max } = result.rules;
    if (!fair.ok || !max.ok) throw new Error('the test data has every rule');
    result.rules.fair = { ...fair, stats: { ...fair.stats, settledAtFailedLevel: 3 } };
    result.rules.max = {
      ...max,
      stats: { ...max.stats, violatedAtEnd: 1, worstExcessMw: 0.0000011 },
    };
    await openWindow(windowDetail({ result }));
    expect(screen.getByTestId('window-rule-fair-note')).toHaveTextContent(
      'Aproximada: el solucionador no pudo resolver un nivel y 3 solicitudes quedaron en el último nivel resuelto.',
    );
    expect(screen.getByTestId('window-rule-max-note')).toHaveTextContent(
      '1 restricción queda por encima de su límite hasta en 0,000001 MW (redondeo del solucionador).',
    );
    expect(screen.queryByTestId('window-rule-order-note')).not.toBeInTheDocument();
  });

  it('switches the rule of the table, filters by status, and explains the request selected', async () => {
    const { user } = await openWindow();
    expect(screen.getByRole('button', { name: 'Orden de prioridad' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // In rank order: R2 first (priority 1).
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'R2',
      'R1',
      'R3',
      'R4',
    ]);
    expect(within(rowOf('R2')).getByText('66,8', { selector: 'span' })).toBeInTheDocument();
    expect(within(rowOf('R2')).getByText('Parcial')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    const r1 = within(rowOf('R1'));
    expect(r1.getByText('Solar Uno')).toBeInTheDocument();
    // The bus with its kV (issue #29).
    expect(r1.getByText('B2 · 230 kV')).toBeInTheDocument();
    expect(r1.getByText('48,5')).toBeInTheDocument();
    expect(r1.getByText('Parcial')).toBeInTheDocument();
    expect(within(rowOf('R3')).getByText('Completa')).toBeInTheDocument();
    expect(within(rowOf('R2')).getByText('Sin asignación')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'partial');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('1 de 4 solicitudes')).toBeInTheDocument();

    // Keyboard: the row takes the focus and Enter selects it.
    rowOf('R1').focus();
    await user.keyboard('{Enter}');
    const explanation = screen.getByTestId('window-explanation');
    expect(explanation).toHaveTextContent(
      'Pidió 60 MW en la barra 2 (B2). Por sí sola cabrían 60,0 MW: todo lo que pidió. Con la regla máximo total recibe 48,5 MW (parcial). La limita «B6-B8» ante la contingencia «B6-B28» (límite 32 MVA); cada MW adicional de ese elemento liberaría 8,40 MW (precio sombra). Compite con R3, R4.',
    );
    expect(screen.getByRole('heading', { name: 'Solicitud R1 · Solar Uno' })).toBeInTheDocument();

    // The same request under another rule.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'all');
    await user.click(screen.getByRole('button', { name: 'Justa (max-min)' }));
    expect(explanation).toHaveTextContent('Con la regla justa (max-min) recibe 25,4 MW (parcial).');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'eólica');
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['R2']);
  });

  it('sorts the requests by a column, the largest figure first', async () => {
    const { user } = await openWindow();
    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    await user.click(screen.getByRole('button', { name: 'MW asignados' }));
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'R1',
      'R3',
      'R4',
      'R2',
    ]);
    await user.click(screen.getByRole('button', { name: 'MW asignados' }));
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'R2',
      'R4',
      'R3',
      'R1',
    ]);
  });

  it('lists the groups of buses the selected rule holds together', async () => {
    const { user } = await openWindow();
    expect(
      screen.getByText(
        'Con esta regla ninguna restricción limita a dos o más solicitudes a la vez.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    const groups = within(screen.getByTestId('window-groups'));
    expect(groups.getByText('Estas barras juntas: ≤ 48,5 MW')).toBeInTheDocument();
    expect(
      groups.getByText('«B6-B8» ante la contingencia «B6-B28» (límite 32 MVA)'),
    ).toBeInTheDocument();
    expect(
      groups.getByText('Barras 2, 5 · solicitudes R1, R2 · piden 140,0 MW'),
    ).toBeInTheDocument();
  });

  it('says under its header that a window without a set ran on every branch', async () => {
    await openWindow();
    expect(screen.getByTestId('window-contingencies')).toHaveTextContent(
      /^Contingencias: cada rama en servicio, una a la vez$/,
    );
    expect(screen.queryByTestId('window-interfaces-not-watched')).not.toBeInTheDocument();
  });

  it('on the case’s set: says which, what was not screened, and names a contingency of several elements, never N-0', async () => {
    // «Contingencia 50» takes out two branches: no branch number, yet no N-0 either.
    const doubleCircuit = (shadowPrice: number, distributionFactor = 0.12): WindowBindingView => ({
      ...b6b8(shadowPrice, distributionFactor),
      contingency: null,
      contingencyName: 'Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1',
      setContingency: {
        label: '50',
        name: 'Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1',
      },
    });
    const result = windowResult({
      contingencySet: {
        fileName: 'contab_ACTIVSg2000.m',
        format: 'contab',
        counts: activsgCounts,
        notScreened: [450],
        interfacesNotWatched: 3,
      },
    });
    const { max } = result.rules;
    if (!max.ok) throw new Error('the test data has every rule');
    const [group] = max.groups;
    result.rules.max = {
      ...max,
      awards: max.awards.map((award) =>
        award.id === 'R2' ? { ...award, binding: [doubleCircuit(8.39769, 0.12133)] } : award,
      ),
      // Two of the set's contingencies bind on the same element: both groups are listed.
      groups: [
        {
          ...group!,
          contingency: null,
          contingencyName: 'Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1',
        },
        {
          ...group!,
          contingency: null,
          contingencyName: 'Contingencia 51: unidad 3 en B27',
          requestIds: ['R3', 'R4'],
          buses: [13, 22],
        },
      ],
    };
    const { user } = await openWindow(
      windowDetail({
        options: { ...windowSummary().options, contingencies: 'case-set' },
        result,
      }),
    );
    expect(screen.getByTestId('window-contingencies')).toHaveTextContent(
      'Contingencias: las del caso — contab_ACTIVSg2000.m, 3.734 (3.190 de una rama, 544 de unidades); 450 sin evaluar (separan la red o nadie repone la generación que sacan)',
    );
    expect(screen.getByTestId('window-interfaces-not-watched')).toHaveTextContent(
      'Las 3 interfaces del archivo .mon no se vigilan en las ventanas.',
    );

    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    await user.click(screen.getByRole('radio', { name: 'Ver la explicación de R2' }));
    const explanation = screen.getByTestId('window-explanation');
    expect(explanation).toHaveTextContent(
      'La limita «B6-B8» ante la contingencia «Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1» (límite 32 MVA)',
    );
    expect(explanation).not.toHaveTextContent('N-0');
    const groups = within(screen.getByTestId('window-groups'));
    expect(
      groups.getByText(
        '«B6-B8» ante la contingencia «Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1» (límite 32 MVA)',
      ),
    ).toBeInTheDocument();
    expect(
      groups.getByText(
        '«B6-B8» ante la contingencia «Contingencia 51: unidad 3 en B27» (límite 32 MVA)',
      ),
    ).toBeInTheDocument();
    expect(groups.queryByText(/N-0/)).not.toBeInTheDocument();
  });

  it('downloads the awards as Excel or CSV and the audit file, with the app’s authorisation', async () => {
    const saved = captureDownloads();
    const file = (name: string) => () =>
      new Response('x', {
        headers: { 'Content-Disposition': `attachment; filename="${name}"` },
      });
    const { user, fetchMock } = await openWindow(windowDetail(), {
      '/api/windows/w1/export.csv': file('ventana-w1.csv'),
      '/api/windows/w1/export.xlsx': file('ventana-w1.xlsx'),
      '/api/windows/w1/audit.json': file('ventana-w1-auditoria.json'),
    });
    const group = screen.getByRole('group', {
      name: 'Descargar la asignación de las tres reglas',
    });
    await user.click(within(group).getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(saved).toEqual(['ventana-w1.csv']));
    await user.click(within(group).getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Archivo de auditoría' }));
    await waitFor(() =>
      expect(saved).toEqual(['ventana-w1.csv', 'ventana-w1.xlsx', 'ventana-w1-auditoria.json']),
    );
    expect(callsTo(fetchMock, '/api/windows/w1/audit.json')).toHaveLength(1);
  });

  it('follows the window while it is computed, then shows its result', async () => {
    const events = jobEvents();
    let done = false;
    await openWindow(undefined, {
      '/api/windows/w1': () =>
        jsonResponse(
          done
            ? windowDetail()
            : windowDetail({
                state: 'running',
                progressPercent: 5,
                stage: 'window-standalone',
                totals: null,
                result: null,
              }),
        ),
      '/api/jobs/j1/events': events.response,
    });
    const bar = screen.getByRole('progressbar', { name: 'Progreso de Ventana 2027' });
    expect(screen.getByText('Capacidad de cada solicitud por sí sola')).toBeInTheDocument();
    events.send(windowJob({ progressPercent: 60, stage: 'window-fair' }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'));
    expect(screen.getByText('Asignando la proporción justa (max-min)')).toBeInTheDocument();

    done = true;
    events.send(windowJob({ state: 'done', progressPercent: 100, stage: null }));
    expect(await screen.findByTestId('window-rule-max')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('stops a window being computed', async () => {
    const events = jobEvents();
    let cancelled = false;
    const { user, fetchMock } = await openWindow(undefined, {
      '/api/windows/w1': () =>
        jsonResponse(
          windowDetail({
            state: cancelled ? 'cancelled' : 'queued',
            progressPercent: 0,
            totals: null,
            result: null,
          }),
        ),
      '/api/jobs/j1/events': events.response,
      '/api/jobs/j1/cancel': () => {
        cancelled = true;
        return jsonResponse({ jobId: 'j1', state: 'cancelled' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(callsTo(fetchMock, '/api/jobs/j1/cancel')[0]![1]).toMatchObject({ method: 'POST' });
    events.send(windowJob({ state: 'cancelled', progressPercent: 0, stage: null }));
    expect(
      await screen.findByText('El cálculo de esta ventana se canceló: no tiene asignación.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a window has no result: its failure, or that it is not the user’s', async () => {
    await openWindow(
      windowDetail({
        state: 'failed',
        totals: null,
        result: null,
        error: { code: 'WINDOW_CASE_NOT_ANALYSED', message: 'El caso aún no está analizado' },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El cálculo de la ventana fallóEl caso aún no está analizado',
    );
  });

  it('says so when the window is not found', async () => {
    signedIn({
      '/api/windows/otra': {
        status: 404,
        body: {
          error: { code: 'WINDOW_NOT_FOUND', message: 'No se encontró la ventana de asignación' },
        },
      },
    });
    renderApp('/ventanas?ventana=otra');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar la ventana: No se encontró la ventana de asignación',
    );
    expect(screen.getByRole('link', { name: 'Volver a Mis ventanas' })).toHaveAttribute(
      'href',
      '/ventanas',
    );
  });
});
