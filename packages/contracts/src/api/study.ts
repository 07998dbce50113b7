import { z } from 'zod';
import { slackRules } from '../result/base-case.v1';

/**
 * The study file (docs/analysis.md §6): a base case plus scenarios, years, growth, interchanges and
 * projects, from which the scenario × year cases `<escenario>_<año>` are built and the busbar
 * capacities computed. Every message is Spanish and names the field.
 */
const positive = (label: string) =>
  z.number({ error: `${label} debe ser un número` }).positive(`${label} debe ser mayor que 0`);
/** Spanish adjectives agree with the label's noun: 'El nombre … obligatorio', 'La condición … obligatoria'. */
const text = (label: string, max = 200) => {
  const feminine = label.startsWith('La ');
  const required = `${label} es ${feminine ? 'obligatoria' : 'obligatorio'}`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} es demasiado ${feminine ? 'larga' : 'largo'}`);
};
/** A number with Spanish messages for a missing or non-numeric value and a negative one. */
const number = (label: string) => z.number({ error: `${label} debe ser un número` });
const nonNegative = (label: string) =>
  number(label).nonnegative(
    `${label} no puede ser ${label.startsWith('La ') ? 'negativa' : 'negativo'}`,
  );
const busNumber = z
  .number({ error: 'El número de barra debe ser un número' })
  .int('El número de barra debe ser un entero')
  .positive('El número de barra debe ser positivo');
/** The least short-circuit ratio a study's weak-grid figure keeps by default. */
export const STUDY_SCR_MIN = 3;

const year = z
  .number({ error: 'El año debe ser un número' })
  .int('El año debe ser un entero')
  .min(2000, 'El año debe estar entre 2000 y 2100')
  .max(2100, 'El año debe estar entre 2000 y 2100');

export const studyAreaSchema = z.object({
  id: number('El número de área').int('El número de área debe ser un entero'),
  name: text('El nombre del área', 100),
});

export const studyInterchangeSchema = z.object({
  name: text('El nombre del intercambio'),
  bus: busNumber,
  /** MW injected at the bus: positive for imports, negative for exports. */
  mw: z.number({ error: 'El intercambio debe estar en MW' }),
});

export const studyScenarioSchema = z.object({
  /** Part of the case names `<escenario>_<año>`: no underscores. */
  name: text('El nombre del escenario', 60).regex(
    /^[^_\s]+$/,
    'El nombre del escenario no puede tener guiones bajos ni espacios',
  ),
  /** The condición shown on the result cards. */
  condition: text('La condición del escenario', 500),
  /** Demand multiplier per area name (1 = as in the base case). */
  demandMultipliers: z.record(z.string(), positive('El multiplicador de demanda')).default({}),
  interchanges: z.array(studyInterchangeSchema).default([]),
});

const projectBranchSchema = z.object({
  fromBus: busNumber,
  toBus: busNumber,
  circuit: z
    .string({ error: 'El circuito debe ser un texto' })
    .trim()
    .min(1, 'El circuito es obligatorio')
    .max(2, 'El circuito debe tener como máximo 2 caracteres')
    .default('1'),
  rPu: number('La resistencia').nonnegative('La resistencia no puede ser negativa').default(0),
  xPu: number('La reactancia').refine((x) => x !== 0, 'La reactancia no puede ser cero'),
  bPu: nonNegative('La susceptancia').default(0),
  rateAMva: nonNegative('La capacidad A'),
  rateBMva: nonNegative('La capacidad B').default(0),
});

const projectUnitSchema = z.object({
  bus: busNumber,
  pMaxMw: positive('La capacidad de la unidad'),
  pMinMw: nonNegative('La potencia mínima').default(0),
  pMw: nonNegative('La potencia inicial').default(0),
});

export const studyProjectSchema = z.object({
  name: text('El nombre del proyecto'),
  inServiceYear: year,
  branches: z.array(projectBranchSchema).default([]),
  units: z.array(projectUnitSchema).default([]),
});

/**
 * Issue #31: each busbar × scenario × year figure checked beyond DC thermal — AC power flows with
 * the units' reactive limits (N-0 and at least ten contingencies: thermal, voltage, reactive
 * power, convergence) and the weak grid (the case's N-1 minimum short-circuit power over
 * `scrMin`). The figure shown is the least of them, with its limiting variable. `xdPu` is the
 * subtransient reactance (p.u. on each unit's MBASE) used only for units without machine data: a
 * MATPOWER case has none, and a RAW export whose units all carry ZX = 1,0 has placeholders, so
 * without it such a case has no short-circuit figure (said, never invented). Absent (study files
 * and stored studies from before): DC only. The study form starts with both checks on.
 */
export const studyVerificationSchema = z.object({
  ac: z.boolean({ error: 'La verificación AC debe ser sí o no' }).default(true),
  shortCircuit: z
    .boolean({ error: 'La verificación de cortocircuito debe ser sí o no' })
    .default(true),
  scrMin: positive('El SCR mínimo')
    .max(20, 'El SCR mínimo debe estar entre 0 y 20')
    .default(STUDY_SCR_MIN),
  xdPu: positive('La reactancia subtransitoria X″d')
    .lt(10, 'La reactancia subtransitoria X″d debe ser menor que 10 (p.u. sobre MBASE)')
    .optional(),
});
export type StudyVerificationOptions = z.infer<typeof studyVerificationSchema>;

/** What the study form starts with: both checks on, SCR mínimo 3, no X″d. */
export const DEFAULT_STUDY_VERIFICATION: StudyVerificationOptions = {
  ac: true,
  shortCircuit: true,
  scrMin: STUDY_SCR_MIN,
};

export const studyFileSchema = z
  .object({
    name: text('El nombre del estudio'),
    description: z
      .string({ error: 'La descripción debe ser un texto' })
      .max(2000, 'La descripción es demasiado larga')
      .default(''),
    /** Public synthetic networks must say so (issue 4): shown with the results. */
    networkLabel: text('La descripción de la red', 300),
    /** The base case file, relative to the study file (used by `holgura study`). */
    baseCase: z
      .string({ error: 'El archivo del caso base debe ser un texto' })
      .trim()
      .min(1, 'El archivo del caso base no puede estar vacío')
      .max(500, 'El nombre del archivo del caso base es demasiado largo')
      .optional(),
    years: z
      .array(year, { error: 'Los años deben ser una lista' })
      .min(1, 'Indica al menos un año'),
    areas: z.array(studyAreaSchema).default([]),
    /** Yearly demand growth per area name, as a fraction (0.03 = 3 % per year). */
    growth: z
      .record(
        z.string(),
        number('El crecimiento')
          .min(-0.5, 'El crecimiento anual debe estar entre -50 % y 50 %')
          .max(0.5, 'El crecimiento anual debe estar entre -50 % y 50 %'),
      )
      .default({}),
    scenarios: z.array(studyScenarioSchema).min(1, 'Indica al menos un escenario'),
    projects: z.array(studyProjectSchema).default([]),
    busbars: z
      .array(busNumber, { error: 'Las barras deben ser una lista de números' })
      .min(1, 'Indica al menos una barra'),
    options: z
      .object({
        tmaxMw: positive('El tope de capacidad').default(2000),
        postContingencyRating: z
          .enum(['A', 'B', 'C', 'emergency'], {
            error: 'La capacidad poscontingencia debe ser uno de estos valores: A, B, C, emergency',
          })
          .default('emergency'),
        distributionFactorCutoff: number('El corte del factor de distribución')
          .min(0, 'El corte del factor de distribución debe estar entre 0 y 1')
          .max(1, 'El corte del factor de distribución debe estar entre 0 y 1')
          .default(0.01),
        /**
         * 'ignore' (the default since issue #25, as in /analisis: the attributable figure):
         * violations the network already has belong to the network, not to the connection,
         * and are reported without limiting it. 'limit' (docs/analysis.md §4 as written, the strict
         * figure): a violation the new unit makes worse gives capacity 0.
         */
        preExistingViolations: z
          .enum(['limit', 'ignore'], {
            error: 'Las violaciones existentes deben ser uno de estos valores: limit, ignore',
          })
          .default('ignore'),
        /**
         * Who takes each case's generation–load mismatch (its AC losses) in the DC base case:
         * 'distributed' (every unit, by its output) or 'single' (the reference unit, MATPOWER).
         */
        slack: z
          .enum(slackRules, {
            error: 'El despacho base debe ser uno de estos valores: distributed, single',
          })
          .default('distributed'),
        /** Issue #31: absent, DC only (studies from before it existed). */
        verification: studyVerificationSchema.optional(),
      })
      .default({
        tmaxMw: 2000,
        postContingencyRating: 'emergency',
        distributionFactorCutoff: 0.01,
        preExistingViolations: 'ignore',
        slack: 'distributed',
      }),
  })
  .superRefine((study, ctx) => {
    const sorted = [...study.years].sort((a, b) => a - b);
    if (new Set(study.years).size !== study.years.length || sorted.join() !== study.years.join()) {
      ctx.addIssue({
        code: 'custom',
        path: ['years'],
        message: 'Los años deben ir en orden creciente y sin repetirse',
      });
    }
    const names = study.scenarios.map((s) => s.name.toLowerCase());
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', i, 'name'],
          message: `El escenario "${study.scenarios[i]!.name}" está repetido`,
        });
      }
    });
    const areaNames = new Set(study.areas.map((a) => a.name));
    const checkArea = (name: string, path: (string | number)[]) => {
      if (!areaNames.has(name)) {
        ctx.addIssue({ code: 'custom', path, message: `El área "${name}" no está en areas` });
      }
    };
    for (const name of Object.keys(study.growth)) checkArea(name, ['growth', name]);
    study.scenarios.forEach((scenario, i) => {
      for (const name of Object.keys(scenario.demandMultipliers)) {
        checkArea(name, ['scenarios', i, 'demandMultipliers', name]);
      }
    });
    if (new Set(study.busbars).size !== study.busbars.length) {
      ctx.addIssue({ code: 'custom', path: ['busbars'], message: 'Hay barras repetidas' });
    }
  });
export type StudyFile = z.infer<typeof studyFileSchema>;
export type StudyFileInput = z.input<typeof studyFileSchema>;

/** Spanish messages per field, e.g. "scenarios.1.name: El nombre del escenario es obligatorio". */
export function describeStudyErrors(error: z.ZodError): string[] {
  return error.issues.map((issue) =>
    issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
  );
}
