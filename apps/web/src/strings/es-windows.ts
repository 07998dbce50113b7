import type { RequestStatusName, WindowRuleName } from '@holgura/contracts';

/** Every word of /ventanas «Ventanas de asignación» (es-CO); numbers arrive formatted. */

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The rules' names, as titles (cards, selector) and inside a sentence. */
const ruleTitle: Record<WindowRuleName, string> = {
  order: 'Orden de prioridad',
  max: 'Máximo total',
  fair: 'Justa (max-min)',
};
const ruleInSentence: Record<WindowRuleName, string> = {
  order: 'orden de prioridad',
  max: 'máximo total',
  fair: 'justa (max-min)',
};

const status: Record<RequestStatusName, string> = {
  complete: 'Completa',
  partial: 'Parcial',
  none: 'Sin asignación',
};

export const esWindows = {
  page: {
    title: 'Ventanas de asignación',
    intro:
      'Reparte la capacidad de conexión de un caso analizado entre muchas solicitudes a la vez, con tres reglas lado a lado: orden de prioridad, máximo total y justa (max-min). Cada asignación cumple las restricciones N-0 y N-1 con todas las solicitudes conectadas juntas, y se explica con la restricción que la limita.',
  },
  list: {
    heading: 'Mis ventanas',
    total: (n: number) => `Ventanas – Total: ${n}`,
    newWindow: 'Nueva ventana',
    loading: 'Cargando ventanas...',
    error: (message: string) => `No se pudieron cargar las ventanas: ${message}`,
    retry: 'Reintentar',
    columnName: 'Ventana',
    columnCase: 'Caso',
    columnRequests: 'Solicitudes',
    columnRequested: 'MW solicitados',
    columnState: 'Estado',
    columnTotals: 'MW asignados por regla',
    columnCreated: 'Creada',
    columnActions: 'Acciones',
    totals: {
      order: 'Orden',
      max: 'Máximo',
      fair: 'Justa',
    } satisfies Record<WindowRuleName, string>,
    ruleFailed: 'sin resultado',
    notYet: '—',
    view: 'Ver',
    viewLabel: (name: string) => `Ver la ventana ${name}`,
    delete: 'Borrar',
    deleteLabel: (name: string) => `Borrar la ventana ${name}`,
    actionsLabel: (name: string) => `Acciones de ${name}`,
    empty: {
      title: 'Aún no tienes ventanas',
      what: 'Una ventana reúne muchas solicitudes de conexión (barra y MW de cada proyecto) sobre uno de tus casos analizados y calcula cuántos MW recibe cada una si se conectan todas juntas, con tres reglas: por orden de prioridad, el máximo total y la justa (max-min).',
      how: 'Para empezar, pulsa «Nueva ventana»: elige un caso analizado y escribe las solicitudes o cárgalas desde la plantilla de Excel.',
    },
    deleteDialog: {
      title: 'Borrar ventana',
      body: (name: string) =>
        `Se borrará la ventana «${name}» con sus solicitudes y su asignación (si se está calculando, el cálculo se detiene). El caso no se borra. Esta acción no se puede deshacer.`,
      confirm: 'Borrar ventana',
      deleting: 'Borrando...',
      cancel: 'Cancelar',
      close: 'Cerrar',
    },
    deleted: 'Ventana borrada',
    deleteFailed: 'No se pudo borrar la ventana',
  },
  state: {
    queued: 'En cola',
    running: 'Calculando',
    done: 'Calculada',
    failed: 'Falló',
    cancelled: 'Cancelada',
    progressLabel: (name: string) => `Progreso de ${name}`,
  },
  form: {
    title: 'Nueva ventana',
    intro:
      'Elige un caso analizado, ponle un nombre a la ventana y agrega sus solicitudes: a mano, o desde la plantilla de Excel o un JSON.',
    backToList: 'Volver a Mis ventanas',
    caseTitle: '1. Caso y nombre',
    caseLabel: 'Caso analizado',
    casePlaceholder: 'Elige un caso',
    caseOption: (name: string, date: string) => `${name} (${date})`,
    casesLoading: 'Cargando casos...',
    casesError: (message: string) => `No se pudieron cargar los casos: ${message}`,
    noCases:
      'No tienes casos analizados. Sube un caso en Análisis y espera a que termine su análisis: la ventana se calcula sobre él.',
    goToAnalysis: 'Ir a Análisis',
    name: 'Nombre de la ventana',
    nameHint: 'Por ejemplo «Ventana 2027 – Región Caribe».',
    options: {
      title: 'Opciones',
      hint: 'Los valores por defecto sirven para la mayoría de las ventanas.',
      preExisting:
        'Violaciones previas (restricciones que ya están por encima de su límite sin ninguna solicitud)',
      ignore: 'Dejarlas aparte',
      ignoreHint:
        'Las violaciones que la red ya tiene son de la red, no de las solicitudes: no limitan la asignación (por defecto, como la cifra atribuible).',
      limit: 'Limitar',
      limitHint:
        'Ninguna solicitud puede empeorar una restricción que ya está violada: la que la cargue más recibe 0 MW (como la cifra estricta).',
      rating: 'Capacidad poscontingencia',
      ratingHint: 'El límite de cada elemento monitoreado después de una contingencia.',
      ratings: {
        emergency: 'Emergencia (B, o A si B es 0)',
        A: 'A (RATE_A)',
        B: 'B (RATE_B)',
        C: 'C (RATE_C)',
      },
      cutoff: 'Umbral del factor de distribución',
      cutoffHint:
        'Entre 0 y 0,5. Con 0 (por defecto) cuenta todo efecto de una solicitud sobre una restricción, por pequeño que sea.',
      cutoffInvalid: 'El umbral debe ser un número entre 0 y 0,5.',
    },
    requestsTitle: '2. Solicitudes',
    requestsIntro:
      'Una fila por solicitud: la barra del caso donde se conecta y los MW que pide. Puedes escribirlas aquí, cargarlas de la plantilla de Excel o de un JSON, o ambas cosas.',
    template: 'Descargar plantilla',
    templateFailed: 'No se pudo descargar la plantilla',
    pick: 'Cargar desde archivo',
    pickLabel: 'Archivo de solicitudes (Excel o JSON)',
    accepted: 'Plantilla de Excel (.xlsx) o JSON con «requests»',
    reading: 'Leyendo el archivo...',
    readFailed: (message: string) => `No se pudo leer el archivo: ${message}`,
    loaded: (n: number, file: string) =>
      `Se agregaron ${count(n, 'solicitud', 'solicitudes')} de «${file}». Puedes editarlas en la tabla.`,
    fileProblems: (n: number) =>
      n === 1
        ? 'El archivo tiene 1 problema y no se cargó:'
        : `El archivo tiene ${n} problemas y no se cargó:`,
    fileProblemsIntro: 'Corrígelo en el archivo y cárgalo de nuevo.',
    table: {
      caption: 'Solicitudes de la ventana',
      row: 'N.º',
      id: 'ID',
      name: 'Proyecto',
      company: 'Empresa',
      technology: 'Tecnología',
      bus: 'Barra',
      mw: 'MW',
      minMw: 'MW mínimos',
      priority: 'Prioridad',
      actions: 'Quitar',
      cellLabel: (column: string, row: number) => `${column} de la solicitud ${row}`,
      remove: (row: number) => `Quitar la solicitud ${row}`,
      add: 'Agregar solicitud',
      clear: 'Quitar todas',
      none: 'Todavía no hay solicitudes: agrega una o cárgalas desde un archivo.',
      hint: 'Barra: el número de la barra en el caso. MW mínimos: lo mínimo que vale la pena construir (vacío: acepta cualquier parte; igual a los MW: todo o nada). Prioridad: se atiende primero la menor (vacío: el orden de las filas). Decimales con coma.',
      page: (page: number, pages: number, from: number, to: number, total: number) =>
        `Página ${page} de ${pages} (solicitudes ${from}–${to} de ${total})`,
      previous: 'Anterior',
      next: 'Siguiente',
    },
    summary: (n: number, mw: string) =>
      `${count(n, 'solicitud', 'solicitudes')} · ${mw} MW solicitados`,
    summaryUnreadable: (n: number) =>
      n === 1
        ? '1 fila tiene MW que no son un número: se revisa al crear la ventana.'
        : `${n} filas tienen MW que no son un número: se revisan al crear la ventana.`,
    create: 'Crear y calcular ventana',
    creating: 'Creando...',
    needsCase: 'Elige el caso analizado sobre el que se calcula la ventana.',
    needsRequests: 'Agrega al menos una solicitud.',
    invalidTitle: (n: number) =>
      n === 1
        ? 'La ventana tiene 1 problema: no se creó'
        : `La ventana tiene ${n} problemas: no se creó`,
    invalidIntro: 'Corrige cada uno y vuelve a crear la ventana.',
    goTo: 'Ir a la celda',
    createFailed: (message: string) => `No se pudo crear la ventana: ${message}`,
    created: 'Ventana creada: se está calculando',
  },
  view: {
    backToList: 'Volver a Mis ventanas',
    loading: 'Cargando ventana...',
    error: (message: string) => `No se pudo cargar la ventana: ${message}`,
    meta: (caseName: string, requests: number, mw: string, date: string) =>
      `Caso ${caseName} · ${count(requests, 'solicitud', 'solicitudes')} · ${mw} MW solicitados · creada el ${date}`,
    preExisting: { ignore: 'no limitan', limit: 'no pueden empeorar' },
    optionsLine: (preExisting: string, rating: string, cutoff: string) =>
      `Violaciones previas: ${preExisting} · capacidad poscontingencia: ${rating} · umbral del factor de distribución: ${cutoff}`,
    progressTitle: 'Calculando la ventana',
    queued: 'En cola',
    running: 'Calculando',
    failedTitle: 'El cálculo de la ventana falló',
    cancelled: 'El cálculo de esta ventana se canceló: no tiene asignación.',
    lost: 'Se perdió el seguimiento del cálculo. Vuelve a cargar la página para ver su estado.',
    noResult: 'La ventana terminó sin asignación guardada.',
    rulesTitle: 'Las tres reglas',
    rulesCaption: 'MW asignados a todas las solicitudes juntas con cada regla.',
    ruleTitle,
    awarded: 'MW asignados',
    ofRequested: (percent: string) => `${percent} % de lo solicitado`,
    counts: (complete: number, partial: number, none: number) =>
      `${count(complete, 'completa', 'completas')} · ${count(partial, 'parcial', 'parciales')} · ${none} sin asignación`,
    ruleFailed: 'Sin resultado con esta regla',
    /** The screen found constraints still over their limit when it stopped (solver round-off). */
    excessNote: (n: number, mw: string) =>
      `${count(n, 'restricción queda', 'restricciones quedan')} por encima de su límite hasta en ${mw} MW (redondeo del solucionador).`,
    /** fair: the solver failed a level and the open requests kept the last level solved. */
    approximateFair: (n: number) =>
      `Aproximada: el solucionador no pudo resolver un nivel y ${count(n, 'solicitud quedó', 'solicitudes quedaron')} en el último nivel resuelto.`,
    standaloneTotal: (mw: string) => `Por sí solas sumarían ${mw} MW.`,
    standaloneNote:
      'Es la suma de la capacidad de cada solicitud calculada sola, como si las demás no existieran: no cuenta que compiten por las mismas líneas.',
    orderLeaves: (mw: string) =>
      `La regla de orden deja sin asignar ${mw} MW que la red podría tomar.`,
    requestsTitle: 'Solicitudes',
    ruleSelector: 'Regla',
    statusFilter: 'Estado',
    allStatuses: 'Todos',
    search: 'Buscar',
    searchPlaceholder: 'ID, proyecto o barra',
    shown: (shown: number, total: number) =>
      shown === total
        ? count(total, 'solicitud', 'solicitudes')
        : `${shown} de ${count(total, 'solicitud', 'solicitudes')}`,
    tableCaption: (rule: string) => `Solicitudes y su asignación con la regla ${rule}`,
    noMatches: 'Ninguna solicitud coincide con el filtro.',
    columns: {
      rank: 'Orden',
      id: 'ID',
      name: 'Proyecto',
      bus: 'Barra',
      requested: 'MW solicitados',
      standalone: 'MW por sí sola',
      awarded: 'MW asignados',
      status: 'Estado',
    },
    selectHeader: 'Solicitud seleccionada',
    selectLabel: (id: string) => `Ver la explicación de ${id}`,
    noAward: '—',
    status,
    explanationTitle: (id: string) => `Solicitud ${id}`,
    explanationEmpty: 'Explicación',
    explanationHint: 'Selecciona una solicitud en la tabla para ver por qué recibe lo que recibe.',
    groupsTitle: 'Grupos de barras',
    groupsIntro:
      'Solicitudes que comparten una restricción que las limita: juntas no pueden pasar de lo que la restricción deja, aunque cada una por sí sola cabría.',
    groupCap: (mw: string) => `Estas barras juntas: ≤ ${mw} MW`,
    groupConstraint: (element: string, contingency: string | null, limit: string | null) =>
      `«${element}» ${contingency === null ? 'en el caso base (N-0)' : `ante la contingencia «${contingency}»`}${limit === null ? '' : ` (límite ${limit} MVA)`}`,
    groupMembers: (buses: string, ids: string, requested: string) =>
      `Barras ${buses} · solicitudes ${ids} · piden ${requested} MW`,
    noGroups: 'Con esta regla ninguna restricción limita a dos o más solicitudes a la vez.',
    downloadsTitle: 'Descargas',
    exportTable: 'la asignación de las tres reglas',
    audit: 'Archivo de auditoría',
    auditHint:
      'Las solicitudes, las opciones y la huella (SHA-256) del caso y de las entradas: lo necesario para que un tercero reproduzca la asignación.',
    auditFailed: (message: string) => `No se pudo descargar el archivo de auditoría: ${message}`,
    delete: 'Borrar ventana',
  },
  /** The explanation of one request under one rule, sentence by sentence. */
  explain: {
    asked: (mw: string, bus: number, busName: string) =>
      `Pidió ${mw} MW en la barra ${bus} (${busName}).`,
    askedMin: (mw: string, bus: number, busName: string, minMw: string) =>
      `Pidió ${mw} MW en la barra ${bus} (${busName}), con un mínimo de ${minMw} MW.`,
    askedAllOrNothing: (mw: string, bus: number, busName: string) =>
      `Pidió ${mw} MW en la barra ${bus} (${busName}), todo o nada.`,
    standalone: (mw: string) => `Por sí sola cabrían ${mw} MW.`,
    standaloneAll: (mw: string) => `Por sí sola cabrían ${mw} MW: todo lo que pidió.`,
    award: (rule: WindowRuleName, mw: string, state: RequestStatusName) =>
      `Con la regla ${ruleInSentence[rule]} recibe ${mw} MW (${status[state].toLowerCase()}).`,
    ruleFailed: (rule: WindowRuleName, message: string) =>
      `Con la regla ${ruleInSentence[rule]} no hay asignación: ${message}.`,
    constraint: (
      first: boolean,
      element: string,
      contingency: string | null,
      limit: string | null,
    ) =>
      `${first ? 'La limita' : 'También la limita'} «${element}» ${contingency === null ? 'en el caso base (N-0)' : `ante la contingencia «${contingency}»`}${limit === null ? '' : ` (límite ${limit} MVA)`}`,
    sinkRoom: (first: boolean, limit: string | null) =>
      `${first ? 'La limita' : 'También la limita'} la capacidad del sumidero para bajar generación${limit === null ? '' : ` (${limit} MW en total)`}`,
    shadowPrice: (price: string) =>
      `; cada MW adicional de ese elemento liberaría ${price} MW (precio sombra).`,
    shadowPriceSink: (price: string) =>
      `; cada MW adicional de esa capacidad liberaría ${price} MW (precio sombra).`,
    noShadowPrice: '; ampliarlo a él solo no liberaría capacidad con esta regla (precio sombra 0).',
    nothingLimits: 'Ninguna restricción la limita: recibe todo lo que pidió.',
    limitUnknown: 'El resultado no registra qué restricción la limita.',
    competitors: (ids: string) => `Compite con ${ids}.`,
  },
} as const;

export type WindowStrings = typeof esWindows;
