import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  caseDataSchema,
  caseListResponseSchema,
  clientConfigResponseSchema,
  demoCaseResponseSchema,
  healthResponseSchema,
  jobStatusSchema,
  legacyCasesResponseSchema,
  legacyResultsRequestSchema,
  legacyResultsResponseSchema,
  networkViewResponseSchema,
  profileSchema,
  statsResponseSchema,
  updateProfileRequestSchema,
  upsertCaseDataRequestSchema,
  upsertCaseRequestSchema,
  uploadResponseSchema,
} from '@holgura/contracts';
import { CSV_TYPE, XLSX_TYPE } from '../modules/export/export.routes';

type Method = 'get' | 'put' | 'post';

interface Operation {
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  rawBody?: string[];
  /** A file download: its media types. */
  rawResponse?: string[];
  response?: z.ZodType | null;
  responseStatus?: number;
  errors?: number[];
}

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});

/** The API's routes and their contracts; the schemas are the same zod objects the code uses. */
const operations: Record<string, Partial<Record<Method, Operation>>> = {
  '/api/health': {
    get: { summary: 'Estado del servidor', auth: false, response: healthResponseSchema },
  },
  '/api/config': {
    get: {
      summary: 'Configuración pública (SAX, tamaño máximo)',
      auth: false,
      response: clientConfigResponseSchema,
    },
  },
  '/api/stats': {
    get: {
      summary: 'Cifras públicas calculadas de la base de datos',
      auth: false,
      response: statsResponseSchema,
    },
  },
  '/api/profile': {
    get: { summary: 'Perfil del usuario', auth: true, response: profileSchema, errors: [401, 404] },
    put: {
      summary: 'Actualiza nombre, apellido y empresa (solo cuentas de Holgura)',
      auth: true,
      body: updateProfileRequestSchema,
      response: profileSchema,
      errors: [400, 401, 403],
    },
  },
  '/api/cases': {
    get: {
      summary: 'Casos del usuario, del más reciente al más antiguo',
      auth: true,
      response: caseListResponseSchema,
      errors: [401],
    },
  },
  '/api/cases/{caseId}': {
    put: {
      summary: 'Crea o actualiza un caso',
      auth: true,
      body: upsertCaseRequestSchema,
      response: null,
      errors: [400, 401, 404],
    },
  },
  '/api/cases/{caseId}/data': {
    get: {
      summary: 'Resultados del caso',
      auth: true,
      response: caseDataSchema,
      errors: [401, 404],
    },
    put: {
      summary: 'Guarda los resultados del caso',
      auth: true,
      body: upsertCaseDataRequestSchema,
      response: null,
      errors: [400, 401, 404],
    },
  },
  '/api/cases/{caseId}/network': {
    get: {
      summary:
        'Vista de la red del caso: barras con su posición, ramas con el flujo DC del caso base y ' +
        'su capacidad, generadores (404 si el caso se analizó antes de existir la vista)',
      auth: true,
      response: networkViewResponseSchema,
      errors: [401, 404],
    },
  },
  '/api/cases/{caseId}/coordinates': {
    put: {
      summary:
        'Reemplaza las posiciones de las barras por las de un CSV barra,latitud,longitud ' +
        '(coma o punto y coma, hasta 2 MB); solo casos propios',
      auth: true,
      rawBody: ['text/csv', 'text/plain'],
      response: networkViewResponseSchema,
      errors: [400, 401, 404, 413, 415],
    },
  },
  '/api/demo-study/network': {
    get: {
      summary: 'Vista de la red del estudio de demostración (mapa de capacidad de /resultados)',
      auth: true,
      response: networkViewResponseSchema,
      errors: [401, 404],
    },
  },
  '/api/demo-case': {
    get: {
      summary: 'Caso de demostración más reciente',
      auth: false,
      response: demoCaseResponseSchema,
      errors: [404],
    },
  },
  '/api/cases/{caseId}/export/constraints.xlsx': {
    get: {
      summary:
        'Restricciones de un nivel en Excel (consulta: level). Números reales con formato; ' +
        'también .csv (es-CO: separador ";", coma decimal, UTF-8 con BOM)',
      auth: true,
      rawResponse: [XLSX_TYPE],
      errors: [400, 401, 404, 409],
    },
  },
  '/api/cases/{caseId}/export/constraints.csv': {
    get: {
      summary: 'Restricciones de un nivel en CSV es-CO (consulta: level)',
      auth: true,
      rawResponse: [CSV_TYPE],
      errors: [400, 401, 404, 409],
    },
  },
  '/api/cases/{caseId}/export/generators.xlsx': {
    get: {
      summary: 'Análisis de generadores de una restricción en Excel (consulta: level, constraint)',
      auth: true,
      rawResponse: [XLSX_TYPE],
      errors: [400, 401, 404, 409],
    },
  },
  '/api/cases/{caseId}/export/generators.csv': {
    get: {
      summary:
        'Análisis de generadores de una restricción en CSV es-CO (consulta: level, constraint)',
      auth: true,
      rawResponse: [CSV_TYPE],
      errors: [400, 401, 404, 409],
    },
  },
  '/api/export/busbar-capacities.xlsx': {
    get: {
      summary:
        'Capacidad de conexión por barra, escenario y año en Excel (consulta opcional: familyId)',
      auth: true,
      rawResponse: [XLSX_TYPE],
      errors: [401, 404],
    },
  },
  '/api/export/busbar-capacities.csv': {
    get: {
      summary: 'Capacidad de conexión en CSV es-CO (consulta opcional: familyId)',
      auth: true,
      rawResponse: [CSV_TYPE],
      errors: [401, 404],
    },
  },
  '/api/casesCalculate/calculate': {
    post: {
      summary: 'Sube un caso (MATPOWER o PSS/E RAW, opcionalmente comprimido con xz) y lo analiza',
      auth: true,
      rawBody: ['application/x-xz', 'application/octet-stream', 'text/plain'],
      response: uploadResponseSchema,
      responseStatus: 202,
      errors: [400, 401, 413, 415],
    },
  },
  '/api/jobs/{jobId}': {
    get: {
      summary: 'Estado y progreso de un análisis',
      auth: true,
      response: jobStatusSchema,
      errors: [401, 404],
    },
  },
  '/api/jobs/{jobId}/events': {
    get: {
      summary: 'Progreso del análisis como Server-Sent Events (evento "status")',
      auth: true,
      response: null,
      errors: [401, 404],
    },
  },
  '/cases': {
    get: {
      summary: 'API de cálculo original: casos del usuario',
      auth: true,
      response: legacyCasesResponseSchema,
      errors: [401],
    },
  },
  '/download-excel/api-results': {
    post: {
      summary: 'API de cálculo original: resultados de casos (también bajo /api)',
      auth: true,
      body: legacyResultsRequestSchema,
      response: legacyResultsResponseSchema,
      errors: [400, 401, 404],
    },
  },
};

