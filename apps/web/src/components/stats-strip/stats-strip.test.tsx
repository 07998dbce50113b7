import { statsResponseSchema } from '@holgura/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { es } from '../../strings/es';
import { mockApi, sampleStats } from '../../test/render';
import { StatsStrip } from './stats-strip';

/** The strip as the landing uses it: its own query of /api/stats, its texts and test ids. */
function Strip() {
  const stats = useQuery({
    queryKey: ['stats'],
    queryFn: ({ signal }) => api.get('/api/stats', statsResponseSchema, signal),
  });
  return <StatsStrip stats={stats} texts={es.landing.stats} testIdPrefix="stat-" />;
}

function renderStrip() {
  const client = createQueryClient({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <Strip />
    </QueryClientProvider>,
  );
}

function valueOf(label: string): string {
  const term = screen.getByText(label);
  const item = term.parentElement;
  if (item === null) throw new Error(`no item for ${label}`);
  return within(item).getByRole('definition').textContent ?? '';
}

describe('stats strip', () => {
  it('shows a loading skeleton, then the figures from /api/stats in es-CO format', async () => {
    const fetchMock = mockApi({ '/api/stats': { body: sampleStats } });
    renderStrip();

    expect(screen.getByRole('status', { name: 'Cargando cifras...' })).toBeInTheDocument();
    expect(await screen.findByText('Capacidad total analizada')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    expect(valueOf('Capacidad total analizada')).toBe('3.800,5\u00a0MW');
    expect(valueOf('Años de proyección')).toBe('6');
    expect(valueOf('Barras evaluadas')).toBe('25');
    expect(valueOf('Contingencias analizadas')).toBe('1.532');
    expect(valueOf('Escenarios analizados')).toBe('214');
    expect(screen.getByTestId('stat-busbarsEvaluated')).toHaveTextContent('25');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows zeros as zeros when nothing has been analysed yet', async () => {
    mockApi({
      '/api/stats': {
        body: {
          totalCapacityMw: 0,
          projectionYears: 0,
          busbarsEvaluated: 0,
          contingenciesAnalysed: 0,
          scenariosAnalysed: 0,
        },
      },
    });
    renderStrip();

    expect(await screen.findByText('Barras evaluadas')).toBeInTheDocument();
    expect(valueOf('Capacidad total analizada')).toBe('0\u00a0MW');
  });

  it('shows a Spanish error line when the request fails', async () => {
    mockApi({
      '/api/stats': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Error interno del servidor' } },
      },
    });
    renderStrip();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar las cifras. Intenta de nuevo más tarde.',
    );
    expect(screen.queryByText('Capacidad total analizada')).not.toBeInTheDocument();
  });

  it('shows the error line when the answer does not match the contract', async () => {
    mockApi({ '/api/stats': { body: { totalCapacityMw: 'mucho' } } });
    renderStrip();

    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
