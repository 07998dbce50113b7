import type { NetworkViewV1 } from '@holgura/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../render.test-support';
import { signedIn, windowDetail } from '../windows.test-support';

/** A few buses of case30 (the window's four requests sit at 2, 5, 13 and 22). */
const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'force',
  buses: {
    number: [1, 2, 5, 13, 22],
    name: ['B1', 'B2', 'B5', 'B13', 'B22'],
    baseKv: [135, 135, 135, 135, 135],
    x: [0, 1, 2, 3, 4],
    y: [0, 1, 0, 1, 0],
    type: [3, 2, 2, 1, 1],
  },
  branches: {
    from: [1, 2, 5, 13],
    to: [2, 5, 13, 22],
    name: ['B1-B2', 'B2-B5', 'B5-B13', 'B13-B22'],
    ratingMw: [130, 130, 65, 32],
    flowMw: [100, 40, 20, 10],
    inService: [true, true, true, true],
  },
  generators: { bus: [1], pMw: [200], pMaxMw: [300], inService: [true] },
};

async function openWindow(
  network: { status?: number; body: unknown } = { body: { network: view } },
) {
  const fetchMock = signedIn({
    '/api/windows/w1': { body: windowDetail() },
    '/api/cases/c1/network': network,
  });
  const rendered = renderApp('/ventanas?ventana=w1');
  await screen.findByRole('heading', { level: 2, name: 'Ventana 2027' });
  return { ...rendered, fetchMock };
}

const legend = () => within(screen.getByTestId('window-map-legend'));
const mapSection = () => screen.getByRole('region', { name: 'Mapa de solicitudes' });

describe('/ventanas?ventana=<id>: the map of the requests', () => {
  beforeEach(() => {
    // jsdom has no WebGL: the map says so and keeps its legend and its list.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('marks each request’s bus by its status under the rule of the whole view, in words and symbols', async () => {
    const { user } = await openWindow();
    await screen.findByTestId('window-map-legend');
    expect(mapSection()).toHaveTextContent(
      'Cada barra con solicitudes lleva el color y el símbolo de su estado con la regla orden de prioridad.',
    );
    // Order: R2 partial, the other three without an award.
    expect(legend().getByText('Completa').parentElement).toHaveTextContent('Completa0 solicitudes');
    expect(legend().getByText('Parcial').parentElement).toHaveTextContent('Parcial1 solicitud');
    expect(legend().getByText('Sin asignación').parentElement).toHaveTextContent(
      'Sin asignación3 solicitudes',
    );
    expect(legend().queryByText(/estados distintos/)).not.toBeInTheDocument();
    const map = within(mapSection());
    expect(map.getByText('Barra 5 (B5)')).toBeInTheDocument();
    expect(map.getByRole('button', { name: 'R2: parcial, 66,8 de 80,0 MW' })).toBeInTheDocument();

    // The one rule switch of the view changes the marks too.
    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    expect(mapSection()).toHaveTextContent('con la regla máximo total.');
    expect(legend().getByText('Completa').parentElement).toHaveTextContent('Completa2 solicitudes');
    expect(map.getByRole('button', { name: 'R1: parcial, 48,5 de 60,0 MW' })).toBeInTheDocument();
    expect(map.getByRole('button', { name: 'R3: completa, 40,0 de 40,0 MW' })).toBeInTheDocument();
  });

  it('selects the explanation of the request chosen on the map’s list, by keyboard too', async () => {
    const { user } = await openWindow();
    await user.click(screen.getByRole('button', { name: 'Máximo total' }));
    const r1 = await screen.findByRole('button', { name: 'R1: parcial, 48,5 de 60,0 MW' });
    expect(r1).toHaveAttribute('aria-pressed', 'false');
    r1.focus();
    await user.keyboard('{Enter}');
    expect(r1).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('window-explanation')).toHaveTextContent(
      'Con la regla máximo total recibe 48,5 MW (parcial).',
    );
    // The table's selection is the same one.
    expect(screen.getByRole('radio', { name: 'Ver la explicación de R1' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Ver la explicación de R4' }));
    expect(screen.getByRole('button', { name: 'R4: completa, 30,0 de 30,0 MW' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(r1).toHaveAttribute('aria-pressed', 'false');
  });

  it('says in Spanish when the case’s network cannot be drawn, and keeps the legend and list', async () => {
    await openWindow({
      status: 404,
      body: { error: { code: 'CASE_NETWORK_NOT_FOUND', message: 'El caso no tiene vista de red' } },
    });
    expect(await within(mapSection()).findByRole('alert')).toHaveTextContent(
      'No se pudo cargar la vista de la red: El caso no tiene vista de red',
    );
    expect(screen.getByTestId('window-map-legend')).toBeInTheDocument();
    expect(
      within(mapSection()).getByRole('button', { name: 'R2: parcial, 66,8 de 80,0 MW' }),
    ).toBeInTheDocument();
  });

  it('has no marks for a rule the solver failed, and says so', async () => {
    const detail = windowDetail();
    detail.result!.rules.fair = {
      ok: false,
      rule: 'fair',
      error: { code: 'WINDOW_SOLVER_FAILED', message: 'falló' },
    };
    signedIn({
      '/api/windows/w1': { body: detail },
      '/api/cases/c1/network': { body: { network: view } },
    });
    const { user } = renderApp('/ventanas?ventana=w1');
    await screen.findByRole('heading', { level: 2, name: 'Ventana 2027' });
    await user.click(screen.getByRole('button', { name: 'Justa (max-min)' }));
    expect(
      within(mapSection()).getByText('Con esta regla no hay asignación que mostrar en el mapa.'),
    ).toBeInTheDocument();
  });
});
