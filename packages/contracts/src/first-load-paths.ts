/**
 * The paths the web app requests as any page opens (the session and its access token, the
 * deployment's config, the landing's figures) and the API reference every page's footer links
 * to: a module of their own, importing nothing, so the first load takes these few strings, each
 * its own constant, without zod or the route table (issue #20, docs/performance.md). Web code
 * imports them from `@holgura/contracts/first-load-paths`; `apiRoutes` (api-paths.ts) is built
 * on them.
 */

/** better-auth answers everything under this path (one wildcard route on the server). */
export const AUTH_BASE_PATH = '/api/auth';
/** The browsable reference of the API (swagger-ui and its own files). */
export const API_DOCS_PATH = '/api/docs';

/** better-auth's session: who is signed in (`null` when nobody). */
export const SESSION_PATH = `${AUTH_BASE_PATH}/get-session`;
/** better-auth's JWT plugin: a short-lived access token for the API, from the session. */
export const ACCESS_TOKEN_PATH = `${AUTH_BASE_PATH}/token`;
/** The deployment's public settings (SAX, upload limit, support address). */
export const CLIENT_CONFIG_PATH = '/api/config';
/** The landing's figures. */
export const STATS_PATH = '/api/stats';
