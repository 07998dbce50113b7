import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_DOCS_PATH, apiRoutes, errorMessages, type ErrorCode } from '@holgura/contracts';
import { isDefaultPublicUrl } from '../config/env';
import {
  apiTags,
  defineRoute,
  type ApiOperation,
  type ApiTag,
  type OtherResponse,
  urlParams,
} from './api-route';

/** A route as Fastify registered it, with its contract when it was declared with one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  operation: ApiOperation | undefined;
}

type JsonSchema = Record<string, unknown>;

/**
 * A schema as it reads its input: a request's before its defaults and transforms, and an
 * answer's without zod's `additionalProperties: false` (answers may gain fields).
 */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema: jsonSchema(schema) } });

function rawContent(mediaTypes: readonly string[]) {
  return Object.fromEntries(
    mediaTypes.map((type) => [
      type,
      {
        schema: type.startsWith('text/')
          ? { type: 'string' }
          : { type: 'string', format: 'binary' },
      },
    ]),
  );
}

const successDescriptions: Record<number, string> = {
  200: 'Correcto',
  201: 'Creado',
  202: 'Aceptado: el trabajo sigue en segundo plano',
};

function parameters(url: string, operation: ApiOperation) {
  const result: JsonSchema[] = [];
  const path = operation.params === undefined ? undefined : jsonSchema(operation.params);
  for (const name of urlParams(url)) {
    const { description, ...schema } = (
      path?.properties as Record<string, JsonSchema> | undefined
    )?.[name] ?? { type: 'string' };
    result.push({ name, in: 'path', required: true, description, schema });
  }
  if (operation.querystring !== undefined) {
    const query = jsonSchema(operation.querystring);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(query.properties as Record<string, JsonSchema>)) {
      const { description, ...schema } = property;
      result.push({ name, in: 'query', required: required.has(name), description, schema });
    }
  }
  return result;
}

/** Every error answer of an operation: the contract's own (validation, sign-in, 503) and the handler's. */
function errorResponses(method: string, operation: ApiOperation) {
  const byStatus = new Map<number, Set<ErrorCode>>();
  const add = (status: number, codes: readonly ErrorCode[]) => {
    if (codes.length === 0) return;
    const set = byStatus.get(status) ?? new Set();
    for (const code of codes) set.add(code);
    byStatus.set(status, set);
  };
  if (operation.querystring !== undefined || operation.body !== undefined) {
    add(400, ['VALIDATION_FAILED']);
  }
  if (operation.signedIn) {
    add(401, ['AUTH_REQUIRED', 'AUTH_TOKEN_INVALID']);
    if (method !== 'GET') add(403, ['CROSS_SITE_REQUEST']);
  }
  if (operation.notFound !== undefined) add(404, [operation.notFound]);
  for (const [status, codes] of Object.entries(operation.errors ?? {})) {
    add(Number(status), codes ?? []);
  }
  if (operation.database !== false) add(503, ['DATABASE_UNAVAILABLE']);

  const responses: Record<string, unknown> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...set];
    const envelope = z.object({
      error: z.object({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]), message: z.string() }),
    });
    responses[String(status)] = {
      description: codes.map((code) => `- \`${code}\`: ${errorMessages[code]}`).join('\n'),
      ...(status === 503
        ? {
            headers: {
              'Retry-After': {
                description: 'Segundos que conviene esperar antes de reintentar',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
      content: json(envelope),
    };
  }
  return responses;
}

function successResponse(status: number, response: z.ZodType | OtherResponse) {
  if (response instanceof z.ZodType) {
    return {
      description: successDescriptions[status] ?? 'Correcto',
      content: json(response),
    };
  }
  return {
    description: response.description,
    ...(response.mediaTypes === undefined ? {} : { content: rawContent(response.mediaTypes) }),
  };
}

function toOperation(method: string, url: string, operation: ApiOperation) {
  const parameterList = parameters(url, operation);
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = successResponse(Number(status), response);
  }
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description === undefined ? {} : { description: operation.description }),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(operation.signedIn ? { security: [{ bearer: [] }, { sessionCookie: [] }] } : {}),
    ...(operation.body !== undefined
      ? { requestBody: { required: true, content: json(operation.body) } }
      : {}),
    ...(operation.rawBody !== undefined
      ? {
          requestBody: {
            required: true,
            description: operation.rawBody.description,
            content: rawContent(operation.rawBody.mediaTypes),
          },
        }
      : {}),
    responses: { ...responses, ...errorResponses(method, operation) },
  };
}

