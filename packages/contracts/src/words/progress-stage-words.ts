import {
  parseProgressStage,
  type ProgressStage,
  type SimpleProgressStageCode,
} from './progress-stage';

/** The stages in Spanish: the words the server wrote into `stage` before the codes. */
export const progressStageWords = {
  'reading-case': 'Leyendo el caso',
  'analysing-contingencies': 'Analizando contingencias N-1',
  'computing-flexibility': 'Calculando la flexibilidad y las restricciones',
  'computing-group-flexibility': 'Calculando la flexibilidad y las restricciones del grupo',
  'checking-ac': 'Verificando con flujo de carga AC',
  'drawing-network': 'Dibujando la red',
  'saving-results': 'Guardando resultados',
  'computing-busbar-capacities': 'Calculando la capacidad de cada barra',
  'saving-busbar-capacities': 'Guardando la capacidad de cada barra',
  'drawing-study-network': 'Dibujando la red del estudio',
  'demo-case-done': 'Caso de demostración calculado',
  'window-standalone': 'Capacidad de cada solicitud por sí sola',
  'window-order': 'Asignando por orden de prioridad',
  'window-max': 'Asignando el máximo total',
  'window-fair': 'Asignando la proporción justa (max-min)',
  studyCaseRunning: (number: number, total: number, busbars: number, caseName: string) =>
    `Caso ${number} de ${total}: ${caseName} (${busbars} ${busbars === 1 ? 'barra' : 'barras'})`,
  studyCaseDone: (done: number, total: number, caseName: string) =>
    `Caso ${done} de ${total} listo: ${caseName}`,
  demoStudyCase: (done: number, total: number) =>
    `Estudio de demostración: caso ${done} de ${total}`,
  windowFairLevel: (done: number, total: number, pass: number) =>
    `Asignando la proporción justa (max-min)${pass > 1 ? `, pasada ${pass} (con las restricciones que faltaban)` : ''}: ${done.toLocaleString('es-CO')} de ${total.toLocaleString('es-CO')} solicitudes con su parte fijada`,
  acCapacities: (done: number, total: number) =>
    `AC: ${done.toLocaleString('es-CO')} de ${total.toLocaleString('es-CO')} ${total === 1 ? 'barra' : 'barras'}`,
} as const satisfies Record<SimpleProgressStageCode, string> & Record<string, unknown>;

export function progressStageWording(stage: ProgressStage): string {
  switch (stage.code) {
    case 'study-case-running':
      return progressStageWords.studyCaseRunning(
        stage.number,
        stage.total,
        stage.busbars,
        stage.caseName,
      );
    case 'study-case-done':
      return progressStageWords.studyCaseDone(stage.done, stage.total, stage.caseName);
    case 'demo-study-case':
      return progressStageWords.demoStudyCase(stage.done, stage.total);
    case 'window-fair-level':
      return progressStageWords.windowFairLevel(stage.done, stage.total, stage.pass);
    case 'ac-capacities':
      return progressStageWords.acCapacities(stage.done, stage.total);
    default:
      return progressStageWords[stage.code];
  }
}

/**
 * A `stage` field as the user reads it. Text that is not a code (a row stored before the codes,
 * or a stage this build does not know) is shown unchanged rather than hidden.
 */
export function progressStageText(stage: string | null): string | null {
  if (stage === null) return null;
  const parsed = parseProgressStage(stage);
  return parsed === null ? stage : progressStageWording(parsed);
}
