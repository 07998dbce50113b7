import { describe, expect, it } from 'vitest';
import { apiError, apiErrorSchema, describeEngineError, errorMessages } from './errors';

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

describe('describeEngineError', () => {
  it('gives the Spanish message with the line and field of the failure', () => {
    expect(
      describeEngineError({ code: 'PARSE_MATPOWER_FIELD_INVALID', line: 12, field: 'BR_X' }),
    ).toEqual({
      code: 'PARSE_MATPOWER_FIELD_INVALID',
      message: 'El caso MATPOWER tiene un valor inválido (línea 12, campo BR_X)',
    });
  });

  it('names the line of a number too large to read', () => {
    expect(
      describeEngineError({ code: 'PARSE_MATPOWER_NUMBER_OVERFLOW', line: 4, field: 'bus.PD' }),
    ).toEqual({
      code: 'PARSE_MATPOWER_NUMBER_OVERFLOW',
      message:
        'Un número del caso MATPOWER es demasiado grande: no cabe en un número de doble precisión (línea 4, campo bus.PD)',
    });
  });

  it('never passes an unknown code through', () => {
    expect(describeEngineError({ code: 'SOMETHING_NEW' })).toEqual({
      code: 'JOB_INTERNAL',
      message: 'El análisis falló por un error interno del servidor',
    });
  });
});
