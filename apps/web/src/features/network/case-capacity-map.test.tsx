import type { NetworkViewV1 } from '@holgura/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { callsTo, mockApi } from '../../render.test-support';
import { VARIABLE_COLORS } from '../../utils/limiting-variable-colors';
import { CaseCapacityMap } from './case-capacity-map';

const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'force',
  buses: {
    number: [1, 2, 3, 4],
    name: ['Norte', 'Sur', 'Centro', 'Isla'],
    baseKv: [230, 230, 230, 115],
    x: [0, 1, 2, 3],
    y: [0, 1, 0, 1],
    type: [3, 2, 1, 1],
  },
  branches: {
    from: [1, 2],
    to: [2, 3],
    name: ['Norte-Sur', 'Sur-Centro'],
    ratingMw: [100, 100],
    flowMw: [50, 20],
    inService: [true, true],
  },
  generators: { bus: [1], pMw: [80], pMaxMw: [100], inService: [true] },
};

const map = (figure: string, capacityMw: (number | null)[]) => ({
  caseId: 'c1',
  state: 'done',
  jobId: 'k1',
  progressPercent: 100,
  stage: null,
  error: null,
  figure,
  capMw: 2000,
  bus: [1, 2, 3, 4],
  capacityMw,
});

function renderMap(figure: 'attributable' | 'strict') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CaseCapacityMap caseId="c1" figure={figure} />
    </QueryClientProvider>,
  );
}

describe('CaseCapacityMap', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('counts the buses of each MW band up to the cap, in words (even without WebGL)', async () => {
    const fetchMock = mockApi({
      '/api/cases/c1/network': { body: { network: view } },
      '/api/cases/c1/busbar-capacities/map': { body: map('strict', [0, 120.5, 2000, null]) },
    });
    renderMap('strict');
    expect(await screen.findByRole('alert')).toHaveTextContent('WebGL no está disponible');
    const legend = screen.getByRole('list', { name: 'Capacidad de conexión estricta (MW)' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '0 MW1 barra',
      '0–50 MW0 barras',
      '50–150 MW1 barra',
      '150–300 MW0 barras',
      '300–500 MW0 barras',
      '500–2.000 MW0 barras',
      '2.000 MW (tope del estudio: nada la limita antes)1 barra',
      'Sin capacidad (fuera de la isla de la transferencia)1 barra',
    ]);
    const [[url]] = callsTo(fetchMock, '/api/cases/c1/busbar-capacities/map') as [[string]];
    expect(url).toBe('/api/cases/c1/busbar-capacities/map?figure=strict');
  });

  it('says so when the map cannot be read', async () => {
    mockApi({
      '/api/cases/c1/network': { body: { network: view } },
      '/api/cases/c1/busbar-capacities/map': {
        status: 404,
        body: { error: { code: 'CASE_NOT_FOUND', message: 'No se encontró el caso' } },
      },
    });
    renderMap('attributable');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar el mapa de capacidad: No se encontró el caso',
    );
  });

  it('colours by «Variable limitante» with a legend that counts each and shows one alone from the keyboard (issue #31)', async () => {
    mockApi({
      '/api/cases/c1/network': { body: { network: view } },
      '/api/cases/c1/busbar-capacities/map': {
        body: {
          ...map('attributable', [120, 300, 2000, null]),
          limitMw: [80, 250.5, 2000, null],
          limitingVariable: ['voltage', 'weak-grid', 'thermal', null],
          acVerified: [true, false, false, false],
        },
      },
    });
    const user = userEvent.setup();
    renderMap('attributable');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Variable limitante' }));
    const legend = screen.getByRole('list', {
      name: 'Variable limitante de la capacidad atribuible',
    });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Térmica0 barras',
      'Tensión1 barra',
      'Potencia reactiva0 barras',
      'No convergencia0 barras',
      'Cortocircuito (red débil)1 barra',
      'Sin verificar en AC1 barra',
      'Ninguna antes del tope0 barras',
      'Sin capacidad (fuera de la isla)1 barra',
    ]);
    expect(items.map((item) => item.getAttribute('data-color'))).toEqual([
      VARIABLE_COLORS.thermal,
      VARIABLE_COLORS.voltage,
      VARIABLE_COLORS['reactive-power'],
      VARIABLE_COLORS['non-convergence'],
      VARIABLE_COLORS['weak-grid'],
      VARIABLE_COLORS.unverified,
      VARIABLE_COLORS.none,
      VARIABLE_COLORS.outside,
    ]);
    // From the keyboard: focus the weak grid's entry, Enter shows its buses alone.
    const weak = within(legend).getByRole('button', {
      name: 'Ver solo Cortocircuito (red débil) (1 barra)',
    });
    weak.focus();
    await user.keyboard('{Enter}');
    expect(weak).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByText(
        'Se muestran solo las barras de «Cortocircuito (red débil)»; las demás, en gris claro.',
      ),
    ).toBeTruthy();
    await user.keyboard(' ');
    expect(weak).toHaveAttribute('aria-pressed', 'false');
  });
});
