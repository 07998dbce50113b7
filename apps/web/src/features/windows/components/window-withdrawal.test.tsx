import type { WindowDetailResponse } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, renderApp } from '../../../render.test-support';
import { signedIn, windowDetail, windowResult } from '../windows.test-support';

/** The window without R3 (figures made for the test): under max R1 takes what R3 held. */
function withoutR3(patch: Partial<WindowDetailResponse> = {}): WindowDetailResponse {
  const result = windowResult();
  result.requests = result.requests.filter((r) => r.id !== 'R3');
  const { max, order, fair } = result.rules;
  if (!max.ok || !order.ok || !fair.ok) throw new Error('the test data has every rule');
  max.awards = [
    { id: 'R1', awardedMw: 60, status: 'complete', binding: [], competitors: [] },
    { id: 'R2', awardedMw: 0, status: 'none', binding: [], competitors: [] },
    { id: 'R4', awardedMw: 30, status: 'complete', binding: [], competitors: [] },
  ];
  max.totalAwardedMw = 90;
  order.awards = order.awards.filter((a) => a.id !== 'R3');
  fair.awards = fair.awards
    .filter((a) => a.id !== 'R3')
    .map((a) => (a.id === 'R1' ? { ...a, awardedMw: 30 } : a));
  const base = windowDetail();
  return {
    ...base,
    windowId: 'w2',
    name: 'Ventana 2027 — sin R3',
    jobId: 'j2',
    requestCount: 3,
    requestedMw: 170,
    requests: base.requests.filter((r) => r.id !== 'R3'),
    withdrawal: { originalWindowId: 'w1', withdrawnIds: ['R3'] },
    result,
    ...patch,
  };
}

