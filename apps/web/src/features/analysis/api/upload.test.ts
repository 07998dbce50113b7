import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../lib/api-client';
import { mockApi, type MockRequest, jsonResponse } from '../../../render.test-support';
import { isAcceptedFile, uploadCase, uploadContentType, uploadErrorMessage } from './upload';

describe('upload rules (docs/product.md §5)', () => {
  it.each([
    ['caso.bin', '', true],
    ['CASO.TXT', '', true],
    ['caso.m', 'text/plain', true],
    ['caso.m', '', false],
    ['red.pdf', 'application/pdf', false],
    ['caso.bin.pdf', '', false],
  ])('%s (%s) accepted: %s', (name, type, accepted) => {
    expect(isAcceptedFile({ name, type })).toBe(accepted);
  });

  it('sends .bin as xz and everything else as plain text', () => {
    expect(uploadContentType({ name: 'a.BIN' })).toBe('application/x-xz');
    expect(uploadContentType({ name: 'a.txt' })).toBe('text/plain');
  });

  it('posts the raw file with its encoded name', async () => {
    let seen: MockRequest | null = null;
    mockApi({
      '/api/casesCalculate/calculate': (request) => {
        seen = request;
        return jsonResponse({ caseId: 'c1', jobId: 'j1' }, 202);
      },
    });
    const file = new File(['mpc'], 'caso ñ.txt', { type: 'text/plain' });
    await expect(uploadCase(file)).resolves.toEqual({ caseId: 'c1', jobId: 'j1' });
    expect(seen).toMatchObject({ method: 'POST', body: file });
    expect(seen!.headers.get('Content-Type')).toBe('text/plain');
    expect(seen!.headers.get('X-File-Name')).toBe('caso%20%C3%B1.txt');
  });

  it('words each failure as docs/product.md §8 says', () => {
    expect(uploadErrorMessage(new ApiClientError('AUTH_TOKEN_INVALID', 'x', 401))).toBe(
      'Sesión expirada. Vuelve a iniciar sesión.',
    );
    expect(
      uploadErrorMessage(
        new ApiClientError(
          'INPUT_TOO_LARGE',
          'El archivo supera el tamaño máximo permitido (10MB)',
          413,
        ),
      ),
    ).toBe('El archivo supera el tamaño máximo permitido (10MB)');
    expect(
      uploadErrorMessage(new ApiClientError('HTTP_ERROR', 'Error del servidor (502)', 502)),
    ).toBe('Error del servidor (502)');
    expect(uploadErrorMessage(new Error('?'))).toBe('Error desconocido');
  });
});
