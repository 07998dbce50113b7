import type { z } from 'zod';
import { errorMessages } from '@holgura/contracts';

export type Parsed<T> = { success: true; data: T } | { success: false; message: string };

/**
 * Parses one part of a request (path, query string, body) with a contracts schema. On failure the
 * message is the first issue's own Spanish text when the schema gives one ('El apellido es
 * obligatorio'), else the generic 'La solicitud no es válida': zod's default messages are English
 * and never reach a user.
 */
export function parseRequestPart<S extends z.ZodType>(
  schema: S,
  value: unknown,
): Parsed<z.output<S>> {
  // A per-parse error map ranks below the schema's own messages and above zod's locale, so it
  // replaces exactly the defaults.
  const parsed = schema.safeParse(value, { error: () => errorMessages.VALIDATION_FAILED });
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    message: parsed.error.issues[0]?.message ?? errorMessages.VALIDATION_FAILED,
  };
}