describe('/ventanas: «¿Y si se retira?» and who moves up', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('creates the window without the request explained and opens it', async () => {
    const sent: unknown[] = [];
    const fetchMock = signedIn({
      '/api/windows/w1': { body: windowDetail() },
      '/api/windows/w2': { body: withoutR3() },
      '/api/windows': { body: { windows: [] } },
      '/api/cases/c1/network': { status: 404, body: { error: { code: 'X', message: 'x' } } },
      '/api/windows/w1/withdraw': ({ body }) => {
        sent.push(body);
        return jsonResponse({ windowId: 'w2', jobId: 'j2' }, 202);
      },
    });
    const { user } = renderApp('/ventanas?ventana=w1');
    await screen.findByRole('heading', { level: 2, name: 'Ventana 2027' });
    // Nothing selected, nothing to withdraw.
    expect(screen.queryByRole('button', { name: /¿Y si se retira/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Ver la explicación de R3' }));
    const withdraw = screen.getByRole('button', { name: '¿Y si se retira R3?' });
    expect(withdraw).toHaveAccessibleDescription(
      'Calcula otra vez esta ventana sin esta solicitud (mismo caso o estudio, mismas opciones y las demás solicitudes) y compara quién sube.',
    );
    await user.click(withdraw);
    await screen.findByRole('heading', { level: 2, name: 'Ventana 2027 — sin R3' });
    expect(sent).toEqual([{ requestIds: ['R3'] }]);
    expect(callsTo(fetchMock, '/api/windows/w1/withdraw')).toHaveLength(1);
    expect(await screen.findByText('Ventana sin R3 creada: se está calculando')).toBeVisible();
  });

  it('says in Spanish why the window without the request could not be created', async () => {
    signedIn({
      '/api/windows/w1': { body: windowDetail() },
      '/api/cases/c1/network': { status: 404, body: { error: { code: 'X', message: 'x' } } },
      '/api/windows/w1/withdraw': () =>
        jsonResponse(
          {
            error: {
              code: 'JOBS_LIMIT_REACHED',
              message: 'Tienes demasiados cálculos en curso',
            },
          },
          429,
        ),
    });
    const { user } = renderApp('/ventanas?ventana=w1');
    await screen.findByRole('heading', { level: 2, name: 'Ventana 2027' });
    await user.click(screen.getByRole('radio', { name: 'Ver la explicación de R4' }));
    await user.click(screen.getByRole('button', { name: '¿Y si se retira R4?' }));
    expect(
      await screen.findByText(/No se pudo crear la ventana sin esta solicitud:/),
    ).toHaveTextContent(
      'No se pudo crear la ventana sin esta solicitud: Tienes demasiados cálculos en curso',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Ventana 2027' })).toBeInTheDocument();
  });

  it('compares each rule with the original: who moves up, by how many MW, freed and taken', async () => {
    signedIn({
      '/api/windows/w1': { body: windowDetail() },
      '/api/windows/w2': { body: withoutR3() },
      '/api/cases/c1/network': { status: 404, body: { error: { code: 'X', message: 'x' } } },
    });
    renderApp('/ventanas?ventana=w2');
    const max = within(await screen.findByTestId('window-comparison-max'));
    const section = screen.getByRole('region', { name: '¿Quién sube?' });
    expect(section).toHaveTextContent(
      'Esta ventana es «Ventana 2027» sin R3: mismo caso o estudio, mismas opciones y las demás solicitudes.',
    );
    expect(max.getByRole('heading', { name: 'Máximo total' })).toBeInTheDocument();
    expect(
      max.getByText('Al retirarse, R3 deja libres 40,0 MW (lo que tenía asignado).'),
    ).toBeVisible();
    expect(max.getByText('Sube R1: de 48,5 a 60,0 MW (+11,5 MW).')).toBeVisible();
    expect(
      max.getByText('En total, las demás solicitudes toman 11,5 MW de más; se liberaron 40,0 MW.'),
    ).toBeVisible();
    expect(max.getByText('El total asignado pasa de 118,5 a 90,0 MW.')).toBeVisible();
    const order = within(screen.getByTestId('window-comparison-order'));
    expect(order.getByText('R3 no tenía MW asignados con esta regla.')).toBeVisible();
    expect(order.getByText('Ninguna otra solicitud recibe más con esta regla.')).toBeVisible();
    // Fair: R3 (all or nothing) had nothing, and still R1 gets more without it.
    const fair = within(screen.getByTestId('window-comparison-fair'));
    expect(fair.getByText('R3 no tenía MW asignados con esta regla.')).toBeVisible();
    expect(fair.getByText('Sube R1: de 25,4 a 30,0 MW (+4,6 MW).')).toBeVisible();
    expect(
      fair.getByText(
        'En total, las demás solicitudes toman 4,6 MW de más: aunque no tenía MW asignados, su presencia cambiaba el reparto con esta regla.',
      ),
    ).toBeVisible();
    const back = within(section).getByRole('link', { name: 'Ver la ventana original' });
    expect(back).toHaveAttribute('href', '/ventanas?ventana=w1');
  });

  it('says when the original window is gone, and waits for the new one to finish', async () => {
    signedIn({
      '/api/windows/w1': {
        status: 404,
        body: {
          error: { code: 'WINDOW_NOT_FOUND', message: 'No se encontró la ventana de asignación' },
        },
      },
      '/api/windows/w2': { body: withoutR3() },
      '/api/cases/c1/network': { status: 404, body: { error: { code: 'X', message: 'x' } } },
    });
    renderApp('/ventanas?ventana=w2');
    expect(
      await screen.findByText(
        'La ventana original ya no existe (se borró): no hay con qué comparar esta ventana.',
      ),
    ).toBeVisible();
    const section = screen.getByRole('region', { name: '¿Quién sube?' });
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('Esta ventana es otra ventana sin R3');
  });

  it('shows the comparison only once the new window has an award', async () => {
    signedIn({
      '/api/windows/w1': { body: windowDetail() },
      '/api/windows/w2': {
        body: withoutR3({
          state: 'failed',
          result: null,
          totals: null,
          error: { code: 'JOB_FAILED', message: 'falló' },
        }),
      },
    });
    renderApp('/ventanas?ventana=w2');
    expect(
      await screen.findByText(
        'La comparación con la ventana original aparece cuando termine el cálculo.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByTestId('window-comparison-max')).not.toBeInTheDocument(),
    );
  });
});
