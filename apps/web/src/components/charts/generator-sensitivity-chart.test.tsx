import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisTicks } from './generator-bars';
import { GeneratorAxis } from './generator-sensitivity-chart';

describe('generator axis', () => {
  it('ticks at 0, 25, 50, 75 and 100 % of the maximum (docs/product.md §9)', () => {
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks(120)).toEqual([0, 30, 60, 90, 120]);
  });

  it('writes the ticks in whole MW', () => {
    render(<GeneratorAxis maximum={130} />);
    const ticks = [...screen.getByTestId('axis').children].map((tick) => tick.textContent);
    expect(ticks).toEqual(['0', '33', '65', '98', '130']);
  });
});
