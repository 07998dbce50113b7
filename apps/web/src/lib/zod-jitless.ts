/**
 * The app's Content-Security-Policy forbids eval, so zod's compiled parsers can never run here.
 * Tell zod so before it loads (it reads this global when first imported): otherwise it probes
 * with `new Function`, and the browser reports a CSP violation on every page that parses an
 * answer with a schema (Lighthouse's best practices, issue #20). Parsing is the same either way.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
