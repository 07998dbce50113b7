import type { NetworkViewV1 } from '@holgura/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkFocus } from '../../lib/network-slot';
import { jsonResponse, mockApi } from '../../render.test-support';
import { CaseNetwork } from './case-network';

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
    from: [1, 2, 1],
    to: [2, 3, 3],
    name: ['Norte-Sur', 'Sur-Centro', 'Norte-Centro'],
    ratingMw: [100, 100, 100],
    flowMw: [50, 20, -30],
    inService: [true, true, true],
  },
  generators: { bus: [1, 2], pMw: [80, 20], pMaxMw: [100, 50], inService: [true, true] },
};

const focus: NetworkFocus = {
  monitored: { branch: 1, name: 'Norte-Sur', flowMw: 112, limitMw: 100 },
  contingency: { branch: 3, name: 'Norte-Centro', outOfService: true },
  generators: [
    { busNumber: 2, name: 'G Sur', sensitivity: -0.61 },
    { busNumber: 1, name: 'G Norte', sensitivity: 0.4 },
  ],
};

const path = '/api/cases/c1/network';

function renderNetwork(props: { focus: NetworkFocus | null } = { focus }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Toaster />
      <CaseNetwork caseId="c1" focus={props.focus} />
    </QueryClientProvider>,
  );
}

describe('CaseNetwork', () => {
  beforeEach(() => {
    // jsdom has no WebGL (nor 2D canvas): the view must say so and keep its text parts.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('says in Spanish why a case has no network view', async () => {
    mockApi({
      [path]: {
        status: 404,
        body: {
          error: {
            code: 'CASE_NETWORK_NOT_FOUND',
            message: 'Este caso no tiene la vista de red guardada',
          },
        },
      },
    });
    renderNetwork();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar la vista de la red: Este caso no tiene la vista de red guardada',
    );
  });

  it('without WebGL, says so and still lists the highlighted elements', async () => {
    mockApi({ [path]: { body: { network: view } } });
    renderNetwork();
    expect(await screen.findByRole('alert')).toHaveTextContent('WebGL no está disponible');
    const list = screen.getByRole('list', { name: 'Elementos resaltados' });
    expect(within(list).getByTestId('network-monitored')).toHaveTextContent(
      'Elemento monitoreado: Norte-Sur (carga 112,0 %)',
    );
    expect(within(list).getByTestId('network-contingency')).toHaveTextContent(
      'Contingencia: Norte-Centro — Fuera de servicio',
    );
    expect(
      within(within(list).getByTestId('network-generators')).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('names a contingency of the planner’s set that has no branch to draw (issue #30)', async () => {
    mockApi({ [path]: { body: { network: view } } });
    renderNetwork({
      focus: {
        ...focus,
        contingency: null,
        setContingency: 'Contingencia 12: Norte-Centro + Sur-Centro',
      },
    });
    const list = await screen.findByRole('list', { name: 'Elementos resaltados' });
    expect(within(list).getByTestId('network-contingency')).toHaveTextContent(
      'Contingencia: Contingencia 12: Norte-Centro + Sur-Centro',
    );
    expect(within(list).getByTestId('network-contingency')).not.toHaveTextContent(
      'Sin contingencia',
    );
  });

  it('asks for a constraint when none is selected', async () => {
    mockApi({ [path]: { body: { network: view } } });
    renderNetwork({ focus: null });
    expect(
      await screen.findByText('Selecciona una restricción para resaltar sus elementos en la red.'),
    ).toBeInTheDocument();
  });

  it('sends a coordinates file and shows the server’s Spanish error', async () => {
    const fetchMock = mockApi({
      [path]: { body: { network: view } },
      '/api/cases/c1/coordinates': () =>
        jsonResponse(
          {
            error: {
              code: 'PARSE_COORDINATES_FIELD_INVALID',
              message: 'El archivo de coordenadas tiene un valor inválido (línea 2, campo lat)',
            },
          },
          400,
        ),
    });
    renderNetwork();
    const input = await screen.findByLabelText('Archivo de coordenadas de las barras (CSV)');
    await userEvent.upload(input, new File(['1,4.6,-74\n2,x,-75\n'], 'barras.csv'));
    expect(
      await screen.findByText(
        'No se pudieron cargar las coordenadas: El archivo de coordenadas tiene un valor inválido (línea 2, campo lat)',
      ),
    ).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/coordinates'))!;
    expect(put[1]?.method).toBe('PUT');
    expect(new Headers(put[1]?.headers).get('Content-Type')).toBe('text/csv');
  });
});
