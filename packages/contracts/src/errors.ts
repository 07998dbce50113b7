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
  REQUEST_TOO_LARGE: 'La solicitud es demasiado grande',
  REQUEST_TOO_DEEP: 'La solicitud JSON tiene demasiados niveles de anidación (el máximo es 64)',
  REQUEST_TIMEOUT:
    'La solicitud tardó demasiado en llegar completa y se cerró. Revisa la conexión e inténtalo de nuevo.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido',
  REQUEST_URI_TOO_LONG: 'La dirección solicitada es demasiado larga: revisa el enlace.',
  AUTH_REQUIRED: 'Usuario no autenticado',
  AUTH_TOKEN_INVALID: 'Sesión expirada. Vuelve a iniciar sesión.',
  CROSS_SITE_REQUEST: 'Solicitud rechazada: no proviene de Holgura',
  AUTH_RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  AUTH_ORIGIN_REFUSED:
    'Holgura no acepta iniciar sesión desde la página en la que estás (su dirección no es la de Holgura). Abre Holgura con su dirección habitual o pide al administrador que agregue esta a ALLOWED_ORIGINS.',
  AUTH_PASSWORD_WEAK:
    'La contraseña es demasiado común o fácil de adivinar. Usa al menos 8 caracteres y evita palabras, nombres, fechas y secuencias conocidas (por ejemplo, una frase de varias palabras).',
  // better-auth's failures, by its codes (apps/server/src/modules/auth/auth-errors.ts).
  AUTH_INVALID_CREDENTIALS: 'Correo electrónico o contraseña incorrectos',
  AUTH_EMAIL_INVALID: 'El correo electrónico no es válido',
  AUTH_PASSWORD_INCORRECT: 'La contraseña actual no es correcta',
  AUTH_PASSWORD_TOO_SHORT: 'La contraseña debe tener al menos 8 caracteres',
  AUTH_PASSWORD_TOO_LONG: 'La contraseña es demasiado larga (máximo 128 caracteres)',
  AUTH_ACCOUNT_EXISTS: 'Ya existe una cuenta con este correo electrónico',
  AUTH_ACCOUNT_NOT_FOUND: 'No se encontró la cuenta',
  AUTH_EMAIL_NOT_VERIFIED: 'El correo electrónico no está verificado',
  AUTH_RESET_LINK_INVALID:
    'El enlace para restablecer la contraseña no es válido: ya se usó, venció (dura una hora) o está incompleto. Pide uno nuevo.',
  AUTH_SESSION_NOT_FRESH: 'Por seguridad, vuelve a iniciar sesión antes de hacer este cambio.',
  AUTH_REDIRECT_REFUSED: 'La dirección de regreso no es de Holgura',
  AUTH_TOTP_CODE_INVALID: 'El código no es válido',
  AUTH_TOTP_EXPIRED: 'La verificación expiró. Vuelve a iniciar sesión.',
  AUTH_TOTP_TOO_MANY_ATTEMPTS: 'Demasiados códigos incorrectos. Vuelve a iniciar sesión.',
  AUTH_ACCOUNT_LOCKED:
    'Demasiados intentos de verificación fallidos: la cuenta queda bloqueada un momento. Inténtalo más tarde.',
  AUTH_TWO_FACTOR_NOT_ENABLED: 'La verificación en dos pasos no está activada en esta cuenta',
  AUTH_TWO_FACTOR_ALREADY_ENABLED: 'La verificación en dos pasos ya está activada en esta cuenta',
  AUTH_NOT_AVAILABLE: 'Esta operación de cuenta no está disponible en Holgura',
  AUTH_FAILED: 'No se pudo completar la operación de la cuenta. Inténtalo de nuevo.',
  PROFILE_NOT_EDITABLE: 'Solo las cuentas de Holgura pueden editar su perfil',
  PROFILE_NOT_FOUND: 'No se encontró el perfil del usuario',
  CASE_NOT_FOUND: 'No se encontró el caso',
  CASE_DATA_NOT_FOUND: 'El caso no tiene resultados guardados',
  CASE_NETWORK_NOT_FOUND:
    'Este caso no tiene la vista de red guardada: se analizó antes de que existiera. Vuelve a subirlo para verla.',
  DEMO_NETWORK_NOT_FOUND: 'El estudio de demostración no tiene la vista de red guardada',
  DEMO_CASE_NOT_FOUND: 'No se encontraron casos en la base de datos',
  JOB_NOT_FOUND: 'No se encontró el análisis solicitado',
  FLEXIBILITY_NOT_COMPUTED:
    'Los niveles de flexibilidad de este caso aún no están calculados: no hay nada que descargar',
  LEVEL_NOT_FOUND: 'El caso no tiene el nivel de flexibilidad solicitado',
  CONSTRAINT_NOT_FOUND: 'El nivel no tiene la restricción solicitada',
  BUSBAR_CAPACITY_NOT_FOUND: 'No hay resultados de capacidad de conexión para descargar',
  EXPORT_FAILED: 'No se pudo generar el archivo Excel. Inténtalo de nuevo en unos segundos.',
  JOB_WORKER_CRASHED:
    'El análisis se interrumpió repetidamente y se detuvo. Intenta de nuevo o revisa el archivo.',
  JOB_INTERNAL: 'El análisis falló por un error interno del servidor',
  UPLOAD_EMPTY: 'El archivo está vacío',
  UPLOAD_CONTENT_TYPE: 'Solo se permiten casos .raw, .m, .txt, .xz o .bin',
  UPLOAD_EXTENSION:
    'Solo se permiten casos .raw, .m, .txt, .xz o .bin: el nombre del archivo tiene otra extensión',
  UPLOAD_RATE_LIMITED:
    'Subiste demasiados archivos en el último minuto. Espera un momento y vuelve a intentarlo.',
  JOBS_LIMIT_REACHED:
    'Ya tienes el máximo de análisis y estudios en curso. Espera a que alguno termine (o cancélalo) y vuelve a intentarlo.',
  STORAGE_QUOTA_EXCEEDED:
    'Alcanzaste el espacio máximo para tus archivos. Elimina casos o estudios que ya no necesites y vuelve a intentarlo.',
  CASE_READ_ONLY: 'Los casos de demostración no se pueden modificar ni eliminar',
  CASE_IN_STUDY: 'Este caso es parte de un estudio: se elimina con el estudio, en /estudios',
  CASE_ID_RESERVED: 'Ese identificador de caso está reservado para los datos de demostración',
  // Engine failures, by the engine's stable codes (packages/engine util/engine-error.ts).
  INPUT_EMPTY: 'El archivo está vacío',
  INPUT_UNREADABLE: 'No se pudo leer el archivo',
  INPUT_COMPRESSED_UNSUPPORTED: 'El archivo comprimido no se pudo descomprimir',
  INPUT_XZ_CORRUPT: 'El archivo comprimido está dañado o incompleto',
  INPUT_FORMAT_UNSUPPORTED:
    'El formato del archivo no es compatible (se aceptan casos MATPOWER y PSS/E RAW)',
  PARSE_MATPOWER_SYNTAX: 'El caso MATPOWER tiene un error de sintaxis',
  PARSE_MATPOWER_FIELD_INVALID: 'El caso MATPOWER tiene un valor inválido',
  PARSE_MATPOWER_SECTION_MISSING: 'Al caso MATPOWER le falta una sección obligatoria',
  PARSE_MATPOWER_ROW_LENGTH: 'Una fila del caso MATPOWER no tiene el número de columnas esperado',
  PARSE_MATPOWER_NUMBER_OVERFLOW:
    'Un número del caso MATPOWER es demasiado grande: no cabe en un número de doble precisión',
  PARSE_COORDINATES_EMPTY: 'El archivo de coordenadas no tiene filas',
  HOURLY_PROFILES_MISSING:
    'Este caso no tiene perfiles horarios: súbelos (tabla de cambios de MATPOWER o CSV con una fila por hora) para calcular el año de horas',
  HOURLY_BUS_ISLANDED:
    'La barra está fuera de la isla principal del caso: una planta allí no puede entregar energía al sistema',
  HOURLY_PROFILES_INVALID:
    'El archivo de perfiles horarios no es una tabla de cambios de MATPOWER (chgtab = [ … ];) ni un CSV con una fila por hora y columnas hora, area N, area N factor, unidad BARRA/N, unidad BARRA/N fc, estado BARRA/N o tecnologia COMBUSTIBLE fc',
  HOURLY_PROFILES_UNRESOLVED:
    'El archivo de perfiles horarios nombra un área o una unidad que no está en el caso: no se calculó nada. Corrige la columna o la línea indicada.',
  HOURLY_PLANT_PROFILE_INVALID:
    'El perfil de la planta no sirve: debe tener un valor no negativo por hora, tantas horas como los perfiles del caso',
  HOURLY_PLANT_PROFILE_UNAVAILABLE:
    'Los perfiles horarios no traen ninguna unidad de esa tecnología: sube el perfil de la planta o elige una producción constante',
  CONTINGENCY_FILE_INVALID:
    'El archivo de contingencias no es una tabla de cambios de MATPOWER (chgtab = [ … ];) ni un archivo de contingencias de PSS/E (.con con bloques CONTINGENCY o reglas SINGLE / DOUBLE / PARALLEL)',
  CONTINGENCY_FILE_UNRESOLVED:
    'El archivo de contingencias tiene líneas que no corresponden a elementos del caso: no se guardó nada. Corrige las líneas indicadas y vuelve a subirlo.',
  CONTINGENCY_FILE_EMPTY: 'El archivo de contingencias no define ninguna contingencia',
  CONTINGENCY_RULES_EMPTY:
    'Las reglas no dan ninguna contingencia en este caso: revisa la tensión mínima, las áreas y las zonas',
  CONTINGENCY_FILE_TOO_LARGE:
    'El archivo de contingencias supera el tamaño máximo permitido (10 MB)',
  CONTINGENCY_FILE_MISSING:
    'Falta el archivo de contingencias (.con de PSS/E o tabla de cambios de MATPOWER): los archivos de subsistemas (.sub) y de elementos vigilados (.mon) lo acompañan, no lo reemplazan',
  CONTINGENCY_FILES_SAME_KIND:
    'Enviaste dos archivos del mismo tipo: envía un solo archivo de contingencias y, si los usas, un .sub y un .mon',
  CONTINGENCY_FILES_TOO_MANY:
    'Se aceptan a lo sumo tres archivos: las contingencias, sus subsistemas (.sub) y los elementos vigilados (.mon)',
  CONTINGENCY_SET_NOT_FOUND:
    'El caso no tiene archivo de contingencias: se calcula con todas las ramas, una a la vez',
  PARSE_COORDINATES_HEADER:
    'La cabecera del archivo de coordenadas debe nombrar las columnas barra, latitud y longitud',
  PARSE_COORDINATES_FIELD_INVALID: 'El archivo de coordenadas tiene un valor inválido',
  PARSE_COORDINATES_BUS_DUPLICATE: 'El archivo de coordenadas repite una barra',
  PARSE_COORDINATES_BUS_UNKNOWN: 'Ninguna barra del archivo de coordenadas está en el caso',
  PARSE_RAW_FIELD_INVALID: 'Un campo del archivo PSS/E RAW no es válido',
  PARSE_RAW_SECTION_TRUNCATED:
    'El archivo PSS/E RAW está incompleto: termina dentro de una sección de datos',
  PARSE_RAW_REVISION_UNSUPPORTED: 'Revisión de PSS/E no soportada: se leen las revisiones 29 a 35',
  PARSE_RAW_BUS_UNKNOWN:
    'El archivo PSS/E RAW se refiere a una barra que no está en los datos de barras',
  PARSE_RAW_BUS_DUPLICATE: 'El archivo PSS/E RAW define dos veces la misma barra',
  PARSE_RAW_NUMBER_OVERFLOW:
    'Un número del archivo PSS/E RAW es demasiado grande: no cabe en un número de doble precisión',
  MODEL_NETWORK_EMPTY: 'El caso no tiene barras: no hay ninguna red que analizar',
  MODEL_BUS_UNKNOWN: 'Un elemento hace referencia a una barra que no existe',
  MODEL_BUS_DUPLICATE: 'Hay números de barra repetidos',
  MODEL_NO_REFERENCE_BUS: 'El caso no tiene barra de referencia',
  MODEL_BRANCH_INDEX_INVALID: 'Índice de rama inválido',
  MODEL_BRANCH_ZERO_REACTANCE: 'Una rama en servicio tiene reactancia cero',
  POWERFLOW_AC_DIVERGED:
    'El flujo de carga AC no convergió: el caso no tiene una solución AC cerca de sus tensiones iniciales o sus datos son inconsistentes (revisa impedancias, demandas y consignas de tensión)',
  MODEL_CASE_TOO_LARGE: 'El caso es más grande de lo que este servidor analiza',
  JOB_TIME_LIMIT: 'El cálculo superó el tiempo máximo de este servidor y se detuvo',
  JOB_NOT_RUNNING: 'El cálculo ya terminó: no hay nada que cancelar',
  JOB_CANCEL_STUDY:
    'Este cálculo es un estudio: cancélalo desde /estudios (POST /api/studies/{studyId}/cancel), que además descarta sus casos a medio calcular',
  STUDY_TOO_LARGE: 'El estudio es más grande de lo que este servidor calcula',
  MODEL_VALUE_NOT_FINITE:
    'El caso tiene un valor infinito o indefinido (Inf o NaN) donde debe haber un número: una demanda, una impedancia o una generación. Corrige ese valor y vuelve a subirlo.',
  PARSE_MATPOWER_FIELD_IGNORED: 'Un campo del caso MATPOWER no se usa en el análisis',
  CLI_USAGE: 'Uso incorrecto de la línea de comandos',
  TRANSFER_GROUP_EMPTY: 'El grupo de estudio no tiene generadores con margen para subir',
  TRANSFER_SINK_EMPTY: 'No hay generación ni demanda que compense la transferencia',
  TRANSFER_RULE_UNAVAILABLE: 'Esa opción del análisis de transferencia aún no está disponible',
  TRANSFER_PLANT_UNKNOWN: 'El grupo de estudio nombra una planta que no está en el caso',
  TRANSFER_GENERATOR_UNKNOWN:
    'El grupo de estudio nombra una fila de generador que no está en el caso',
  TRANSFER_BUS_OUTSIDE_ISLAND:
    'La barra está fuera de la isla que aloja la transferencia: no tiene capacidad de conexión que verificar',
  TRANSFER_GROUP_NO_UNITS:
    'Ningún generador en servicio del caso pertenece al grupo de estudio elegido',
  CASE_NOT_ANALYSED:
    'El caso aún no tiene su análisis terminado: espera a que termine para estudiar otro grupo',
  CASE_GENERATORS_UNREADABLE: 'No se pudo leer la lista de generadores del caso',
  GROUP_ANALYSIS_NOT_FOUND: 'No se encontró el análisis del caso con ese grupo de estudio',
  BUSBAR_CAPACITIES_CASE_NOT_ANALYSED:
    'El análisis del caso no ha terminado (o falló): la capacidad de cada barra se calcula cuando termina',
  BUSBAR_NOT_IN_RESULT: 'La barra no está en el caso',
  BUSBAR_AC_CHECK_STUDY:
    'La verificación AC por barra está disponible para los casos subidos en /analisis, no para los casos de un estudio',
  CASE_CONTINGENCY_SET_MISSING:
    'El caso ya no tiene contingencias propias: la flexibilidad con ellas no se puede calcular. Súbelas de nuevo en «Contingencias» o calcula con cada rama.',
  WINDOW_CONTINGENCY_SET_MISSING:
    'El caso no tiene contingencias propias: súbelas en «Contingencias» de /analisis o calcula la ventana con cada rama en servicio.',
  STUDY_CONTINGENCY_SET_MISSING:
    'El estudio se envió sin contingencias propias (con cada rama en servicio): calcula la ventana con cada rama, o sube las contingencias en su caso base y envía el estudio de nuevo.',
  SHORT_CIRCUIT_UNAVAILABLE:
    'El caso no trae impedancias de las máquinas (un caso MATPOWER nunca las trae): indica una reactancia subtransitoria para calcular la potencia de cortocircuito',
  SHORT_CIRCUIT_PLACEHOLDER:
    'Todas las unidades traen el valor de relleno ZX = 1,0 sobre MBASE = SBASE de las exportaciones RAW públicas: la potencia de cortocircuito no significaría nada. Indica una reactancia subtransitoria',
  BUSBAR_AC_CHECK_STALE:
    'La capacidad guardada se calculó con una versión anterior de Holgura: recalcúlala (Opciones del análisis → Recalcular) antes de verificarla en AC',
  BUSBAR_CAPACITIES_NOT_READY:
    'La capacidad de cada barra de este caso aún no está calculada: espera a que termine su cálculo (o pídelo si el caso se analizó antes de que existiera)',
  BUSBAR_AC_ALL_TOO_LARGE:
    'Verificar en AC tantas barras tardaría demasiado en este servidor: filtra la tabla por área, tensión o nombre para verificar menos barras a la vez, o verifícalas una por una',
  BUSBAR_AC_ALL_NOTHING:
    'Todas las barras elegidas ya están verificadas en AC (o están fuera de la isla de transferencia): no hay nada que verificar',
  BUSBAR_AC_ALL_RESULT_GONE:
    'La capacidad por barra se calculó de nuevo mientras esperaba la verificación AC: pídela otra vez sobre el resultado nuevo',
  RESULT_PARTS_NOT_FOUND:
    'Los resultados de este caso se guardaron antes de que existieran por partes: léelos completos en /api/cases/{caseId}/data o vuelve a subir el caso',
  RESULT_FLEXIBILITY_MISSING:
    'Este resultado no tiene análisis de flexibilidad (niveles y restricciones): su grupo de estudio no se pudo calcular',
  RESULT_CONSTRAINT_NOT_FOUND: 'El resultado no tiene la restricción solicitada',
  LINALG_SINGULAR: 'La red no se pudo resolver: la matriz del sistema es singular',
  LINALG_DIMENSION_MISMATCH: 'Error interno de dimensiones en el cálculo',
  STUDY_NOT_FOUND: 'No se encontró el estudio',
  STUDY_INVALID: 'El estudio tiene errores',
  STUDY_FILE_MISSING:
    'Falta el archivo del estudio: envíalo en la parte «study» del formulario (JSON o Excel)',
  STUDY_FILE_TOO_LARGE: 'El archivo del estudio supera el tamaño máximo permitido (5MB)',
  STUDY_FILE_TYPE: 'El archivo del estudio debe ser JSON (.json) o Excel (.xlsx)',
  STUDY_CASE_MISSING:
    'Falta el caso base: envía el archivo de red en la parte «case» o el identificador de uno de tus casos analizados en «caseId»',
  STUDY_CASE_UNREADABLE: 'No se pudo leer el caso base del estudio',
  STUDY_READ_ONLY: 'El estudio de demostración no se puede modificar',
  STUDY_RUNNING:
    'El estudio ya se está calculando: espera a que termine o cancélalo antes de calcular una nueva versión',
  STUDY_NOT_RUNNING: 'El estudio no se está calculando: no hay nada que cancelar',
  STUDY_RESULTS_NOT_READY:
    'El estudio aún no tiene resultados: su informe se descarga cuando termine su primer cálculo',
  REPORT_FAILED: 'No se pudo generar el informe. Inténtalo de nuevo en unos segundos.',
  CASE_REPORT_NOT_READY:
    'El análisis del caso aún no termina: su informe se descarga cuando terminen el análisis y la capacidad de cada barra',
  CASE_REPORT_ANALYSIS_FAILED:
    'El análisis del caso falló o se canceló: no tiene resultados para un informe. Vuelve a subir el archivo para analizarlo de nuevo',
  CASE_REPORT_NOT_UPLOAD:
    'Este caso no es una subida analizada en /analisis (es de un estudio o se guardó por la API): el informe de un estudio se descarga en /estudios o /resultados',
  STUDY_MULTIPART_INVALID:
    'La solicitud debe ser un formulario multipart/form-data con las partes «case» (o «caseId») y «study»',
  JOB_CANCELLED: 'El cálculo se canceló',
  WINDOW_NOT_FOUND: 'No se encontró la ventana de asignación',
  WINDOW_INVALID: 'La ventana tiene errores',
  WINDOW_NOT_READY:
    'La ventana aún se está calculando (o su cálculo falló): su asignación se descarga cuando termina',
  WINDOW_WITHDRAW_NOT_READY:
    'La ventana aún no tiene asignación: espera a que termine su cálculo para ver qué pasa si se retira una solicitud',
  WINDOW_FILE_TYPE:
    'El archivo de solicitudes debe ser la plantilla de Excel (.xlsx) o un JSON (.json) con «requests»',
  WINDOW_SOLVER_FAILED:
    'El solucionador (HiGHS) no encontró una asignación óptima con esta regla; las otras reglas sí se calcularon',
  WINDOW_SOLVER_ABORTED:
    'La ventana es demasiado grande para el solucionador (HiGHS se quedó sin memoria): divídela en ventanas con menos solicitudes',
  WINDOW_CASE_NOT_ANALYSED:
    'El caso aún no está analizado (o su análisis falló): una ventana se calcula sobre un caso analizado',
  CASE_BUSES_NOT_FOUND:
    'Este caso no tiene guardada la lista de barras: se analizó antes de que existiera. Vuelve a subirlo.',
  INTERNAL: 'Error interno del servidor',
  DATABASE_UNAVAILABLE:
    'Holgura no está disponible en este momento: no hay conexión con la base de datos. Inténtalo de nuevo en unos minutos.',
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

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorMessages, code);
}

