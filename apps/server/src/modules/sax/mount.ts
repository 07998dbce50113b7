import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errorPage, saxText, sendPage } from './sax-pages';

type Callback = ReturnType<Provider['callback']>;

/**
 * Hands every request under `prefix` to oidc-provider's Koa app, the way Express's
 * `app.use(prefix, provider.callback())` (the library's documented mount) would: the prefix is
 * stripped from `req.url` and the full path kept in `req.originalUrl`, from which oidc-provider
 * rebuilds absolute URLs (discovery, redirects to the interaction and resume endpoints).
 *
 * `providerFor` picks the provider of the address the request reached (each has its own issuer
 * when PUBLIC_URL is unset); `null` — a Host that makes no origin — gets an error page.
 *
 * Call inside its own encapsulated plugin: it replaces the content-type parsers there so the
 * body stream reaches oidc-provider unread (it parses bodies itself and warns when it can't).
 */
export function mountProvider(
  scope: FastifyInstance,
  providerFor: (request: FastifyRequest) => Provider | null,
  prefix: string,
): void {
  // A provider's Koa callback, made once per provider (a WeakMap: dropped providers go).
  const callbacks = new WeakMap<Provider, Callback>();
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    const provider = providerFor(request);
    if (provider === null) {
      sendPage(reply, errorPage(saxText.badAddress), 400);
      return;
    }
    let callback = callbacks.get(provider);
    if (callback === undefined) {
      callback = provider.callback();
      callbacks.set(provider, callback);
    }
    // Koa writes the response itself; Fastify must not touch it afterwards.
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const originalUrl = raw.url ?? prefix;
    const rest = originalUrl.slice(prefix.length);
    raw.originalUrl = originalUrl;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    void callback(raw, reply.raw);
  };

  scope.all(prefix, handler);
  scope.all(`${prefix}/*`, handler);
}
