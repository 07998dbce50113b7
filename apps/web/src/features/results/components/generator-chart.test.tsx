import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { capacityFixture, generatorFixture } from '../generators.test-support';
import { GeneratorChart } from './generator-chart';

const gen = generatorFixture;
/** Capacity 80 MW; G B2 reaches the limit at 73,3 MW, the others not in their range. */
const capacity = capacityFixture([
  gen(2, 0.3, 80, 40, 73.3),
  gen(13, -0.12, 40, 20),
  gen(22, 0.05, 120, 60),
]);

const names = () =>
  within(screen.getByRole('list', { name: /Generadores con sensibilidad/ }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-testid'));
const recalculated = () => screen.getByTestId('recalculated-capacity').textContent;

describe('GeneratorChart', () => {
  it('lists the generators by sensitivity, and sorts and filters them as asked', async () => {
    const user = userEvent.setup();
    render(<GeneratorChart capacity={capacity} caseName="alta_2027" />);
    expect(screen.getByText('Restricción limitante: B2-B4 (1) ante B4-B6 (1)')).toBeInTheDocument();
    expect(names()).toEqual(['generator-2', 'generator-22', 'generator-13']);
    expect(within(screen.getByTestId('generator-2')).getByTestId('sensitivity')).toHaveTextContent(
      '30,00 %',
    );
    expect(within(screen.getByTestId('generator-2')).getByTestId('at-limit')).toHaveTextContent(
      '73,3 MW',
    );
    expect(within(screen.getByTestId('generator-13')).getByTestId('at-limit')).toHaveTextContent(
      'no la alcanza en su rango',
    );
    // Axis ticks at 0/25/50/75/100 % of the largest Pmax (120 MW).
    expect(screen.getByTestId('axis')).toHaveTextContent('0306090120');

    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'capacity');
    expect(names()).toEqual(['generator-22', 'generator-2', 'generator-13']);
    await user.selectOptions(screen.getByLabelText('Orden'), 'asc');
    expect(names()).toEqual(['generator-13', 'generator-2', 'generator-22']);
    await user.selectOptions(screen.getByLabelText('Filtrar'), 'negative');
    expect(names()).toEqual(['generator-13']);
    await user.selectOptions(screen.getByLabelText('Filtrar'), 'positive');
    expect(names()).toEqual(['generator-2', 'generator-22']);
  });

  it('keyboard drag: the arrows move a dispatch by 1 % of Pmax and the capacity follows', async () => {
    const user = userEvent.setup();
    render(<GeneratorChart capacity={capacity} caseName="alta_2027" />);
    expect(recalculated()).toBe('80,0 MW');
    expect(screen.getByTestId('what-if-flow')).toHaveTextContent('100,0 MW');
    expect(screen.getByText('(límite ±100,0 MW)')).toBeInTheDocument();
    const reset = screen.getByRole('button', { name: 'Restablecer' });
    expect(reset).toBeDisabled();

    const marker = screen.getByRole('slider', { name: 'Despacho de G B2' });
    expect(marker).toHaveAttribute('aria-valuenow', '40');
    expect(marker).toHaveAttribute('aria-valuemax', '80');
    marker.focus();
    // Five steps down of 0.8 MW: −4 MW × 0.3 = −1.2 MW of flow, +2.4 MW of capacity.
    for (let i = 0; i < 5; i++) await user.keyboard('{ArrowLeft}');
    expect(Number(marker.getAttribute('aria-valuenow'))).toBeCloseTo(36, 9);
    expect(recalculated()).toBe('82,4 MW');
    expect(screen.getByTestId('what-if-flow')).toHaveTextContent('98,8 MW');
    expect(within(screen.getByTestId('generator-2')).getByTestId('adjusted')).toHaveTextContent(
      '36,0 MW',
    );
    // End: Pmax (80 MW), +40 MW × 0.3 = +12 MW of flow: (100 − 72)/0.5 = 56 MW.
    await user.keyboard('{End}');
    expect(marker).toHaveAttribute('aria-valuenow', '80');
    expect(recalculated()).toBe('56,0 MW');
    // A negative sensitivity adds room when it rises: G B13 to 40 MW, −2.4 MW of flow.
    const b13 = screen.getByRole('slider', { name: 'Despacho de G B13' });
    b13.focus();
    await user.keyboard('{End}');
    expect(recalculated()).toBe('60,8 MW');
    expect(screen.getByText('2 generadores ajustados')).toBeInTheDocument();

    // Page Down: 10 % of Pmax (4 MW) off G B13; Home: 0 MW.
    await user.keyboard('{PageDown}');
    expect(b13).toHaveAttribute('aria-valuenow', '36');
    await user.keyboard('{Home}');
    expect(b13).toHaveAttribute('aria-valuenow', '0');
    // B2 at 80 (+12 MW of flow), B13 at 0 (+2.4 MW): (100 − 74.4)/0.5 = 51.2 MW.
    expect(recalculated()).toBe('51,2 MW');
    await user.click(reset);
    expect(recalculated()).toBe('80,0 MW');
    expect(marker).toHaveAttribute('aria-valuenow', '40');
    expect(reset).toBeDisabled();
  });

  it('pointer drag sets the dispatch where the pointer is, within [0, Pmax]', () => {
    render(<GeneratorChart capacity={capacity} caseName="alta_2027" />);
    const marker = screen.getByRole('slider', { name: 'Despacho de G B2' });
    const track = marker.previousElementSibling as HTMLElement;
    track.getBoundingClientRect = () =>
      ({ left: 100, width: 240, top: 0, height: 20, right: 340, bottom: 20 }) as DOMRect;
    marker.setPointerCapture = () => undefined;
    // 120 MW across 240 px: x = 100 + 20 px is 10 MW, then 1 000 px is past Pmax (80 MW).
    fireEvent.pointerDown(marker, { clientX: 120, pointerId: 1 });
    expect(Number(marker.getAttribute('aria-valuenow'))).toBeCloseTo(10, 9);
    // −30 MW × 0.3 = −9 MW of flow: (100 − 51)/0.5 = 98 MW.
    expect(recalculated()).toBe('98,0 MW');
    fireEvent.pointerMove(marker, { clientX: 1000, pointerId: 1 });
    expect(marker).toHaveAttribute('aria-valuenow', '80');
    fireEvent.pointerUp(marker, { pointerId: 1 });
    fireEvent.pointerMove(marker, { clientX: 120, pointerId: 1 });
    expect(marker).toHaveAttribute('aria-valuenow', '80');
  });

  it('says why there is no chart: the cap binds, no generator above 0.01, an older result', () => {
    const { rerender } = render(
      <GeneratorChart capacity={{ ...capacity, limiting: null }} caseName="alta_2027" />,
    );
    expect(screen.getByText(/se alcanza el tope del estudio/)).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    rerender(
      <GeneratorChart
        capacity={{ ...capacity, limiting: { ...capacity.limiting!, generators: [] } }}
        caseName="alta_2027"
      />,
    );
    expect(
      screen.getByText(/Ningún generador tiene una sensibilidad mayor que 0,01/),
    ).toBeInTheDocument();
    const { generators: _omitted, ...old } = capacity.limiting!;
    rerender(<GeneratorChart capacity={{ ...capacity, limiting: old }} caseName="alta_2027" />);
    expect(screen.getByText(/no incluye las sensibilidades/)).toBeInTheDocument();
  });
});
