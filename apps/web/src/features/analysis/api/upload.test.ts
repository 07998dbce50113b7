import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../lib/api-client';
import { mockApi, type MockRequest, jsonResponse } from '../../../render.test-support';
import { uploadCase, uploadErrorMessage } from './upload';

describe('upload (docs/product.md §5, issue #29)', () => {
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

  it('sends the type the first bytes say, whatever the name: a .raw as text, an xz file as xz', async () => {
    const types: (string | null)[] = [];
    mockApi({
      '/api/casesCalculate/calculate': (request) => {
        types.push(request.headers.get('Content-Type'));
        return jsonResponse({ caseId: 'c1', jobId: 'j1' }, 202);
      },
    });
    const xz = Uint8Array.of(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04);
    await uploadCase(new File(['0, 100.00 / PSS/E'], 'RED.RAW'));
    await uploadCase(new File([xz], 'red.raw.xz'));
    await uploadCase(new File([xz], 'red.bin'));
    // A file named .bin that is not xz goes as text: the server reads it for what it is.
    await uploadCase(new File(['mpc.version'], 'red.bin'));
    expect(types).toEqual(['text/plain', 'application/x-xz', 'application/x-xz', 'text/plain']);
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
