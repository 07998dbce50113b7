import { API_DOCS_PATH, API_PREFIX, apiRouteList } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../app.test-support';
import { registeredRoutes } from './openapi';

/** Registered under /api but not by us: swagger-ui's page and files under /api/docs. */
const notInTable = [API_DOCS_PATH];
const underAny = (url: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

describe('API paths (issue #27: every path said once, in the contracts)', () => {
  it('registers exactly the routes of apiRoutes, each method of each pattern', async () => {
    const { server } = await buildTestApp();
    await server.ready();
    const registered = registeredRoutes(server)
      // Fastify adds a HEAD route beside each GET.
      .filter(({ method }) => method !== 'HEAD')
      // The API's routes: under /api, or declared with a contract (the original API's).
      .filter(({ url, operation }) => url.startsWith(`${API_PREFIX}/`) || operation !== undefined)
      .filter(({ url }) => !underAny(url, notInTable))
      .map(({ method, url }) => `${method} ${url}`);
    const declared = apiRouteList.flatMap(({ pattern, methods }) =>
      methods.map((method) => `${method} ${pattern}`),
    );
    expect(registered.length).toBeGreaterThan(50);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...declared].sort());
  });
});
