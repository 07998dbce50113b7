import type { ShortCircuitBus, ShortCircuitResponse } from '@holgura/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { callsTo, deferred, jsonResponse, mockApi } from '../../../render.test-support';
import { ShortCircuitCard } from './short-circuit-card';

const PATH = '/api/cases/c7/short-circuit';

const bus = (over: Partial<ShortCircuitBus> & Pick<ShortCircuitBus, 'bus'>): ShortCircuitBus => ({
  name: `BARRA ${over.bus}`,
  baseKv: 115,
  sccMaxMva: 1000,
  sccMinMva: 900,
  weakGridMw: 300,
  minOutage: null,
  faultCurrentKa: 5,
  ...over,
});

/** 30 buses: the weakest (1004) is neither first nor last in the answer. */
const buses: ShortCircuitBus[] = [
  bus({ bus: 1001, name: 'ODESSA 2', sccMaxMva: 5234.56, sccMinMva: 4100.04 }),
  bus({
    bus: 1004,
    name: 'MONAHANS',
    baseKv: 13.8,
    sccMaxMva: 1523.46,
    sccMinMva: 87.25,
    weakGridMw: 29.08,
    minOutage: { branch: 12, name: 'ODESSA 2 (1001, 115 kV) – MONAHANS (1004, 13,8 kV) ckt 1' },
    faultCurrentKa: 63.731,
  }),
  bus({
    bus: 1002,
    name: 'AISLADA',
    sccMaxMva: 0,
    sccMinMva: 0.5,
    weakGridMw: 0.5 / 3,
    faultCurrentKa: null,
  }),
  ...Array.from({ length: 27 }, (_, index) =>
    bus({ bus: 2000 + index, sccMinMva: 1000 + index * 10 }),
  ),
];

const answer = (over: Partial<ShortCircuitResponse> = {}): ShortCircuitResponse => ({
  caseId: 'c7',
  xdPu: null,
  voltageFactor: { max: 1.1, min: 1.0 },
  scrMin: 3,
  machines: { fromFile: 12, fromXd: 0, without: 2, placeholder: 3 },
  buses,
  seconds: 1.25,
  ...over,
});

const unavailable = jsonResponse(
  {
    error: {
      code: 'SHORT_CIRCUIT_UNAVAILABLE',
      message: 'Un caso MATPOWER no trae la impedancia de las máquinas: indica su X″d.',
    },
  },
  422,
);

