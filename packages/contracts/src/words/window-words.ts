/**
 * Connection windows' words (issue #28) that the server writes into files (the Excel template,
 * exports) or into the problems of a requests file. Screen words live in the web's strings.
 */
export const windowWorkbookWords = {
  requestsSheet: 'Solicitudes',
  instructionsSheet: 'Instrucciones',
  /** Column headers of the template, in order; the reader matches them without accents or case. */
  columns: {
    id: 'ID solicitud',
    name: 'Proyecto',
    company: 'Empresa',
    technology: 'Tecnología',
    bus: 'Barra',
    mw: 'MW solicitados',
    minMw: 'MW mínimos',
    priority: 'Prioridad',
    year: 'Año de entrada',
  },
  instructions: [
    'Plantilla de solicitudes de una ventana de asignación de capacidad de conexión (Holgura).',
    'Una fila por solicitud en la hoja «Solicitudes». Las columnas a la derecha de las de la plantilla se ignoran.',
    'ID solicitud: texto único por solicitud (hasta 64 caracteres). Obligatorio.',
    'Barra: el número de la barra del caso donde se conecta (como en el archivo de red). Obligatorio.',
    'MW solicitados: la potencia pedida, en MW (≥ 0). Obligatorio.',
    'MW mínimos: lo mínimo que vale la pena construir (0 o vacío: acepta cualquier asignación parcial; igual a lo solicitado: todo o nada).',
    'Prioridad: posición en la fila o puntaje; se atiende primero la menor (regla «orden»). Vacío: el orden de las filas.',
    'Año de entrada: solo en una ventana sobre un estudio; la solicitud cuenta en los casos de ese año y los siguientes. Vacío: en todos.',
    'Proyecto, Empresa y Tecnología son opcionales y solo describen la solicitud.',
  ],
  /** The example rows of the template (buses of ACTIVSg2000, the bundled demo case). */
  exampleNote: 'Las filas de ejemplo usan barras del caso ACTIVSg2000: reemplázalas por las tuyas.',
} as const;

export const windowProblemWords = {
  request: (row: number) => `Solicitud ${row}`,
  field: {
    id: 'identificador',
    bus: 'barra',
    mw: 'MW solicitados',
    minMw: 'MW mínimos',
    priority: 'prioridad',
    name: 'proyecto',
    technology: 'tecnología',
    company: 'empresa',
    year: 'año de entrada',
  } as Record<string, string>,
  busUnknown: (bus: number) => `la barra ${bus} no está en el caso`,
  /** A window names one source: an analysed case or a study. */
  source:
    'Indica sobre qué se calcula la ventana: un caso analizado (caseId) o un estudio (studyId), uno solo',
  yearAfterStudy: (year: number, last: number) =>
    `el año ${year} es posterior al último año del estudio (${last}): la solicitud no contaría en ningún caso`,
  jsonSyntax: (detail: string) => `El archivo no es un JSON válido: ${detail}`,
  jsonShape:
    'El JSON debe ser un objeto con la lista «requests»: {"requests": [{"id", "bus", "mw", …}]}',
  noRequests: 'El archivo no tiene solicitudes: agrega al menos una fila en la hoja «Solicitudes»',
} as const;

/** A window made by withdrawing requests from another (who moves up): its name. */
export const windowWithdrawalWords = {
  name: (original: string, ids: readonly string[]) => {
    const shown =
      ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} y ${ids.length - 3} más`;
    return `${original} — sin ${shown}`;
  },
  withdrawnProblem: (id: string) => `la solicitud «${id}» no está en la ventana`,
  nothingLeft: 'Si se retiran todas las solicitudes, la ventana queda vacía: deja al menos una',
} as const;

/** Export headers of a window's awards (Excel and CSV). */
export const windowExportWords = {
  sheet: 'Asignación',
  columns: {
    rank: 'Orden',
    id: 'ID solicitud',
    name: 'Proyecto',
    company: 'Empresa',
    technology: 'Tecnología',
    bus: 'Barra',
    busName: 'Nombre de la barra',
    requestedMw: 'MW solicitados',
    minMw: 'MW mínimos',
    standaloneMw: 'MW por sí sola',
    order: 'MW regla orden',
    max: 'MW regla máximo',
    fair: 'MW regla justa',
    orderStatus: 'Estado (orden)',
    maxStatus: 'Estado (máximo)',
    fairStatus: 'Estado (justa)',
    orderLimit: 'Limitada por (orden)',
  },
  status: { complete: 'Completa', partial: 'Parcial', none: 'Sin asignación' },
  metadata: {
    requested: 'MW solicitados',
    standalone: 'MW por sí solas (suma)',
    order: 'MW regla orden',
    max: 'MW regla máximo',
    fair: 'MW regla justa',
    inputs: 'Huella de las entradas (SHA-256)',
    generated: 'Generado',
  },
  sinkRoom: 'Capacidad del sumidero',
  n0: 'N-0',
  ruleFailed: 'sin resultado',
} as const;
