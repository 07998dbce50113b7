import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiError, type ErrorCode } from '@holgura/contracts';
import { parseRequestPart } from './validation';

/** The sections of /api/docs, in the order the page shows them, with their Spanish blurbs. */
export const apiTags = {
  Servicio: 'Estado del servidor, configuración pública, cifras y este documento',
  Perfil: 'El perfil de quien llama',
  Casos: 'Casos del usuario y sus resultados',
  Resultados:
    'El resultado de un caso por partes: resumen, restricciones de un nivel (paginadas), generadores de una restricción, violaciones existentes y el documento fullDataJSON',
  Análisis: 'Subida de un caso y progreso de su análisis',
  Red: 'Vista de la red de un caso y sus coordenadas',
  Descargas: 'Tablas de /analisis y /resultados en Excel y CSV (es-CO)',
  Estudios:
    'Estudios de capacidad de conexión del usuario: barras × escenarios × años, con su archivo JSON o Excel',
  Ventanas:
    'Ventanas de asignación: muchas solicitudes de conexión asignadas a la vez con N-1, bajo tres reglas',
  Demostración: 'Caso y estudio de demostración',
  'API original': 'Rutas compatibles con la API de cálculo del producto original',
} as const;
export type ApiTag = keyof typeof apiTags;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is not JSON with a schema: a file, an event stream, or no body at all. */
export interface OtherResponse {
  description: string;
  /** The body's media types; none for an empty body (304). */
  mediaTypes?: readonly string[];
}

/** The answer of routes that send stored JSON with an ETag (http/stored-json.ts). */
export const NOT_MODIFIED: OtherResponse = {
  description: 'Sin cambios: la copia del cliente (`If-None-Match`) sigue vigente',
};

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type ObjectSchema = z.ZodObject;
type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request as a route's handler sees it: path, query and body already parsed. */
export type ContractRequest<P, Q, B> = FastifyRequest<{
  Params: Output<P>;
  Querystring: Output<Q>;
  Body: Output<B>;
}>;

/** What the OpenAPI document needs from a contract, schemas aside. */
interface ContractFields {
  method: HttpMethod;
  /** Fastify syntax: `/api/cases/:caseId`. */
  url: string;
  tag: ApiTag;
  /** Spanish, one line: the operation's heading on /api/docs. */
  summary: string;
  /** Spanish, longer (Markdown). */
  description?: string;
  /** Code of the 404 a path that fails `params` gets: a malformed id names nothing. */
  notFound?: ErrorCode;
  /** A body read by the scope's own content-type parsers (a file): what it may be. */
  rawBody?: { mediaTypes: readonly string[]; description: string };
  bodyLimit?: number;
  /** Success answers by status. */
  responses: Readonly<Record<number, z.ZodType | OtherResponse>>;
  /**
   * Error answers the handler sends, by status and code. Those of the contract itself are added:
   * 400 (query, body), 401 and 403 (auth), 404 (notFound) and 503 (database).
   */
  errors?: Readonly<Partial<Record<number, readonly ErrorCode[]>>>;
  /** False for the few routes that answer without the database: they never send 503. */
  database?: boolean;
}

/**
 * What a route promises, said once next to its handler: the same object validates the request
 * and writes the route's entry in /api/openapi.json.
 */
export interface RouteContract<P, Q, B> extends ContractFields {
  /** The guard's hook: present exactly when the route needs someone signed in. */
  auth?: Hook;
  /**
   * Checks that run after `auth`, before the body is even received (answers that win over a
   * 400 or a 413: a limit, a read-only account). They see headers, path and principal only.
   */
  preHandler?: Hook;
  /** Required when the URL has parameters, with exactly their names. */
  params?: P;
  querystring?: Q;
  /** A JSON body; a failure answers 400 VALIDATION_FAILED with the schema's Spanish message. */
  body?: B;
  handler: (request: ContractRequest<P, Q, B>, reply: FastifyReply) => unknown;
}

/** The contract as the OpenAPI document reads it from the route's config. */
export interface ApiOperation extends ContractFields {
  signedIn: boolean;
  params?: ObjectSchema | undefined;
  querystring?: ObjectSchema | undefined;
  body?: z.ZodType | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    apiOperation?: ApiOperation;
  }
}

/** Names of a Fastify URL's parameters (`/api/cases/:caseId/data` → caseId). */
export function urlParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/**
 * Registers a route from its contract. After the hooks (sign-in, then `preHandler`), the path,
 * query string and body are parsed in that order; the handler gets their parsed values in
 * `request.params`, `request.query` and `request.body`.
 */
export function defineRoute<
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(app: FastifyInstance, route: RouteContract<P, Q, B>): void {
  const { auth, preHandler, handler, ...contract } = route;
  const declared = Object.keys(route.params?.shape ?? {}).sort();
  if (urlParams(route.url).sort().join() !== declared.join()) {
    throw new Error(
      `${route.method} ${route.url}: params must declare exactly the URL's parameters`,
    );
  }
  const hooks = [auth, preHandler].filter((hook) => hook !== undefined);
  const apiOperation: ApiOperation = { ...contract, signedIn: auth !== undefined };

  app.route({
    method: route.method,
    url: route.url,
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    // Before the body is read (Fastify parses it between onRequest and preHandler): an upload
    // without sign-in, or over a limit, is refused without receiving it (issue #16).
    ...(hooks.length === 0 ? {} : { onRequest: hooks }),
    config: { apiOperation },
    handler: async (request, reply) => {
      if (route.params !== undefined) {
        const params = parseRequestPart(route.params, request.params);
        if (!params.success) {
          return reply.status(404).send(apiError(route.notFound ?? 'NOT_FOUND'));
        }
        request.params = params.data;
      }
      if (route.querystring !== undefined) {
        const query = parseRequestPart(route.querystring, request.query);
        if (!query.success) {
          return reply.status(400).send(apiError('VALIDATION_FAILED', query.message));
        }
        request.query = query.data;
      }
      if (route.body !== undefined) {
        const body = parseRequestPart(route.body, request.body);
        if (!body.success) {
          return reply.status(400).send(apiError('VALIDATION_FAILED', body.message));
        }
        request.body = body.data;
      }
      // Sound: each part was replaced above by its schema's output (or has no schema: unknown).
      return handler(request as ContractRequest<P, Q, B>, reply);
    },
  });
}
