import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { createQueryClient } from './lib/query-client';

/** Renders the whole app at `path`, with a fresh query client that never retries. */
export function renderApp(path = '/', options: { applyAccept?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({
    queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
  });
  const user = userEvent.setup({ applyAccept: options.applyAccept ?? true });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** What a mocked route sees of the request. */
export type MockRequest = {
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  method: string;
  headers: Headers;
  /** The JSON body parsed, the raw body otherwise, or undefined. */
  body: unknown;
};

type MockRoute =
  { status?: number; body: unknown } | ((request: MockRequest) => Promise<Response> | Response);

/**
 * Stubs `fetch` with answers by path. An unknown path fails the test loudly; a function
 * answer lets a test decide when (and whether) the request settles, and see the request.
 */
export function mockApi(routesByPath: Record<string, MockRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    const answer = routesByPath[path];
    if (answer === undefined) throw new Error(`Unexpected request in test: ${path}`);
    if (typeof answer === 'function') {
      let body: unknown = init?.body ?? undefined;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          // keep the text
        }
      }
      return answer({
        path,
        query: parsed.searchParams,
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : {})),
        body,
      });
    }
    return jsonResponse(answer.body, answer.status);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made to `path` so far. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new URL(url, 'http://localhost').pathname === path;
  });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const sampleStats = {
  totalCapacityMw: 3800.45,
  projectionYears: 6,
  busbarsEvaluated: 25,
  contingenciesAnalysed: 1532,
  scenariosAnalysed: 214,
};

/** A JWT-shaped token whose payload holds `claims` (the browser never verifies tokens). */
export function tokenFor(claims: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const payload = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

export const sampleSessionUser = { id: 'u1', email: 'ana@example.co', name: 'Ana Pérez' };