export function openApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(operations)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(methods)) {
      const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      const responses: Record<string, unknown> = {
        [String(op.responseStatus ?? 200)]: {
          description: 'OK',
          ...(op.response === null || op.response === undefined
            ? {}
            : { content: json(op.response) }),
          ...(op.rawResponse
            ? {
                content: Object.fromEntries(
                  op.rawResponse.map((type) => [
                    type,
                    { schema: { type: 'string', format: 'binary' } },
                  ]),
                ),
              }
            : {}),
        },
      };
      for (const status of op.errors ?? []) {
        responses[String(status)] = { description: 'Error', content: json(apiErrorSchema) };
      }
      // Every route but the static client configuration reads the database.
      if (path !== '/api/config') {
        responses['503'] = {
          description: 'La base de datos no responde (DATABASE_UNAVAILABLE, con Retry-After)',
          content: json(apiErrorSchema),
        };
      }
      paths[path][method] = {
        summary: op.summary,
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(op.auth ? { security: [{ bearer: [] }, { sessionCookie: [] }] } : {}),
        ...(op.body ? { requestBody: { required: true, content: json(op.body) } } : {}),
        ...(op.rawBody
          ? {
              requestBody: {
                required: true,
                content: Object.fromEntries(
                  op.rawBody.map((type) => [
                    type,
                    { schema: { type: 'string', format: 'binary' } },
                  ]),
                ),
              },
            }
          : {}),
        responses,
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API de Holgura',
      version: '1',
      description:
        'Análisis N-1 y capacidad de conexión. Las cuentas (registro, inicio de sesión, TOTP, ' +
        'tokens de acceso) se sirven bajo /api/auth; la clave pública de los tokens está en ' +
        '/.well-known/jwks.json. Los errores tienen la forma {"error":{"code","message"}}.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Token de acceso de /api/auth/token o id token de SAX',
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
      },
    },
    paths,
  };
}

/** The OpenAPI document at /api/openapi.json and a browsable page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: openApiDocument(publicUrl) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
