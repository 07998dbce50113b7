import { describe, expect, it } from 'vitest';
import { apiError, apiErrorSchema, errorMessages } from './errors';

describe('error catalogue', () => {
  it('gives every code a non-empty Spanish message', () => {
    for (const [code, message] of Object.entries(errorMessages)) {
      expect(message.trim(), code).not.toBe('');
    }
  });

  it('builds API errors that validate against the shared schema', () => {
    const body = apiError('INPUT_TOO_LARGE');
    expect(apiErrorSchema.parse(body)).toEqual({
      error: { code: 'INPUT_TOO_LARGE', message: errorMessages.INPUT_TOO_LARGE },
    });
  });

  it('rejects codes outside the catalogue', () => {
    expect(apiErrorSchema.safeParse({ error: { code: 'NOPE', message: 'x' } }).success).toBe(false);
  });
});
