import { describe, expect, it } from 'vitest';
import { gaugeWidthPercent, loadBand, loadBandLabel } from './load-bands';

describe('load bands (docs/product.md §4, §9)', () => {
  it.each([
    [131, 'SOBRECARGA EXTREMA'],
    [130, 'Sobrecarga'],
    [100.1, 'Sobrecarga'],
    [100, 'Crítico'],
    [90.5, 'Crítico'],
    [90, 'Alerta'],
    [75.01, 'Alerta'],
    [75, 'Moderado'],
    [50.5, 'Moderado'],
    [50, 'Normal'],
    [0, 'Normal'],
  ])('%s %% is %s', (percent, label) => {
    expect(loadBandLabel[loadBand(percent)]).toBe(label);
  });

  it('uses the absolute flow: a reverse flow loads the element too', () => {
    expect(loadBand(-120)).toBe('overload');
  });

  it('fills the gauge at 130 %', () => {
    expect(gaugeWidthPercent(65)).toBe(50);
    expect(gaugeWidthPercent(130)).toBe(100);
    expect(gaugeWidthPercent(200)).toBe(100);
  });
});
