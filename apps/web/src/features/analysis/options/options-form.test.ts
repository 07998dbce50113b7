import { DEFAULT_ANALYSIS_OPTIONS } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { analysisOptionsShort } from '../../../strings/es-analysis-options';
import { DEFAULT_FORM_VALUES, formValues, parseMw, parseOptionsForm } from './options-form';

describe('«Opciones del análisis» form (issue #25)', () => {
  it('shows the defaults in es-CO and sends them back unchanged', () => {
    expect(DEFAULT_FORM_VALUES).toEqual({
      postContingencyRating: 'emergency',
      distributionFactorCutoff: '0,01',
      sink: 'auto',
      slack: 'distributed',
      capMw: '2000',
      contingencies: 'every-branch',
    });
    expect(parseOptionsForm(DEFAULT_FORM_VALUES)).toEqual({
      ok: true,
      options: DEFAULT_ANALYSIS_OPTIONS,
    });
  });

  it('reads a decimal comma or point, and MW with es-CO grouping', () => {
    const parsed = parseOptionsForm({
      ...DEFAULT_FORM_VALUES,
      postContingencyRating: 'B',
      distributionFactorCutoff: ' 0.05 ',
      sink: 'loads',
      slack: 'single',
      capMw: '1.500,5',
      contingencies: 'case-set',
    });
    expect(parsed).toEqual({
      ok: true,
      options: {
        postContingencyRating: 'B',
        distributionFactorCutoff: 0.05,
        sink: 'loads',
        slack: 'single',
        capMw: 1500.5,
        contingencies: 'case-set',
      },
    });
    expect(parseMw('2.000')).toBe(2000);
    expect(parseMw('2 000')).toBe(2000);
    expect(parseMw('2000.5')).toBe(2000.5);
    expect(parseMw('dos mil')).toBeNull();
  });

  it('refuses a cutoff outside 0–0,5 and a cap that is not above 0, in Spanish', () => {
    for (const cutoff of ['0,7', '-0,1', 'x', '']) {
      expect(
        parseOptionsForm({ ...DEFAULT_FORM_VALUES, distributionFactorCutoff: cutoff }),
      ).toEqual({
        ok: false,
        errors: { distributionFactorCutoff: 'Escribe un número entre 0 y 0,5, por ejemplo 0,01.' },
      });
    }
    expect(parseOptionsForm({ ...DEFAULT_FORM_VALUES, capMw: '0' })).toEqual({
      ok: false,
      errors: { capMw: 'Escribe un tope mayor que 0 MW, por ejemplo 2000.' },
    });
    expect(parseOptionsForm({ ...DEFAULT_FORM_VALUES, capMw: '200000' })).toEqual({
      ok: false,
      errors: { capMw: 'El tope por barra admite hasta 100.000 MW.' },
    });
    // The bounds themselves are allowed.
    expect(parseOptionsForm({ ...DEFAULT_FORM_VALUES, distributionFactorCutoff: '0,5' }).ok).toBe(
      true,
    );
    expect(parseOptionsForm({ ...DEFAULT_FORM_VALUES, distributionFactorCutoff: '0' }).ok).toBe(
      true,
    );
  });

  it('starts from the options shown, and names the ones that are not the defaults', () => {
    const options = {
      ...DEFAULT_ANALYSIS_OPTIONS,
      postContingencyRating: 'A' as const,
      distributionFactorCutoff: 0.05,
      capMw: 500,
    };
    expect(formValues(options)).toMatchObject({ distributionFactorCutoff: '0,05', capMw: '500' });
    expect(analysisOptionsShort(options)).toBe('capacidad A · umbral 0,05 · tope 500 MW');
    expect(analysisOptionsShort(DEFAULT_ANALYSIS_OPTIONS)).toBe('');
    // Issue #30: a group run on the case's set says so in the groups' list.
    const onSet = { ...DEFAULT_ANALYSIS_OPTIONS, contingencies: 'case-set' as const };
    expect(formValues(onSet).contingencies).toBe('case-set');
    expect(analysisOptionsShort(onSet)).toBe('contingencias del caso');
  });
});
