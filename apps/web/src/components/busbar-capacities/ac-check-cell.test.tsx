import type { BusbarCapacityRow } from '@holgura/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { callsTo, mockApi } from '../../render.test-support';
import { AcCheckCell } from './ac-check-cell';

const limiting = {
  monitoredBranch: 12,
  monitoredName: 'NORTE-SUR',
  contingencyBranch: 7,
  contingencyName: 'ESTE-OESTE',
  distributionFactor: 0.42,
};
const row = (patch: Partial<BusbarCapacityRow['attributable']>): BusbarCapacityRow => ({
  position: 4,
  bus: 5,
  name: 'NORTE 230',
  baseKv: 230,
  area: 1,
  zone: 1,
  inTransferIsland: true,
  attributable: { capacityMw: 187.4, limiting, ...patch },
  strict: { capacityMw: 187.4, limiting },
  preExistingLimit: false,
  worsened: null,
});

function renderCell(value: BusbarCapacityRow) {
  const client = createQueryClient({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <AcCheckCell caseId="c1" row={value} figure="attributable" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AcCheckCell (issue #25)', () => {
  it('asks for a bus’s AC check and shows AC against DC, flagged when they part', async () => {
    const api = mockApi({
      '/api/cases/c1/busbar-capacities/5/ac-check': {
        body: {
          caseId: 'c1',
          bus: 5,
          figure: 'attributable',
          capacityMw: 187.4,
          limiting,
          acCheck: {
            converged: true,
            acFlowMva: 212,
            acLoadingPercent: 106.2,
            dcLoadingPercent: 100,
            flagged: true,
          },
        },
      },
      '/api/cases/c1/busbar-capacities': { body: {} },
    });
    renderCell(row({}));
    await userEvent.click(
      screen.getByRole('button', { name: 'Verificar en AC la capacidad de NORTE 230' }),
    );
    expect(await screen.findByText('AC 106,2 % · DC 100,0 % · difiere más de 5 %')).toBeTruthy();
    const [call] = callsTo(api, '/api/cases/c1/busbar-capacities/5/ac-check');
    expect(String(call![0])).toContain('figure=attributable');
  });

  it('shows a check the row already carries, and nothing to check where no element limits', () => {
    const { unmount } = renderCell(
      row({
        acCheck: {
          converged: false,
          acFlowMva: null,
          acLoadingPercent: null,
          dcLoadingPercent: 100,
          flagged: true,
        },
      }),
    );
    expect(screen.getByText('El flujo de carga AC no convergió en ese despacho')).toBeTruthy();
    unmount();
    renderCell(row({ limiting: null, capacityMw: 2000 }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('–')).toBeTruthy();
  });

  it('says why a check could not be made, in the API’s Spanish', async () => {
    mockApi({
      '/api/cases/c1/busbar-capacities/5/ac-check': {
        status: 409,
        body: {
          error: {
            code: 'BUSBAR_AC_CHECK_STALE',
            message: 'La capacidad guardada se calculó con una versión anterior de Holgura',
          },
        },
      },
    });
    renderCell(row({}));
    await userEvent.click(screen.getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La capacidad guardada se calculó con una versión anterior de Holgura',
    );
  });
});
