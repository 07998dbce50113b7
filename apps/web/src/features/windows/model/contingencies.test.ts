import { describe, expect, it } from 'vitest';
import { activsgCounts, windowDetail, windowResult, windowSummary } from '../windows.test-support';
import { contingencyLines } from './contingencies';

const caseSetOptions = { ...windowSummary().options, contingencies: 'case-set' as const };
const set = (notScreened: number[], interfacesNotWatched = 0) => ({
  fileName: 'contab_ACTIVSg2000.m',
  format: 'contab' as const,
  counts: activsgCounts,
  notScreened,
  interfacesNotWatched,
});
const study = { studyId: 's1', version: 2, cases: 4 };

describe('contingencyLines: which contingencies a window runs on', () => {
  it('before its result, says the option alone', () => {
    expect(contingencyLines(windowDetail({ result: null }))).toEqual({
      line: 'Contingencias: cada rama en servicio, una a la vez',
      interfaces: null,
    });
    expect(contingencyLines(windowDetail({ result: null, options: caseSetOptions })).line).toBe(
      'Contingencias: las del caso',
    );
    expect(
      contingencyLines(windowDetail({ result: null, options: caseSetOptions, study })).line,
    ).toBe('Contingencias: las del estudio');
  });

  it('once done, reads the result: no set is every branch, whatever the option says', () => {
    expect(
      contingencyLines(windowDetail({ options: caseSetOptions, result: windowResult() })).line,
    ).toBe('Contingencias: cada rama en servicio, una a la vez');
  });

  it('gives the set’s kinds it has, and leaves out what was not screened when nothing was', () => {
    const counts = { total: 5, branch: 1, multiBranch: 2, generator: 0, mixed: 2 };
    expect(
      contingencyLines(
        windowDetail({
          options: caseSetOptions,
          result: windowResult({ contingencySet: { ...set([0]), counts } }),
        }),
      ),
    ).toEqual({
      line: 'Contingencias: las del caso — contab_ACTIVSg2000.m, 5 (1 de una rama, 2 de varias ramas, 2 mixtas)',
      interfaces: null,
    });
  });

  it('over a study, gives the count not screened in each case, or the largest', () => {
    const over = (notScreened: number[]) =>
      contingencyLines(
        windowDetail({
          options: caseSetOptions,
          study,
          result: windowResult({ contingencySet: set(notScreened, 1) }),
        }),
      );
    expect(over([12, 12, 12, 12])).toEqual({
      line: 'Contingencias: las del estudio — contab_ACTIVSg2000.m, 3.734 (3.190 de una rama, 544 de unidades); 12 sin evaluar en cada caso escenario × año (separan la red o nadie repone la generación que sacan)',
      interfaces: 'La interfaz del archivo .mon no se vigila en las ventanas.',
    });
    expect(over([3, 1250, 0, 7]).line).toContain(
      '; hasta 1.250 sin evaluar por caso escenario × año',
    );
  });
});
