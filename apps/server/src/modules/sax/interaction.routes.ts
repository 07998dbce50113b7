import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as oidcErrors, type InteractionResults } from 'oidc-provider';
import { errorPage, loginPage, saxText, sendPage } from './sax-pages';

export interface InteractionRoutesOptions {
  /** The provider of the address the request reached; `null` when its Host makes no origin. */
  providerFor(request: FastifyRequest): Provider | null;
  pathPrefix: string;
  clientName: string;
  /** The account id for good credentials, `undefined` otherwise. */
  checkCredentials(username: string, password: string): string | undefined;
}

interface UidParams {
  uid: string;
}

const FORM_LIMIT_BYTES = 8 * 1024;

function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * The sign-in pages oidc-provider sends the browser to (`interactions.url`): a login form for
 * the seeded user, and nothing else. Consent never shows: the only client is Holgura itself,
 * whose grant `loadExistingGrant` supplies; if the library still asks, it is granted here.
 */
export function registerInteractionRoutes(
  scope: FastifyInstance,
  { providerFor, pathPrefix, clientName, checkCredentials }: InteractionRoutesOptions,
): void {
  // Our own form parser, whatever the rest of the app registered, and a small body limit.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, parseQuery(String(body))),
  );

  const base = `${pathPrefix}/interaction/:uid`;
  const urls = (uid: string) => ({
    submitUrl: `${pathPrefix}/interaction/${encodeURIComponent(uid)}/login`,
    abortUrl: `${pathPrefix}/interaction/${encodeURIComponent(uid)}/abort`,
  });

  // Each address has its own provider (without PUBLIC_URL): found once, before the route runs.
  const providers = new WeakMap<FastifyRequest, Provider>();
  scope.addHook('onRequest', async (request, reply) => {
    const provider = providerFor(request);
    if (provider === null) return sendPage(reply, errorPage(saxText.badAddress), 400);
    providers.set(request, provider);
    return undefined;
  });
  const providerOf = (request: FastifyRequest): Provider => {
    const provider = providers.get(request);
    if (provider === undefined) throw new Error('SAX interaction without its provider');
    return provider;
  };

  /** The interaction behind the cookie, if it is the one in the URL; otherwise an error page. */
  const loadInteraction = async (
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ) => {
    try {
      const details = await providerOf(request).interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch (error) {
      if (error instanceof oidcErrors.SessionNotFound) return undefined;
      throw error;
    }
  };

  const finish = async (
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
    result: InteractionResults,
  ) => {
    const returnTo = await providerOf(request).interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303);
  };

  scope.get<{ Params: UidParams }>(base, async (request, reply) => {
    const details = await loadInteraction(request, reply);
    if (details === undefined) return sendPage(reply, errorPage(saxText.expired), 400);
    if (details.prompt.name === 'login') {
      const hint = details.params.login_hint;
      return sendPage(
        reply,
        loginPage({
          ...urls(details.uid),
          clientName,
          username: typeof hint === 'string' ? hint : '',
        }),
      );
    }
    if (details.prompt.name === 'consent' && details.session !== undefined) {
      const { Grant } = providerOf(request);
      const grant = new Grant({
        accountId: details.session.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const missingClaims = details.prompt.details.missingOIDCClaims;
      if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.map(String));
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } });
    }
    return sendPage(reply, errorPage(saxText.expired), 400);
  });

  scope.post<{ Params: UidParams; Body: Record<string, string | string[] | undefined> }>(
    `${base}/login`,
    async (request, reply) => {
      const details = await loadInteraction(request, reply);
      if (details === undefined || details.prompt.name !== 'login') {
        return sendPage(reply, errorPage(saxText.expired), 400);
      }
      const username = firstValue(request.body?.username);
      const password = firstValue(request.body?.password);
      const accountId = checkCredentials(username, password);
      if (accountId === undefined) {
        return sendPage(
          reply,
          loginPage({ ...urls(details.uid), clientName, username, failed: true }),
        );
      }
      return finish(request, reply, { login: { accountId } });
    },
  );

  scope.post<{ Params: UidParams }>(`${base}/abort`, async (request, reply) => {
    const details = await loadInteraction(request, reply);
    if (details === undefined) return sendPage(reply, errorPage(saxText.expired), 400);
    return finish(request, reply, {
      error: 'access_denied',
      error_description: saxText.cancelled,
    });
  });
}
