/**
 * The web app's pages. The server answers these with the app shell and status 200; any other
 * non-API path gets the same shell with status 404, so the app shows its 404 page and crawlers
 * and link checkers see the right status.
 */
export const appPaths = {
  home: '/',
  analysis: '/analisis',
  results: '/resultados',
  demo: '/demo',
  docs: '/documentacion',
} as const;

export type AppPath = (typeof appPaths)[keyof typeof appPaths];

export function isAppPath(pathname: string): pathname is AppPath {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (Object.values(appPaths) as string[]).includes(normalized);
}
