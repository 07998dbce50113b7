import type { NetworkViewV1 } from '@holgura/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../render.test-support';
import { BusbarCapacityMap } from './busbar-capacity-map';

const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'force',
  buses: {
    number: [1, 2, 3],
    name: ['Norte', 'Sur', 'Centro'],
    baseKv: [230, 230, 230],
    x: [0, 1, 2],
    y: [0, 1, 0],
    type: [3, 2, 1],
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

const results = [
  { caseName: 'Base_2026', busNumber: 2, name: 'Sur', capacityMw: 100 },
  { caseName: 'Base_2026', busNumber: 3, name: 'Centro', capacityMw: 600 },
  { caseName: 'Alto_2027', busNumber: 2, name: 'Sur', capacityMw: 250 },
];

function renderMap(selectedCaseName: string | null, studyId = 'demo') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BusbarCapacityMap
        study={{ studyId, version: 1 }}
        results={results}
        selectedCaseName={selectedCaseName}
      />
    </QueryClientProvider>,
  );
}

describe('BusbarCapacityMap', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('lists the selected case’s busbars in MW, and another condition on request', async () => {
    const fetchMock = mockApi({ '/api/studies/estudio-1/network': { body: { network: view } } });
    renderMap('Base_2026', 'estudio-1');
    // Without WebGL there is no picture (nor its colour legend); the figures stay, in words.
    expect(await screen.findByRole('alert')).toHaveTextContent('WebGL no está disponible');
    expect(screen.queryByText('Barra no evaluada')).toBeNull();
    const busbars = screen.getByRole('list', { name: 'Capacidad de conexión por barra evaluada' });
    expect(
      within(busbars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sur: 100,0 MW', 'Centro: 600,0 MW']);

    await userEvent.selectOptions(screen.getByLabelText('Escenario y año del mapa'), 'Alto_2027');
    expect(
      within(screen.getByTestId('busbar-capacities'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sur: 250,0 MW']);
    // The chosen study's network, once.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the study network is not stored', async () => {
    mockApi({
      '/api/studies/demo/network': {
        status: 404,
        body: {
          error: {
            code: 'DEMO_NETWORK_NOT_FOUND',
            message: 'El estudio de demostración no tiene la vista de red guardada',
          },
        },
      },
    });
    renderMap(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar la vista de la red: El estudio de demostración no tiene la vista de red guardada',
    );
  });
});
