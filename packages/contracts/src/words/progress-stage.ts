/**
 * A job's progress stage (issue #27): the server stores and sends a short code, the screen words
 * it. The API field stays `stage: string | null`, so a code travels as a string: the code alone
 * (`reading-case`), or the code, its numbers joined by `/`, and a name last
 * (`study-case-done:3/120:alta_2026`). The name is everything after the second `:`, so a case
 * name with a colon survives. Rows written before the codes hold Spanish text: that text is
 * shown as it is.
 */

/** Stages with nothing to say but themselves. */
export const simpleProgressStageCodes = [
  'reading-case',
  'analysing-contingencies',
  'computing-flexibility',
  'computing-group-flexibility',
  'checking-ac',
  'drawing-network',
  'saving-results',
  'computing-busbar-capacities',
  'saving-busbar-capacities',
  'drawing-study-network',
  'demo-case-done',
  'window-standalone',
  'window-order',
  'window-max',
  'window-fair',
] as const;

export type SimpleProgressStageCode = (typeof simpleProgressStageCodes)[number];

export type ProgressStage =
  | { code: SimpleProgressStageCode }
  /** A study case about to run: `number` is 1-based (the case being computed). */
  | { code: 'study-case-running'; number: number; total: number; busbars: number; caseName: string }
  /** A study case stored: `done` cases of `total` are ready. */
  | { code: 'study-case-done'; done: number; total: number; caseName: string }
  /** The bundled demo's study, case by case (the demo builder's log). */
  | { code: 'demo-study-case'; done: number; total: number }
  /**
   * A window's fair rule: in its `pass` (it starts again when the screen adds constraints),
   * `done` of `total` requests have their share fixed (issue #28).
   */
  | { code: 'window-fair-level'; done: number; total: number; pass: number }
  /** The all-bus AC verification (issue #31): `done` of `total` buses verified and stored. */
  | { code: 'ac-capacities'; done: number; total: number };

export type ProgressStageCode = ProgressStage['code'];

const simpleCodes: ReadonlySet<string> = new Set(simpleProgressStageCodes);

/** The stage as the `stage` field carries it. */
export function formatProgressStage(stage: ProgressStage): string {
  switch (stage.code) {
    case 'study-case-running':
      return `${stage.code}:${stage.number}/${stage.total}/${stage.busbars}:${stage.caseName}`;
    case 'study-case-done':
      return `${stage.code}:${stage.done}/${stage.total}:${stage.caseName}`;
    case 'demo-study-case':
      return `${stage.code}:${stage.done}/${stage.total}`;
    case 'window-fair-level':
      return `${stage.code}:${stage.done}/${stage.total}/${stage.pass}`;
    case 'ac-capacities':
      return `${stage.code}:${stage.done}/${stage.total}`;
    default:
      return stage.code;
  }
}

// Code, then optional numbers, then an optional name (which may itself contain ':').
const STAGE_PATTERN = /^([a-z0-9-]+)(?::(\d+(?:\/\d+)*))?(?::([\s\S]*))?$/;

/** The stage a `stage` field holds, or null for anything else (Spanish text of older rows). */
export function parseProgressStage(text: string): ProgressStage | null {
  const match = STAGE_PATTERN.exec(text);
  if (match === null) return null;
  const [, code, numberText, name] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  const numbers = numberText === undefined ? [] : numberText.split('/').map(Number);
  if (simpleCodes.has(code)) {
    return numberText === undefined && name === undefined
      ? { code: code as SimpleProgressStageCode }
      : null;
  }
  switch (code) {
    case 'study-case-running': {
      const [number, total, busbars] = numbers;
      if (numbers.length !== 3 || name === undefined) return null;
      return { code, number: number!, total: total!, busbars: busbars!, caseName: name };
    }
    case 'study-case-done': {
      const [done, total] = numbers;
      if (numbers.length !== 2 || name === undefined) return null;
      return { code, done: done!, total: total!, caseName: name };
    }
    case 'demo-study-case': {
      const [done, total] = numbers;
      if (numbers.length !== 2 || name !== undefined) return null;
      return { code, done: done!, total: total! };
    }
    case 'window-fair-level': {
      const [done, total, pass] = numbers;
      if (numbers.length !== 3 || name !== undefined) return null;
      return { code, done: done!, total: total!, pass: pass! };
    }
    case 'ac-capacities': {
      const [done, total] = numbers;
      if (numbers.length !== 2 || name !== undefined) return null;
      return { code, done: done!, total: total! };
    }
    default:
      return null;
  }
}

/**
 * What the emitters write: `report(5, progressStage.readingCase)`,
 * `progressStage.studyCaseDone(done, total, name)`. One place per stage, so a code is never
 * typed by hand.
 */
export const progressStage = {
  readingCase: 'reading-case',
  analysingContingencies: 'analysing-contingencies',
  computingFlexibility: 'computing-flexibility',
  computingGroupFlexibility: 'computing-group-flexibility',
  checkingAc: 'checking-ac',
  drawingNetwork: 'drawing-network',
  savingResults: 'saving-results',
  computingBusbarCapacities: 'computing-busbar-capacities',
  savingBusbarCapacities: 'saving-busbar-capacities',
  drawingStudyNetwork: 'drawing-study-network',
  demoCaseDone: 'demo-case-done',
  windowStandalone: 'window-standalone',
  windowOrder: 'window-order',
  windowMax: 'window-max',
  windowFair: 'window-fair',
  studyCaseRunning: (number: number, total: number, busbars: number, caseName: string) =>
    formatProgressStage({ code: 'study-case-running', number, total, busbars, caseName }),
  studyCaseDone: (done: number, total: number, caseName: string) =>
    formatProgressStage({ code: 'study-case-done', done, total, caseName }),
  demoStudyCase: (done: number, total: number) =>
    formatProgressStage({ code: 'demo-study-case', done, total }),
  windowFairLevel: (done: number, total: number, pass: number) =>
    formatProgressStage({ code: 'window-fair-level', done, total, pass }),
  acCapacities: (done: number, total: number) =>
    formatProgressStage({ code: 'ac-capacities', done, total }),
} as const satisfies Record<string, SimpleProgressStageCode | ((...args: never[]) => string)>;