/**
 * The Spanish message for an engine failure, with where it happened: "… (línea 12, campo
 * BR_X)". Unknown codes fall back to the internal-error text rather than leaking English.
 */
export function describeEngineError(failure: {
  code: string;
  line?: number | undefined;
  field?: string | undefined;
  limit?: LimitExceeded | undefined;
}): { code: ErrorCode; message: string } {
  const code: ErrorCode = isErrorCode(failure.code) ? failure.code : 'JOB_INTERNAL';
  const where = [
    failure.line === undefined ? null : `línea ${failure.line}`,
    failure.field === undefined ? null : `campo ${failure.field}`,
  ].filter((part) => part !== null);
  const message = errorMessages[code];
  const limit = failure.limit === undefined ? '' : `: ${describeLimit(failure.limit)}`;
  return {
    code,
    message: where.length === 0 ? `${message}${limit}` : `${message}${limit} (${where.join(', ')})`,
  };
}

/** A configured limit the input passed (issue #26): which setting, its value and the input's. */
export interface LimitExceeded {
  /** The setting's name: MAX_CASE_BUSES, MAX_STUDY_CASES, … */
  readonly name: string;
  readonly limit: number;
  readonly actual: number;
}

const LIMIT_WORDS: Record<string, (limit: string, actual: string) => string> = {
  MAX_CASE_BUSES: (limit, actual) => `tiene ${actual} barras y el máximo es ${limit}`,
  MAX_STUDY_CASES: (limit, actual) =>
    `tiene ${actual} casos (escenarios × años) y el máximo es ${limit}`,
  MAX_STUDY_HOURS: (limit, actual) =>
    `tomaría unas ${actual} horas de cálculo y el máximo es ${limit}`,
  JOB_TIME_LIMIT_MINUTES: (limit, actual) => `llevaba ${actual} minutos y el máximo es ${limit}`,
  MAX_AC_VERIFICATION_MINUTES: (limit, actual) =>
    `tomaría unos ${actual} minutos de cálculo y el máximo es ${limit}`,
};

/** «tiene 100.000 barras y el máximo es 50.000 (MAX_CASE_BUSES)». */
export function describeLimit(limit: LimitExceeded): string {
  const number = (value: number) =>
    new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 }).format(value);
  const words = LIMIT_WORDS[limit.name];
  const text = words
    ? words(number(limit.limit), number(limit.actual))
    : `${number(limit.actual)} de un máximo de ${number(limit.limit)}`;
  return `${text} (${limit.name})`;
}