const description = `Análisis N-1, capacidad de transferencia y capacidad de conexión por barra.
Este documento se genera de las mismas declaraciones con que el servidor valida cada ruta.

**Autenticación.** Las rutas con candado aceptan cualquiera de estas credenciales:

- \`Authorization: Bearer <token>\` con un token de acceso de Holgura (\`GET /api/auth/token\` con
  la sesión iniciada; vale 15 minutos) o con el id token de SAX.
- La cookie de sesión que deja \`POST /api/auth/sign-in/email\` (\`{"email", "password"}\`). Con la
  cookie, las escrituras deben venir de las páginas de Holgura (cabecera \`Origin\`).

Las cuentas (registro, inicio de sesión, segundo factor TOTP, recuperación de contraseña, tokens)
las sirve better-auth bajo \`/api/auth\`; la clave pública de los tokens está en
\`/.well-known/jwks.json\`.

**Errores.** Siempre \`{"error": {"code", "message"}}\` con el mensaje en español; cada respuesta
lista sus códigos. Si la base de datos no responde: 503 \`DATABASE_UNAVAILABLE\` con
\`Retry-After\`.`;

/** The OpenAPI 3.1 document of the routes declared with `defineRoute`, in registration order. */
export function openApiDocument(publicUrl: string, routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<ApiTag>();
  for (const { method, url, operation } of routes) {
    // Fastify adds a HEAD route beside each GET, with the same config.
    if (operation === undefined || method !== operation.method) continue;
    const path = url.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [method.toLowerCase()]: toOperation(method, url, operation) };
    used.add(operation.tag);
  }
  const https = publicUrl.startsWith('https://');
  return {
    openapi: '3.1.0',
    info: { title: 'API de Holgura', version: '1', description },
    // With PUBLIC_URL unset, the address the reader opened the documentation at: a relative
    // server is resolved against it, so «Probar» works from another machine too (issue #29).
    servers: isDefaultPublicUrl(publicUrl)
      ? [{ url: '/', description: 'La dirección desde la que se abrió esta documentación' }]
      : [{ url: publicUrl }],
    tags: (Object.keys(apiTags) as ApiTag[])
      .filter((tag) => used.has(tag))
      .map((name) => ({ name, description: apiTags[name] })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Token de acceso de /api/auth/token o id token de SAX',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          // better-auth names its cookies __Secure-… when the public URL is HTTPS.
          name: `${https ? '__Secure-' : ''}better-auth.session_token`,
          description: 'Cookie de sesión de better-auth',
        },
      },
    },
    paths,
  };
}

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on `app` since `registerOpenApi`, contract or not (for tests). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routesByApp.get(app) ?? [];
}

/** swagger-ui has no translations: the page's own chrome is Spanish where its options reach. */
const docsPage: FastifySwaggerUiOptions = {
  uiConfig: {
    // No top bar: its English "Explore" box would only reload this same document.
    layout: 'BaseLayout',
    docExpansion: 'list',
    // The schemas appear with each operation; the separate English "Schemas" list adds nothing.
    defaultModelsExpandDepth: -1,
    displayRequestDuration: true,
    deepLinking: true,
  },
  theme: {
    title: 'API de Holgura · Documentación',
    // A file, not inline: the CSP allows scripts from our own origin only.
    js: [{ filename: 'holgura.js', content: "document.documentElement.lang = 'es';\n" }],
  },
};

/**
 * The OpenAPI document at /api/openapi.json and a browsable page at /api/docs, both written from
 * the contracts routes declare with `defineRoute`. Call before any route is registered: the
 * onRoute hook sees only routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, operation: route.config?.apiOperation });
    }
  });
  // @fastify/swagger's static mode serves the object it is given; every route is known only once
  // the app is ready (plugins load lazily), so the paths are written into it then.
  const document = openApiDocument(publicUrl, []);
  app.addHook('onReady', async () => {
    Object.assign(document, openApiDocument(publicUrl, routes));
  });
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, ...docsPage });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.openApi.pattern,
    tag: 'Servicio',
    summary: 'Este documento (OpenAPI 3.1)',
    database: false,
    responses: { 200: { description: 'El documento OpenAPI', mediaTypes: ['application/json'] } },
    handler: () => app.swagger(),
  });
}
