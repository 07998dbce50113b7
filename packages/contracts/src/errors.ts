import { z } from 'zod';

/**
 * The closed set of API error codes and the Spanish text the UI shows for each. The only place
 * where error wording lives; the server sends `{ error: { code, message } }`.
 */
export const errorMessages = {
  NOT_FOUND: 'Recurso no encontrado',
  ROUTE_NOT_FOUND: 'La ruta solicitada no existe',
  VALIDATION_FAILED: 'La solicitud no es válida',
  INPUT_TOO_LARGE: 'El archivo supera el tamaño máximo permitido (10MB)',
  AUTH_REQUIRED: 'Usuario no autenticado',
  AUTH_TOKEN_INVALID: 'Sesión expirada. Vuelve a iniciar sesión.',
  AUTH_RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  PROFILE_NOT_EDITABLE: 'Solo las cuentas de Holgura pueden editar su perfil',
  PROFILE_NOT_FOUND: 'No se encontró el perfil del usuario',
  CASE_NOT_FOUND: 'No se encontró el caso',
  CASE_DATA_NOT_FOUND: 'El caso no tiene resultados guardados',
  DEMO_CASE_NOT_FOUND: 'No se encontraron casos en la base de datos',
  INTERNAL: 'Error interno del servidor',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodeSchema = z.enum(Object.keys(errorMessages) as [ErrorCode, ...ErrorCode[]]);

export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export function apiError(code: ErrorCode, message: string = errorMessages[code]): ApiError {
  return { error: { code, message } };
}
