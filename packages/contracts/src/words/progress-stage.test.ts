import { describe, expect, it } from 'vitest';
import {
  formatProgressStage,
  parseProgressStage,
  progressStage,
  simpleProgressStageCodes,
  type ProgressStage,
} from './progress-stage';
import { progressStageText } from './progress-stage-words';

describe('progress stages as codes (issue #27)', () => {
  it('formats and parses every stage back to itself', () => {
    const stages: ProgressStage[] = [
      ...simpleProgressStageCodes.map((code) => ({ code })),
      { code: 'study-case-running', number: 4, total: 120, busbars: 1, caseName: 'alta_2026' },
      { code: 'study-case-done', done: 3, total: 120, caseName: 'alta_2026' },
      { code: 'demo-study-case', done: 2, total: 12 },
      { code: 'window-fair-level', done: 800, total: 1600, pass: 2 },
      { code: 'ac-capacities', done: 340, total: 2000 },
    ];
    for (const stage of stages) {
      expect(parseProgressStage(formatProgressStage(stage))).toEqual(stage);
    }
  });

  it('writes short codes, numbers joined by a slash and the name last', () => {
    expect(progressStage.readingCase).toBe('reading-case');
    expect(progressStage.studyCaseRunning(4, 120, 5, 'alta_2026')).toBe(
      'study-case-running:4/120/5:alta_2026',
    );
    expect(progressStage.studyCaseDone(3, 120, 'alta_2026')).toBe(
      'study-case-done:3/120:alta_2026',
    );
    expect(progressStage.demoStudyCase(2, 12)).toBe('demo-study-case:2/12');
    expect(progressStage.windowFairLevel(800, 1600, 2)).toBe('window-fair-level:800/1600/2');
    expect(progressStage.acCapacities(340, 2000)).toBe('ac-capacities:340/2000');
  });

  it('keeps a case name with colons and spaces whole', () => {
    const text = progressStage.studyCaseDone(1, 2, 'caso: a b');
    expect(parseProgressStage(text)).toEqual({
      code: 'study-case-done',
      done: 1,
      total: 2,
      caseName: 'caso: a b',
    });
  });

  it('parses nothing that is not a known code with its parameters', () => {
    for (const text of [
      'Leyendo el caso',
      'Caso 3 de 120 listo: alta_2026',
      'unknown-stage',
      'reading-case:1',
      'reading-case:x',
      'study-case-done:3:alta_2026',
      'study-case-done:3/120',
      'demo-study-case:2/12:extra',
      '',
    ]) {
      expect(parseProgressStage(text)).toBeNull();
    }
  });

  it('words each code as the server used to write it', () => {
    expect(progressStageText(progressStage.readingCase)).toBe('Leyendo el caso');
    expect(progressStageText(progressStage.analysingContingencies)).toBe(
      'Analizando contingencias N-1',
    );
    expect(progressStageText(progressStage.computingFlexibility)).toBe(
      'Calculando la flexibilidad y las restricciones',
    );
    expect(progressStageText(progressStage.computingGroupFlexibility)).toBe(
      'Calculando la flexibilidad y las restricciones del grupo',
    );
    expect(progressStageText(progressStage.checkingAc)).toBe('Verificando con flujo de carga AC');
    expect(progressStageText(progressStage.drawingNetwork)).toBe('Dibujando la red');
    expect(progressStageText(progressStage.savingResults)).toBe('Guardando resultados');
    expect(progressStageText(progressStage.computingBusbarCapacities)).toBe(
      'Calculando la capacidad de cada barra',
    );
    expect(progressStageText(progressStage.savingBusbarCapacities)).toBe(
      'Guardando la capacidad de cada barra',
    );
    expect(progressStageText(progressStage.drawingStudyNetwork)).toBe(
      'Dibujando la red del estudio',
    );
    expect(progressStageText(progressStage.demoCaseDone)).toBe('Caso de demostración calculado');
    expect(progressStageText(progressStage.studyCaseRunning(4, 120, 1, 'alta_2026'))).toBe(
      'Caso 4 de 120: alta_2026 (1 barra)',
    );
    expect(progressStageText(progressStage.studyCaseRunning(4, 120, 5, 'alta_2026'))).toBe(
      'Caso 4 de 120: alta_2026 (5 barras)',
    );
    expect(progressStageText(progressStage.studyCaseDone(3, 120, 'alta_2026'))).toBe(
      'Caso 3 de 120 listo: alta_2026',
    );
    expect(progressStageText(progressStage.demoStudyCase(2, 12))).toBe(
      'Estudio de demostración: caso 2 de 12',
    );
    expect(progressStageText(progressStage.windowFairLevel(800, 1600, 1))).toBe(
      'Asignando la proporción justa (max-min): 800 de 1.600 solicitudes con su parte fijada',
    );
    expect(progressStageText(progressStage.windowFairLevel(12, 40, 2))).toBe(
      'Asignando la proporción justa (max-min), pasada 2 (con las restricciones que faltaban): 12 de 40 solicitudes con su parte fijada',
    );
    // Issue #31: the all-bus AC verification, as the planner reads it.
    expect(progressStageText(progressStage.acCapacities(340, 2000))).toBe(
      'AC: 340 de 2.000 barras',
    );
    expect(progressStageText(progressStage.acCapacities(0, 1))).toBe('AC: 0 de 1 barra');
  });

  it('returns older rows’ Spanish text, and null, unchanged', () => {
    expect(progressStageText('Caso 3 de 120 listo: alta_2026')).toBe(
      'Caso 3 de 120 listo: alta_2026',
    );
    expect(progressStageText('some-future-stage')).toBe('some-future-stage');
    expect(progressStageText(null)).toBeNull();
  });
});
