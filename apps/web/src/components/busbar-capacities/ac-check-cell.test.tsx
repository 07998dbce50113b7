import type { AcCapacityResult, BusbarCapacityRow } from '@holgura/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { callsTo, deferred, jsonResponse, mockApi } from '../../render.test-support';
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

function renderCell(value: BusbarCapacityRow, figure: 'attributable' | 'strict' = 'attributable') {
  const client = createQueryClient({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <AcCheckCell caseId="c1" row={value} figure={figure} />
    </QueryClientProvider>,
  );
}

/** A figure verified in AC (issue #31); AC passes at the DC figure unless patched. */
const verified = (patch: Partial<AcCapacityResult> = {}): AcCapacityResult => ({
  dcMw: 187.4,
  acMw: 187.4,
  limitingVariable: 'thermal',
  acLimiting: null,
  checkedContingencies: 10,
  preExisting: { count: 0, items: [] },
  powerFlows: 12,
  ...patch,
});
const voltage = {
  variable: 'voltage' as const,
  elementName: 'Concord V2',
  contingencyName: 'Olive – Sorenson ckt 1',
  value: 0.93999,
  limit: 0.94,
  unit: 'pu' as const,
};
const acAnswer = (body: object) => ({
  caseId: 'c1',
  bus: 5,
  figure: 'attributable',
  capacityMw: 187.4,
  limiting,
  acCheck: null,
  acCapacity: verified(),
  ...body,
});

afterEach(() => vi.unstubAllGlobals());

describe('AcCheckCell (issue #25)', () => {
  it('asks for a bus’s AC check and shows AC against DC, flagged when they part', async () => {
    const api = mockApi({
      '/api/cases/c1/busbar-capacities/5/ac-check': {
        body: acAnswer({
          acCheck: {
            converged: true,
            acFlowMva: 212,
            acLoadingPercent: 106.2,
            dcLoadingPercent: 100,
            flagged: true,
          },
          acCapacity: verified({
            acMw: 171.25,
            limitingVariable: 'thermal',
            acLimiting: {
              variable: 'thermal',
              elementName: 'NORTE-SUR',
              contingencyName: 'ESTE-OESTE',
              value: 212,
              limit: 200,
              unit: 'MVA',
            },
          }),
        }),
      },
      '/api/cases/c1/busbar-capacities': { body: {} },
    });
    renderCell(row({}));
    await userEvent.click(
      screen.getByRole('button', { name: 'Verificar en AC la capacidad de NORTE 230' }),
    );
    expect(await screen.findByText('AC 106,2 % · DC 100,0 % · difiere más de 5 %')).toBeTruthy();
    // Issue #31: the figure verified in AC, what sets it, its drop from DC; the focus on it.
    expect(screen.getByText('AC: 171,3 MW · térmica en NORTE-SUR tras ESTE-OESTE')).toBeTruthy();
    expect(screen.getByText('16,2 MW menos que la cifra DC (187,4 MW, −8,6 %)')).toBeTruthy();
    expect(screen.getByText('N-0 y 10 contingencias verificadas')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('ac-capacity'));
    const [call] = callsTo(api, '/api/cases/c1/busbar-capacities/5/ac-check');
    expect(String(call![0])).toContain('figure=attributable');
  });

  it('shows a check the row already carries: AC confirms the DC figure and its constraint', () => {
    const { unmount } = renderCell(
      row({
        acCheck: {
          converged: false,
          acFlowMva: null,
          acLoadingPercent: null,
          dcLoadingPercent: 100,
          flagged: true,
        },
        acCapacity: verified({ preExisting: { count: 3, items: [voltage] } }),
      }),
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('El flujo de carga AC no convergió en ese despacho')).toBeTruthy();
    // Where AC passes at the DC figure, the DC constraint stands: thermal, its element.
    expect(screen.getByText('AC: 187,4 MW · térmica en NORTE-SUR tras ESTE-OESTE')).toBeTruthy();
    expect(screen.getByText('AC confirma la cifra DC')).toBeTruthy();
    expect(
      screen.getByText(
        'N-0 y 10 contingencias verificadas · 3 violaciones previas, no atribuibles',
      ),
    ).toBeTruthy();
    unmount();
    // The strict figure: pre-existing violations can set it, so not «no atribuibles».
    renderCell(
      {
        ...row({}),
        strict: {
          capacityMw: 187.4,
          limiting,
          acCheck: null,
          acCapacity: verified({ preExisting: { count: 1, items: [voltage] } }),
        },
      },
      'strict',
    );
    expect(
      screen.getByText('N-0 y 10 contingencias verificadas · 1 violación previa'),
    ).toBeTruthy();
  });

  it('offers the check where the cap binds (issue #31): AC finds a voltage limit in N-0', async () => {
    const pending = deferred<Response>();
    mockApi({
      '/api/cases/c1/busbar-capacities/5/ac-check': () => pending.promise,
      '/api/cases/c1/busbar-capacities': { body: {} },
    });
    renderCell(row({ limiting: null, capacityMw: 2000 }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Verificar en AC la capacidad de NORTE 230' }),
    );
    // Seconds on a large case: the button says so and cannot be pressed twice.
    const button = screen.getByRole('button', {
      name: 'Verificar en AC la capacidad de NORTE 230',
    });
    expect(button.textContent).toBe('Verificando…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('puede tardar unos segundos');
    pending.resolve(
      jsonResponse(
        acAnswer({
          capacityMw: 2000,
          limiting: null,
          acCheck: null,
          acCapacity: verified({
            dcMw: 2000,
            acMw: 346.84,
            limitingVariable: 'voltage',
            acLimiting: { ...voltage, contingencyName: null },
            checkedContingencies: 11,
            preExisting: { count: 1, items: [voltage] },
          }),
        }),
      ),
    );
    expect(
      await screen.findByText('AC: 346,8 MW · tensión en Concord V2 en la red completa'),
    ).toBeTruthy();
    expect(screen.getByText('1.653,2 MW menos que la cifra DC (2.000,0 MW, −82,7 %)')).toBeTruthy();
    expect(
      screen.getByText('N-0 y 11 contingencias verificadas · 1 violación previa, no atribuible'),
    ).toBeTruthy();
    // No element at a DC limit: no loading words.
    expect(screen.queryByTestId('ac-check')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the four variables as UPME does, after the contingency that gives them', () => {
    const cases = [
      [{ ...voltage, variable: 'reactive-power' as const }, 'potencia reactiva en Concord V2'],
      [
        {
          variable: 'non-convergence' as const,
          elementName: null,
          contingencyName: 'Olive – Sorenson ckt 1',
          value: null,
          limit: null,
          unit: null,
        },
        'no convergencia tras Olive – Sorenson ckt 1',
      ],
    ] as const;
    for (const [acLimiting, words] of cases) {
      const { unmount } = renderCell(
        row({
          acCheck: null,
          acCapacity: verified({ acMw: 90, limitingVariable: acLimiting.variable, acLimiting }),
        }),
      );
      expect(screen.getByTestId('ac-figure').textContent).toContain(`AC: 90,0 MW · ${words}`);
      unmount();
    }
    // The cap sets it and AC passes there: the figure alone, confirmed.
    renderCell(
      row({
        limiting: null,
        capacityMw: 2000,
        acCheck: null,
        acCapacity: verified({ dcMw: 2000, acMw: 2000, limitingVariable: null }),
      }),
    );
    expect(screen.getByTestId('ac-figure').textContent).toBe('AC: 2.000,0 MW');
    expect(screen.getByText('AC confirma la cifra DC')).toBeTruthy();
  });

  it('shows nothing to verify outside the transfer island', () => {
    renderCell(row({ capacityMw: null, limiting: null }));
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
