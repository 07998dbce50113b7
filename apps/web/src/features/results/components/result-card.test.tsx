import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StudyBusbarResult } from '@holgura/contracts';
import { shortCircuitLines, studyCards, studyStats, toResultCard } from '../model';
import { busbarResult, studyCase } from '../study.test-support';
import { ConditionsCard } from './conditions-card';
import { ResultCardView } from './result-card';

/** A busbar checked beyond DC (issue #31): AC lower than DC by a voltage limit. */
const verified = (over: Partial<NonNullable<StudyBusbarResult['verification']>> = {}) =>
  busbarResult({
    capacityMw: 412.36,
    verification: {
      capacityMw: 301.5,
      limitingVariable: 'voltage',
      acMw: 301.5,
      acLimiting: {
        variable: 'voltage',
        elementName: 'MIDLAND 345',
        contingencyName: 'WACO-TEMPLE',
      },
      acContingencies: 12,
      weakGridMw: 640,
      sccMinMva: 1920,
      ...over,
    },
  });

const ok = {
  status: 'ok' as const,
  machines: { fromFile: 0, fromXd: 9, without: 0, placeholder: 0 },
  xdPu: 0.2,
  scrMin: 3,
};

describe('a result card checked beyond DC thermal (issue #31)', () => {
  it('shows «Capacidad» as the least figure, with DC, AC, weak grid and «Variable limitante»', async () => {
    const card = toResultCard(studyCase('alta', 2027, [], { shortCircuit: ok }), verified());
    const onSelect = vi.fn();
    render(<ResultCardView card={card} onSelect={onSelect} />);
    const article = screen.getByRole('article');
    expect(within(article).getByTestId('card-capacity')).toHaveTextContent('301,5');
    expect(within(article).getByTestId('card-variable')).toHaveTextContent('tensión');
    expect(within(article).getByTestId('card-capacity-dc')).toHaveTextContent('412,4 MW');
    expect(within(article).getByTestId('card-capacity-ac')).toHaveTextContent('301,5 MW');
    expect(within(article).getByTestId('card-weak-grid')).toHaveTextContent('640,0 MW');
    expect(article).toHaveTextContent('tensión en MIDLAND 345 tras WACO-TEMPLE');
    // The DC element keeps its own label beside the AC limit.
    expect(within(article).getByText('Elemento limitante (DC)')).toBeInTheDocument();
    // Keyboard: the card's one control is reached with Tab and pressed with Enter.
    const user = userEvent.setup();
    await user.tab();
    expect(within(article).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('says the weak grid sets it, or why a case has no weak-grid figure, never a number', () => {
    const weak = toResultCard(
      studyCase('alta', 2027, [], { shortCircuit: ok }),
      verified({ capacityMw: 120, limitingVariable: 'weak-grid', weakGridMw: 120 }),
    );
    const { unmount } = render(<ResultCardView card={weak} />);
    expect(screen.getByTestId('card-variable')).toHaveTextContent('cortocircuito (red débil)');
    expect(screen.getByTestId('card-capacity')).toHaveTextContent('120,0');
    unmount();

    const unavailable = toResultCard(
      studyCase('alta', 2027, [], { shortCircuit: { ...ok, status: 'unavailable', xdPu: null } }),
      verified({ weakGridMw: null, sccMinMva: null }),
    );
    render(<ResultCardView card={unavailable} />);
    expect(screen.getByTestId('card-weak-grid')).toHaveTextContent(
      'no disponible: el caso no trae datos de las máquinas y el estudio no da X″d',
    );
  });

  it('keeps a DC-only card as it was, and says «sin verificar» for a check not asked', () => {
    const plain = toResultCard(studyCase('alta', 2027, []), busbarResult());
    const { unmount } = render(<ResultCardView card={plain} />);
    expect(screen.queryByTestId('card-variable')).not.toBeInTheDocument();
    expect(screen.getByText('Elemento limitante')).toBeInTheDocument();
    unmount();

    const acOnly = toResultCard(
      studyCase('alta', 2027, []),
      verified({ weakGridMw: null, sccMinMva: null }),
    );
    render(<ResultCardView card={acOnly} />);
    expect(screen.getByTestId('card-weak-grid')).toHaveTextContent('sin verificar');
  });

  it('counts the verified figures in the chart, the stats and the conditions', () => {
    const cases = [
      studyCase('alta', 2027, [verified()], { shortCircuit: ok }),
      studyCase('baja', 2027, [verified({ capacityMw: 280 })], {
        shortCircuit: { ...ok, status: 'placeholder', xdPu: null },
      }),
    ];
    expect(studyCards(cases).map((card) => card.capacidad)).toEqual([301.5, 280]);
    expect(studyStats({ cases }).totalCapacityMw).toBe(301.5);
    expect(shortCircuitLines(cases).map((line) => [line.cases, line.ok])).toEqual([
      [['alta_2027'], true],
      [['baja_2027'], false],
    ]);
    render(
      <ConditionsCard
        networkLabel="Red sintética"
        contingencies={null}
        verification="DC térmico más verificación AC"
        cases={cases}
      />,
    );
    expect(screen.getByTestId('conditions-verification')).toHaveTextContent(
      'DC térmico más verificación AC',
    );
    const shortCircuit = screen.getByTestId('conditions-short-circuit');
    expect(shortCircuit).toHaveTextContent('Casos alta_2027: 9 unidades con X″d = 0,2 p.u.');
    expect(shortCircuit).toHaveTextContent(
      'Casos baja_2027: Todas las unidades traen el valor de relleno',
    );
  });
});
