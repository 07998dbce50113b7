import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toResultCard } from '../model';
import { busbarResult, studyCase } from '../study.test-support';
import { CapacityChart } from './capacity-chart';

const card = (caseName: string, capacityMw: number) => {
  const [scenario = '', year = ''] = caseName.split('_');
  return toResultCard(
    studyCase(scenario, Number(year), []),
    busbarResult({ bus: 5, name: 'B5', caseId: caseName, capacityMw }),
  );
};

const cards = [
  card('alta_2026', 1234.56),
  card('alta_2027', 1100),
  card('baja_2026', 1500),
  card('baja_2027', 1450.25),
  card('media_2027', 1300),
];

describe('CapacityChart', () => {
  it('draws one line per scenario across the years, with axes and units', () => {
    render(<CapacityChart busName="B5" cards={cards} />);
    const lines = screen.getAllByTestId('capacity-line');
    expect(lines.map((line) => line.getAttribute('data-scenario'))).toEqual([
      'alta',
      'baja',
      'media',
    ]);
    // 'media' has no 2026 case: one point, not a made-up one.
    expect(within(lines[2]!).getAllByTestId('capacity-point')).toHaveLength(1);
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      /barra B5 en MW por año.*\(alta, baja, media\), años 2026–2027/,
    );
    expect(within(chart).getByText('Año')).toBeInTheDocument();
    expect(within(chart).getByText('MW')).toBeInTheDocument();
  });

  it('shows a point’s value in es-CO on hover, and the same numbers in the data table', () => {
    render(<CapacityChart busName="B5" cards={cards} />);
    const point = within(screen.getAllByTestId('capacity-line')[0]!).getAllByTestId(
      'capacity-point',
    )[0]!;
    fireEvent.pointerEnter(point);
    expect(screen.getByTestId('capacity-tooltip')).toHaveTextContent(
      'Escenario alta, 2026: 1.234,6 MW',
    );
    fireEvent.pointerLeave(point);
    expect(screen.queryByTestId('capacity-tooltip')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Capacidad de conexión (MW) de la barra B5' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Añoaltabajamedia', '20261.234,61.500,0—', '20271.100,01.450,31.300,0']);
  });
});
