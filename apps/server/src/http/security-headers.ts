import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers for every response: a CSP that allows no inline or foreign scripts (the
 * built app loads only its own files; inline style attributes stay allowed for React and the
 * charts), no framing, no MIME sniffing, a strict referrer policy. HSTS only when served over
 * HTTPS, where it means something.
 *
 * helmet itself, built once: @fastify/helmet rebuilt the middleware (and re-parsed the CSP) on
 * every request, a few percent of the API's CPU under load.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string },
): void {
  const https = options.publicUrl.startsWith('https://');
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The SAX sign-in runs in a popup on the provider's own origin, not in a frame.
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The SAX popup must be able to talk back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => {
      // Browsers ignore COOP on an origin that is not potentially trustworthy (plain HTTP at
      // a machine's address) and log an error on every page for it: send it only where it
      // applies.
      if (!trustworthyOrigin(request.protocol, request.hostname)) {
        reply.raw.removeHeader('cross-origin-opener-policy');
      }
      done();
    });
  });
  headersByApp.set(app, headerList(setHeaders));
}

/** HTTPS, or a loopback host (https://w3c.github.io/webappsec-secure-contexts/). */
export function trustworthyOrigin(protocol: string, hostname: string): boolean {
  if (protocol === 'https') return true;
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

type Middleware = ReturnType<typeof helmet>;

/** The headers an app's helmet sets (they never depend on the request). */
const headersByApp = new WeakMap<FastifyInstance, ReadonlyArray<readonly [string, string]>>();

/** What `setHeaders` sets, read by running it once on a stand-in response. */
function headerList(setHeaders: Middleware): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  setHeaders(
    {} as Parameters<Middleware>[0],
    response as unknown as Parameters<Middleware>[1],
    () => undefined,
  );
  return [...headers];
}

/**
 * The security headers every answer carries, for the answers the onRequest hook never sees:
 * Fastify's own refusals of a URL before routing (http/framework-errors.ts) and answers
 * written straight to the socket (request-limits.ts). Empty before they are registered.
 */
export function securityHeadersOf(app: FastifyInstance): ReadonlyArray<readonly [string, string]> {
  return headersByApp.get(app) ?? [];
}
