import type { NetworkViewV1 } from '@holgura/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NetworkFocus } from '../../lib/network-slot';
import {
  filterNetwork,
  isFiltering,
  NO_FILTER,
  widenFilter,
  type NetworkFilter,
} from './filter-model';
import { HiddenFocus, NetworkFilters } from './network-filters';

const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'areas',
  areas: { number: [2], name: ['Sur'] },
  buses: {
    number: [1, 2, 3, 4, 5],
    name: ['A500', 'B500', 'A230', 'A13', 'B115'],
    baseKv: [500, 500, 230, 13.8, 115],
    x: [0, 10, 1, 2, 9],
    y: [0, 0, 1, 2, 1],
    type: [3, 2, 1, 1, 1],
    area: [1, 2, 1, 1, 2],
    loadMw: [0, 0, 10, 0, 30],
  },
  branches: {
    from: [1, 1, 3, 2],
    to: [2, 3, 4, 5],
    name: ['A500-B500', 'A500-A230', 'A230-A13', 'B500-B115'],
    ratingMw: [100, 100, 100, 100],
    flowMw: [0, 0, 0, 0],
    inService: [true, true, true, true],
  },
  generators: { bus: [4], pMw: [40], pMaxMw: [60], inService: [true] },
};

const focus: NetworkFocus = {
  monitored: { branch: 3, name: 'A230-A13', flowMw: 10, limitMw: 100 },
  contingency: { branch: 1, name: 'A500-B500', outOfService: false },
  generators: [
    { busNumber: 4, name: 'G A13', sensitivity: 0.5 },
    { busNumber: 3, name: 'G A230', sensitivity: 0.2 },
  ],
};

/** The controls and the notice as the view wires them: one filter state between them. */
function Harness({ onFilter }: { onFilter?: (filter: NetworkFilter) => void }) {
  const [filter, setFilter] = useState<NetworkFilter>(NO_FILTER);
  const change = (next: NetworkFilter) => {
    onFilter?.(next);
    setFilter(next);
  };
  const filtered = isFiltering(filter) ? filterNetwork(view, filter, [3, 4, 4]) : null;
  return (
    <>
      <NetworkFilters view={view} filter={filter} filtered={filtered} onChange={change} />
      <HiddenFocus
        view={view}
        filter={filter}
        focus={focus}
        searchedBus={null}
        selectedBus={null}
        busLabels={null}
        onWiden={(buses) => change(widenFilter(view, filter, buses))}
      />
    </>
  );
}

describe('NetworkFilters', () => {
  it('offers the case voltages, filters by one and says what is drawn, in Spanish', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    render(<Harness onFilter={seen} />);
    const group = screen.getByRole('group', { name: 'Qué se dibuja' });
    const kv = within(group).getByLabelText('Tensión mínima');
    expect(
      within(kv)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todas las tensiones (5 barras)',
      '≥ 500 kV (2 barras)',
      '≥ 230 kV (3 barras)',
      '≥ 115 kV (4 barras)',
    ]);
    const collapse = within(group).getByRole('checkbox', { name: 'Agrupar tensiones bajas' });
    expect(collapse).toBeDisabled();
    expect(
      within(group).getByText('Elige una tensión mínima para agrupar las tensiones bajas.'),
    ).toBeInTheDocument();

    await user.selectOptions(kv, '≥ 500 kV (2 barras)');
    expect(seen).toHaveBeenLastCalledWith({ minKv: 500, areas: null, collapse: false });
    // The highlighted buses 3 and 4 stay drawn: 4 of 5 buses, the branches between them.
    expect(screen.getByTestId('network-drawn')).toHaveTextContent(
      'Se dibujan 4 de 5 barras y 3 de 4 ramas.',
    );

    await user.click(collapse);
    expect(seen).toHaveBeenLastCalledWith({ minKv: 500, areas: null, collapse: true });
    expect(screen.getByTestId('network-drawn')).toHaveTextContent(
      'Se dibujan 4 de 5 barras y 3 de 4 ramas. 1 barra de tensión menor agrupada en las que se dibujan; 0 conexiones a través de ellas.',
    );

    await user.click(within(group).getByRole('button', { name: 'Mostrar toda la red' }));
    expect(seen).toHaveBeenLastCalledWith(NO_FILTER);
    expect(screen.getByTestId('network-drawn')).toHaveTextContent('');
  });

  it('filters by area from a keyboard-operable list named as the file names them', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    render(<Harness onFilter={seen} />);
    const summary = screen.getByText('Áreas: todas (2)');
    summary.focus();
    await user.keyboard('{Enter}');
    const sur = screen.getByRole('checkbox', { name: 'Área 2 · Sur (2 barras)' });
    const first = screen.getByRole('checkbox', { name: 'Área 1 (3 barras)' });
    expect(sur).toBeChecked();
    await user.click(first);
    expect(seen).toHaveBeenLastCalledWith({ minKv: null, areas: [2], collapse: false });
    expect(screen.getByText('Áreas: 1 de 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar todas' }));
    expect(seen).toHaveBeenLastCalledWith({ minKv: null, areas: null, collapse: false });
  });

  it('shows nothing to choose for a case of one voltage and one area', () => {
    const flat = {
      ...view,
      buses: { ...view.buses, baseKv: [230, 230, 230, 230, 230], area: [1, 1, 1, 1, 1] },
    };
    const { container } = render(
      <NetworkFilters view={flat} filter={NO_FILTER} filtered={null} onChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('HiddenFocus', () => {
  it('says which highlighted element the filter would hide and widens it to show it', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    render(<Harness onFilter={seen} />);
    expect(screen.queryByTestId('network-hidden-focus')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Tensión mínima'), '≥ 500 kV (2 barras)');
    const notice = screen.getByTestId('network-hidden-focus');
    expect(notice).toHaveAttribute('role', 'status');
    const items = within(notice).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'El elemento monitoreado «A230-A13» está fuera del filtro (230 kV, área 1): se sigue dibujando, sin las barras de su alrededor.',
      'Los generadores de mayor sensibilidad «G A13», «G A230» están fuera del filtro: se siguen dibujando, sin las barras de su alrededor.',
    ]);
    await user.click(within(items[0]!).getByRole('button', { name: 'Mostrar su entorno' }));
    expect(seen).toHaveBeenLastCalledWith({ minKv: 13.8, areas: null, collapse: false });
    expect(screen.queryByTestId('network-hidden-focus')).toBeNull();
  });
});
