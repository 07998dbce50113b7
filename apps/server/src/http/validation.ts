import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { apiError } from '@holgura/contracts';

/**
 * Parses a request body with a contracts schema. On failure it answers 400 with the first
 * issue's Spanish message and returns undefined, so routes read `if (body === undefined) return`.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  reply: FastifyReply,
): z.output<S> | undefined {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const message =
    first === undefined || first.code === 'unrecognized_keys' || first.code === 'invalid_type'
      ? undefined
      : first.message;
  void reply.status(400).send(apiError('VALIDATION_FAILED', message));
  return undefined;
}
