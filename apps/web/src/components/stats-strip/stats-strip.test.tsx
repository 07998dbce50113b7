import { statsResponseSchema } from '@holgura/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { es } from '../../strings/es';
import { jsonResponse, mockApi, sampleStats } from '../../render.test-support';
import { STATS_COMPUTING_REFETCH_MS, StatsStrip } from './stats-strip';

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
  const term = screen.getByText(label).closest('dt');
  const item = term?.parentElement ?? null;
  if (item === null) throw new Error(`no item for ${label}`);
  return within(item).getByRole('definition').textContent ?? '';
}

const zeros = {
  totalCapacityMw: 0,
  projectionYears: 0,
  busbarsEvaluated: 0,
  contingenciesAnalysed: 0,
  scenariosAnalysed: 0,
};

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

  it('shows zeros as zeros when the server has no demo data', async () => {
    mockApi({ '/api/stats': { body: { ...zeros, demoData: 'none' } } });
    renderStrip();

    expect(await screen.findByText('Barras evaluadas')).toBeInTheDocument();
    expect(valueOf('Capacidad total analizada')).toBe('0\u00a0MW');
  });

  it('says the demo data is being computed instead of showing zeros, and asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    mockApi({
      '/api/stats': () =>
        jsonResponse(++calls === 1 ? { ...zeros, demoData: 'computing' } : sampleStats),
    });
    renderStrip();

    expect(
      await screen.findByText('Calculando las cifras del estudio de demostración...'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stat-computing')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Barras evaluadas')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(STATS_COMPUTING_REFETCH_MS);
    expect(await screen.findByText('Barras evaluadas')).toBeInTheDocument();
    expect(screen.queryByTestId('stat-computing')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('names each figure in the singular for 1 and in the plural otherwise', async () => {
    mockApi({
      '/api/stats': {
        body: {
          totalCapacityMw: 1,
          projectionYears: 1,
          busbarsEvaluated: 1,
          contingenciesAnalysed: 1,
          scenariosAnalysed: 1,
          demoData: 'ready',
        },
      },
    });
    renderStrip();

    expect(await screen.findByText('Barra evaluada')).toBeInTheDocument();
    expect(valueOf('Año de proyección')).toBe('1');
    expect(valueOf('Contingencia analizada')).toBe('1');
    expect(valueOf('Escenario analizado')).toBe('1');
    expect(valueOf('Capacidad total analizada')).toBe('1\u00a0MW');
    expect(screen.queryByText('Barras evaluadas')).not.toBeInTheDocument();
  });

  it('says what each figure counts in a tooltip its info button describes', async () => {
    mockApi({ '/api/stats': { body: sampleStats } });
    const user = userEvent.setup();
    renderStrip();

    const info = await screen.findByRole('button', { name: 'Qué cuenta «Barras evaluadas»' });
    expect(info).toHaveAccessibleDescription(/Barras distintas \(familias de casos\)/);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(info).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(/capacidad de conexión se calculó/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Qué cuenta «Contingencias analizadas»' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent(/Contingencias N-1 evaluadas/);
    expect(screen.getAllByRole('button', { name: /^Qué cuenta/ })).toHaveLength(5);
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
