import { appPaths } from '@holgura/contracts';

/**
 * The screen's views live in the address of its one page: the list at /ventanas, the form at
 * `?nueva`, a window at `?ventana=<id>` (a link or a reload shows the same view).
 */
export const WINDOW_PARAM = 'ventana';
export const NEW_PARAM = 'nueva';

export const listHref = appPaths.windows;
export const newWindowHref = `${appPaths.windows}?${NEW_PARAM}`;
export const windowHref = (windowId: string) =>
  `${appPaths.windows}?${WINDOW_PARAM}=${encodeURIComponent(windowId)}`;
