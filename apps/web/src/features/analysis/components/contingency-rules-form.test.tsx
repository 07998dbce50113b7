import type { ContingencySetResponse } from '@holgura/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockApi, type MockRequest } from '../../../render.test-support';
import { ContingencySetCard } from './contingency-set-card';
import { parseIntegerList, rulesOf } from './contingency-rules-form';

const PATH = '/api/cases/c7/contingency-set';
const blank = {
  singleBranches: true,
  parallelCircuits: false,
  units: false,
  minKv: '',
  areas: '',
  zones: '',
};

afterEach(() => vi.unstubAllGlobals());

describe('contingencies by rule (issue #30)', () => {
  it('reads the form: kinds, a kV with a decimal comma, lists of areas and zones', () => {
    expect(parseIntegerList('1, 2 3;4')).toEqual([1, 2, 3, 4]);
    expect(parseIntegerList('1, dos')).toBeNull();
    expect(rulesOf(blank)).toEqual({
      rules: { singleBranches: true, parallelCircuits: false, units: false },
    });
    expect(rulesOf({ ...blank, parallelCircuits: true, minKv: '115,5', areas: '1, 3' })).toEqual({
      rules: {
        singleBranches: true,
        parallelCircuits: true,
        units: false,
        minKv: 115.5,
        areas: [1, 3],
      },
    });
    expect(rulesOf({ ...blank, singleBranches: false })).toMatchObject({ field: 'kinds' });
    expect(rulesOf({ ...blank, minKv: '-5' })).toMatchObject({ field: 'minKv' });
    expect(rulesOf({ ...blank, zones: '1, x' })).toMatchObject({ field: 'zones' });
  });

  it('sends the rules ticked, then shows the set they give under their name', async () => {
    let sent: MockRequest | null = null;
    const chosen: ContingencySetResponse = {
      caseId: 'c7',
      set: {
        fileName: 'Reglas: cada rama y los circuitos paralelos juntos de 230 kV o más',
        format: 'rules',
        rules: { singleBranches: true, parallelCircuits: true, units: false, minKv: 230 },
        uploadedAt: new Date(2026, 10, 20, 10, 5).toISOString(),
        counts: { total: 812, branch: 760, multiBranch: 52, generator: 0, mixed: 0 },
        n1: null,
        subsystemsFile: null,
        monitoredFile: null,
      },
      capacityJobId: 'k9',
    };
    mockApi({
      [PATH]: (request) => {
        if (request.method === 'GET')
          return jsonResponse({ caseId: 'c7', set: null, capacityJobId: null });
        sent = request;
        return jsonResponse(chosen);
      },
    });
    const client = createQueryClient({ queries: { retry: false } });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={client}>
        <ContingencySetCard caseId="c7" />
      </QueryClientProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Contingencias por reglas' });
    // Nothing ticked: said beside the choices, nothing sent.
    await user.click(within(form).getByLabelText('Cada rama, una a la vez (N-1)'));
    await user.click(within(form).getByRole('button', { name: 'Aplicar reglas' }));
    expect(
      within(form).getByText(
        'Elige al menos una: cada rama, los circuitos paralelos o cada unidad.',
      ),
    ).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.click(within(form).getByLabelText('Cada rama, una a la vez (N-1)'));
    await user.click(
      within(form).getByLabelText('Los circuitos paralelos entre dos barras, juntos (N-2)'),
    );
    await user.type(within(form).getByLabelText('Tensión mínima (kV)'), '230');
    await user.click(within(form).getByRole('button', { name: 'Aplicar reglas' }));
    const current = await screen.findByTestId('contingency-set-file');
    expect(current).toHaveTextContent(
      'Reglas: cada rama y los circuitos paralelos juntos de 230 kV o más',
    );
    expect(sent!.method).toBe('PUT');
    expect(sent!.body).toEqual({
      rules: { singleBranches: true, parallelCircuits: true, units: false, minKv: 230 },
    });
    expect(screen.getByTestId('contingency-set-current')).toHaveTextContent(
      'Reglas · Elegidas el 20/11/2026 10:05',
    );
    expect(screen.getByTestId('contingency-set-counts')).toHaveTextContent(
      '812 contingencias: 760 de una rama, 52 de varias ramas, 0 de unidades, 0 mixtas',
    );
  });
});
