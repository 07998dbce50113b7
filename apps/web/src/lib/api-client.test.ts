import { statsResponseSchema } from '@holgura/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, sampleStats } from '../render.test-support';
import { ApiClientError, apiRequest } from './api-client';

describe('apiRequest', () => {
  it('returns the validated body', async () => {
    mockApi({ '/api/stats': { body: sampleStats } });
    await expect(apiRequest('/api/stats', statsResponseSchema)).resolves.toEqual(sampleStats);
  });

  it('turns an API error body into an error with its code and Spanish message', async () => {
    mockApi({
      '/api/stats': {
        status: 401,
        body: { error: { code: 'AUTH_REQUIRED', message: 'Usuario no autenticado' } },
      },
    });
    const error = await apiRequest('/api/stats', statsResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: 'Usuario no autenticado',
      status: 401,
    });
  });

  it('reports a non-JSON failure by its HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('/api/stats', statsResponseSchema)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: 'Error del servidor (502)',
    });
  });

  it('reports a network failure in Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/stats', statsResponseSchema)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'No se pudo conectar con el servidor.',
    });
  });

  it('sends a multipart form as is, leaving its Content-Type to the browser', async () => {
    const fetchMock = mockApi({ '/api/stats': { body: sampleStats } });
    const form = new FormData();
    form.append('study', '{}');
    await apiRequest('/api/stats', statsResponseSchema, { method: 'POST', rawBody: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('keeps the whole error answer for envelopes that carry more than the message', async () => {
    const body = {
      error: { code: 'STUDY_INVALID', message: 'El estudio tiene errores' },
      problems: [{ message: 'years.0: El año debe ser un entero' }],
    };
    mockApi({ '/api/stats': { status: 422, body } });
    await expect(apiRequest('/api/stats', statsResponseSchema)).rejects.toMatchObject({
      code: 'STUDY_INVALID',
      status: 422,
      body,
    });
  });
});
