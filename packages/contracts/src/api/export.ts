import { z } from 'zod';
import { studyIdSchema } from './studies';

/**
 * A positive integer in a query string ("7"): anything else, a missing or repeated parameter
 * included, is refused with `message`.
 */
export const positiveIntegerParam = (message: string, description: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .refine((value) => Number(value) > 0, message)
    .transform(Number)
    .describe(description);

/**
 * Which result and which figure a download is of (issue #21): a group's analysis (an id from
 * GET /api/cases/{caseId}/analyses; without it, the upload's own result) and the attributable
 * (default) or strict figure.
 */
export const resultChoice = {
  analysis: z
    .string({ error: 'El identificador del análisis no es válido' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'El identificador del análisis no es válido')
    .optional()
    .describe('Análisis del caso con un grupo de estudio; sin él, el de la subida'),
  figure: z
    .enum(['attributable', 'strict'], {
      error: 'La cifra debe ser attributable (atribuible) o strict (estricta)',
    })
    .default('attributable')
    .describe('Cifra: attributable (atribuible, por defecto) o strict (estricta)'),
};

/** Query of the constraints download (/analisis' table of one flexibility level). */
export const constraintsExportQuerySchema = z.object({
  level: positiveIntegerParam(
    'El nivel debe ser un número entero positivo',
    'Nivel de flexibilidad (1, 2, …)',
  ),
  ...resultChoice,
});

/**
 * Query of the generators download. The constraint comes first: with both wrong, the answer
 * names the constraint.
 */
export const generatorsExportQuerySchema = z.object({
  constraint: positiveIntegerParam(
    'La restricción debe ser un número entero positivo',
    'Identificador de la restricción dentro del nivel',
  ),
  level: constraintsExportQuerySchema.shape.level,
  ...resultChoice,
});

/**
 * Query of the busbar capacities download: without a family, every case of the study. With
 * `studyId` (the demo's `demo` or one of the caller's studies), the cases of that study's shown
 * version only; without it, every readable study case (the demo's and the caller's, mixed).
 */
export const busbarCapacitiesExportQuerySchema = z.object({
  familyId: z.string().optional().describe('Familia de casos (barra) a descargar'),
  studyId: studyIdSchema
    .optional()
    .describe(
      'Estudio (`demo` o uno de los tuyos): sus casos de la versión mostrada; sin él, todos los casos de estudio que puedes leer',
    ),
});