function renderCard() {
  const client = createQueryClient({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <ShortCircuitCard caseId="c7" />
    </QueryClientProvider>,
  );
  const card = () => screen.getByRole('region', { name: 'Potencia de cortocircuito' });
  return { user, card };
}

const cells = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('ShortCircuitCard (issue #31)', () => {
  it('computes only when asked, then lists the weakest bus first with its figures', async () => {
    const get = deferred<Response>();
    const fetchMock = mockApi({ [PATH]: () => get.promise });
    const { user, card } = renderCard();
    expect(card()).toHaveTextContent(
      'Cortocircuito trifásico al estilo IEC 60909 en cada barra: el máximo con c = 1,1 y el mínimo tras la salida de cada rama con c = 1,0, con la impedancia de las máquinas del archivo RAW.',
    );
    // Nothing on load: it is seconds of CPU.
    expect(callsTo(fetchMock, PATH)).toHaveLength(0);

    await user.click(
      within(card()).getByRole('button', { name: 'Calcular potencia de cortocircuito' }),
    );
    expect(await within(card()).findByRole('status')).toHaveTextContent(
      'Calculando… en casos grandes tarda unos segundos',
    );
    expect(within(card()).getByTestId('short-circuit')).toHaveAttribute('aria-busy', 'true');
    expect(
      within(card()).getByRole('button', { name: 'Calcular potencia de cortocircuito' }),
    ).toBeDisabled();
    expect(callsTo(fetchMock, PATH)).toHaveLength(1);
    expect(String(callsTo(fetchMock, PATH)[0]![0])).toBe(PATH);

    get.resolve(jsonResponse(answer()));
    const table = await within(card()).findByRole('table', {
      name: 'Potencia de cortocircuito por barra',
    });
    expect(within(card()).getByTestId('short-circuit')).toHaveAttribute('aria-busy', 'false');
    expect(within(card()).getByTestId('short-circuit-machines')).toHaveTextContent(
      '12 unidades con la impedancia del archivo; 3 con el valor de relleno ZX = 1,0 · 2 sin datos (fuera del cálculo)',
    );
    expect(within(card()).getByTestId('short-circuit-note')).toHaveTextContent(
      'Máximo con c = 1,1; mínimo con c = 1,0 tras la salida de cada rama que no aísla nada (la que lo da, a la derecha); 0 donde ninguna unidad llega.',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Barra',
      'kV',
      'Scc máx (MVA)',
      'Scc mín N-1 (MVA)',
      'Salida que la da',
      'MW por red débil (SCR ≥ 3)',
      'Icc máx (kA)',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(26); // header + 25 of 30
    expect(cells(rows[1]!)).toEqual(['1002 AISLADA', '115', '0,0', '0,5', 'Caso base', '0,2', '—']);
    expect(cells(rows[2]!)).toEqual([
      '1004 MONAHANS',
      '13,8',
      '1.523,5',
      '87,3',
      'ODESSA 2 (1001, 115 kV) – MONAHANS (1004, 13,8 kV) ckt 1',
      '29,1',
      '63,73',
    ]);
    expect(within(card()).getByText('Página 1 de 2')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    // The strongest is on the second page.
    await user.click(within(card()).getByRole('button', { name: 'Siguiente' }));
    expect(within(card()).getByText('Página 2 de 2')).toBeInTheDocument();
    const last = within(table).getAllByRole('row');
    expect(last).toHaveLength(6);
    expect(cells(last[5]!)[0]).toBe('1001 ODESSA 2');
    expect(cells(last[5]!)[3]).toBe('4.100,0');
    expect(within(card()).getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    // Search by name (without accents or case) or number, back to page 1.
    await user.type(within(card()).getByRole('searchbox', { name: 'Buscar barra' }), 'odessa');
    expect(within(card()).getByText('Página 1 de 1')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cells(row)[0]),
    ).toEqual(['1001 ODESSA 2']);
    await user.clear(within(card()).getByRole('searchbox', { name: 'Buscar barra' }));
    await user.type(within(card()).getByRole('searchbox', { name: 'Buscar barra' }), '99999');
    expect(within(card()).getByText('Ninguna barra coincide con «99999».')).toBeInTheDocument();
    expect(callsTo(fetchMock, PATH)).toHaveLength(1);
  });

  it('asks for X″d when the case has no machine impedances, and computes with it', async () => {
    const asked: (string | null)[] = [];
    const fetchMock = mockApi({
      [PATH]: (request) => {
        const xd = request.query.get('xd');
        asked.push(xd);
        return xd === null
          ? unavailable.clone()
          : jsonResponse(
              answer({
                xdPu: Number(xd),
                machines: { fromFile: 0, fromXd: 5, without: 0, placeholder: 0 },
              }),
            );
      },
    });
    const { user, card } = renderCard();
    await user.click(
      within(card()).getByRole('button', { name: 'Calcular potencia de cortocircuito' }),
    );

    expect(
      await within(card()).findByText(
        'Un caso MATPOWER no trae la impedancia de las máquinas: indica su X″d.',
      ),
    ).toBeInTheDocument();
    const input = within(card()).getByLabelText('Reactancia subtransitoria X″d (p.u. sobre MBASE)');
    expect(input).toHaveValue('0,2');
    expect(input).toHaveAccessibleDescription(/Se usa en las unidades sin datos de impedancia/);
    expect(within(card()).queryByRole('table')).toBeNull();

    // 0 is refused here, nothing is sent.
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(card()).getByRole('button', { name: 'Calcular con esta X″d' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('La reactancia debe ser mayor que 0 y menor que 10.'),
    );
    expect(asked).toEqual([null]);

    // Not a number either.
    await user.clear(input);
    await user.type(input, 'abc{Enter}');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Escribe un número, por ejemplo 0,2.'),
    );
    expect(asked).toEqual([null]);

    // A decimal comma is accepted and sent with a dot.
    await user.clear(input);
    await user.type(input, '0,25');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(within(card()).getByRole('button', { name: 'Calcular con esta X″d' }));
    const table = await within(card()).findByRole('table', {
      name: 'Potencia de cortocircuito por barra',
    });
    expect(asked).toEqual([null, '0.25']);
    expect(callsTo(fetchMock, PATH)).toHaveLength(2);
    expect(within(card()).getByTestId('short-circuit-machines')).toHaveTextContent(
      /^5 unidades con X″d = 0,25$/,
    );
    expect(cells(within(table).getAllByRole('row')[1]!)[0]).toBe('1002 AISLADA');
  });

  it('shows any other failure with its message and a retry', async () => {
    let calls = 0;
    mockApi({
      [PATH]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Falló el servidor.' } }, 500)
          : jsonResponse(answer());
      },
    });
    const { user, card } = renderCard();
    await user.click(
      within(card()).getByRole('button', { name: 'Calcular potencia de cortocircuito' }),
    );
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Falló el servidor.');
    expect(within(card()).queryByLabelText(/Reactancia subtransitoria/)).toBeNull();
    await user.click(within(card()).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(
      await within(card()).findByRole('table', { name: 'Potencia de cortocircuito por barra' }),
    ).toBeInTheDocument();
  });
});
