import type { ContingencyCounts, RequestStatusName, WindowRuleName } from '@holgura/contracts';
import { formatInteger } from '../utils/format';

/**
 * Every word of /ventanas «Ventanas de asignación» (es-CO); numbers arrive formatted, except a
 * contingency file's counts, formatted here where their singular or plural is chosen.
 */

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
/** As count, the number in es-CO («3.734 contingencias»): a contingency file's figures. */
const counted = (n: number, one: string, many: string) =>
  `${formatInteger(n)} ${n === 1 ? one : many}`;

/** «3.190 de una rama, 544 de unidades»: a set's kinds, the ones it has. */
const contingencyKinds = (counts: ContingencyCounts) =>
  [
    counts.branch > 0 ? `${formatInteger(counts.branch)} de una rama` : null,
    counts.multiBranch > 0 ? `${formatInteger(counts.multiBranch)} de varias ramas` : null,
    counts.generator > 0 ? `${formatInteger(counts.generator)} de unidades` : null,
    counts.mixed > 0 ? counted(counts.mixed, 'mixta', 'mixtas') : null,
  ]
    .filter((kind) => kind !== null)
    .join(', ');

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
      'Reparte la capacidad de conexión de un caso analizado entre muchas solicitudes a la vez, con tres reglas lado a lado: orden de prioridad, máximo total y justa (max-min). Cada asignación cumple las restricciones N-0 y N-1 con todas las solicitudes conectadas juntas (por defecto, la salida de cada rama en servicio, una a la vez; o las contingencias propias del caso, si las eliges en «Opciones») y se explica con la restricción que la limita.',
  },
  list: {
    heading: 'Mis ventanas',
    total: (n: number) => `Ventanas – Total: ${n}`,
    newWindow: 'Nueva ventana',
    loading: 'Cargando ventanas...',
    error: (message: string) => `No se pudieron cargar las ventanas: ${message}`,
    retry: 'Reintentar',
    columnName: 'Ventana',
    columnCase: 'Caso o estudio',
    studyCell: (name: string) => `Estudio ${name}`,
    /** Under the case or study of a window on the planner's contingencies (issue #30). */
    caseSetCell: (study: boolean) =>
      study ? 'Con las contingencias del estudio' : 'Con las contingencias del caso',
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
    caseTitle: '1. Sobre qué se calcula, y nombre',
    source: 'La ventana se calcula sobre',
    sourceCase: 'Un caso analizado',
    sourceCaseHint: 'La asignación cabe en ese caso.',
    sourceStudy: 'Un estudio (asignación firme)',
    sourceStudyHint:
      'La misma asignación debe caber en cada escenario y año del estudio a la vez; cada solicitud cuenta desde su año de entrada.',
    studyLabel: 'Estudio',
    studyPlaceholder: 'Elige un estudio',
    studyOption: (name: string, cases: number) =>
      `${name} (${cases === 1 ? '1 caso' : `${cases} casos`} escenario × año)`,
    studiesLoading: 'Cargando estudios...',
    studiesError: (message: string) => `No se pudieron cargar los estudios: ${message}`,
    noStudies:
      'No tienes estudios. Crea uno en Estudios: la ventana se calcula sobre su versión más reciente.',
    goToStudies: 'Ir a Estudios',
    needsStudy: 'Elige el estudio sobre el que se calcula la ventana.',
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
      /** Issue #30: every branch, or the planner's set of the case (of the study's version). */
      contingencies: 'Contingencias',
      contingenciesHint:
        'Qué sale de servicio en las restricciones N-1 de la ventana. El caso base (N-0) se revisa siempre.',
      everyBranch: 'Cada rama en servicio, una a la vez',
      everyBranchHint: 'La salida de cada rama en servicio, una a la vez (por defecto).',
      caseSet: 'Las contingencias del caso',
      caseSetHint:
        'Las del planeador, subidas en «Contingencias» de /analisis: pueden sacar varias ramas a la vez (un doble circuito) o unidades de generación.',
      caseSetStudyHint:
        'Las del caso base con que se envió la versión más reciente del estudio; cada escenario y año las lee contra su propia red.',
      /** The set the window would run on: «contab_ACTIVSg2000.m: 3.734 contingencias». */
      caseSetFile: (fileName: string, total: number) =>
        `${fileName}: ${counted(total, 'contingencia', 'contingencias')}`,
      /** Why 'case-set' cannot be chosen (the radio is disabled). */
      caseSetPickCase: 'Elige primero un caso analizado.',
      caseSetPickStudy: 'Elige primero un estudio.',
      caseSetLoading: 'Consultando las contingencias del caso...',
      caseSetFailed: (message: string) =>
        `No se pudieron consultar las contingencias del caso: ${message}`,
      caseSetNoneCase:
        'El caso no tiene contingencias propias: súbelas en /analisis, «Contingencias».',
      caseSetNoneStudy: 'El estudio se envió con cada rama en servicio, una a la vez.',
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
      year: 'Año de entrada',
      actions: 'Quitar',
      cellLabel: (column: string, row: number) => `${column} de la solicitud ${row}`,
      remove: (row: number) => `Quitar la solicitud ${row}`,
      add: 'Agregar solicitud',
      clear: 'Quitar todas',
      none: 'Todavía no hay solicitudes: agrega una o cárgalas desde un archivo.',
      hint: 'Barra: el número de la barra en el caso. MW mínimos: lo mínimo que vale la pena construir (vacío: acepta cualquier parte; igual a los MW: todo o nada). Prioridad: se atiende primero la menor (vacío: el orden de las filas). Año de entrada: solo con un estudio, cuenta desde los casos de ese año (vacío: en todos). Decimales con coma.',
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
    /** A window over a study: firm in each of its scenario × year cases. */
    metaStudy: (
      studyName: string,
      version: number,
      cases: number,
      requests: number,
      mw: string,
      date: string,
    ) =>
      `Estudio ${studyName} (versión ${version}, firme en ${count(cases, 'caso', 'casos')} escenario × año) · ${count(requests, 'solicitud', 'solicitudes')} · ${mw} MW solicitados · creada el ${date}`,
    preExisting: { ignore: 'no limitan', limit: 'no pueden empeorar' },
    optionsLine: (preExisting: string, rating: string, cutoff: string) =>
      `Violaciones previas: ${preExisting} · capacidad poscontingencia: ${rating} · umbral del factor de distribución: ${cutoff}`,
    /** Issue #30: which contingencies the window runs on (the result's set once it is done). */
    contingencies: {
      everyBranch: 'Contingencias: cada rama en servicio, una a la vez',
      /** Before the result: the option alone. */
      caseSet: (study: boolean) => `Contingencias: las del ${study ? 'estudio' : 'caso'}`,
      /** «Contingencias: las del caso — contab_ACTIVSg2000.m, 3.734 (3.190 de una rama, …)». */
      set: (study: boolean, fileName: string, counts: ContingencyCounts) => {
        const kinds = contingencyKinds(counts);
        return `Contingencias: las del ${study ? 'estudio' : 'caso'} — ${fileName}, ${formatInteger(counts.total)}${kinds === '' ? '' : ` (${kinds})`}`;
      },
      /** On a case: how many were not screened; over a study, per scenario × year case. */
      notScreened: (n: number) =>
        `; ${formatInteger(n)} sin evaluar (separan la red o nadie repone la generación que sacan)`,
      notScreenedEach: (n: number) =>
        `; ${formatInteger(n)} sin evaluar en cada caso escenario × año (separan la red o nadie repone la generación que sacan)`,
      notScreenedUpTo: (n: number) =>
        `; hasta ${formatInteger(n)} sin evaluar por caso escenario × año (separan la red o nadie repone la generación que sacan)`,
      interfacesNotWatched: (n: number) =>
        n === 1
          ? 'La interfaz del archivo .mon no se vigila en las ventanas.'
          : `Las ${formatInteger(n)} interfaces del archivo .mon no se vigilan en las ventanas.`,
    },
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
    groupCase: (scenario: string, year: number) => ` en el caso ${scenario} ${year}`,
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
  /** The map of the requests (the case's network, each request's bus by its status). */
  map: {
    title: 'Mapa de solicitudes',
    caption: (rule: WindowRuleName) =>
      `Cada barra con solicitudes lleva el color y el símbolo de su estado con la regla ${ruleInSentence[rule]}. Pulsa una barra, o una solicitud de la lista, para ver su explicación.`,
    legendTitle: 'Estado con esta regla',
    legend: { ...status, mixed: 'Barra con solicitudes en estados distintos' },
    requestCount: (n: number) => count(n, 'solicitud', 'solicitudes'),
    busCount: (n: number) => count(n, 'barra', 'barras'),
    listTitle: 'Solicitudes por barra',
    bus: (bus: number, name: string) => `Barra ${bus} (${name})`,
    request: (id: string, state: RequestStatusName, awarded: string, requested: string) =>
      `${id}: ${status[state].toLowerCase()}, ${awarded} de ${requested} MW`,
    more: (n: number) => `+${n}`,
    detailLabel: 'Solicitudes',
    searchName: 'Buscar una barra en el mapa de solicitudes',
    ruleFailed: 'Con esta regla no hay asignación que mostrar en el mapa.',
    unavailable: 'El mapa de la red no está disponible en esta página.',
    noCase: 'Esta ventana no tiene una red que dibujar: su caso o su estudio ya no está.',
  },
  /** «¿Y si se retira?»: the window again without one request, to see who moves up. */
  withdraw: {
    button: (id: string) => `¿Y si se retira ${id}?`,
    hint: 'Calcula otra vez esta ventana sin esta solicitud (mismo caso o estudio, mismas opciones y las demás solicitudes) y compara quién sube.',
    sending: 'Creando la ventana...',
    created: (id: string) => `Ventana sin ${id} creada: se está calculando`,
    failed: (message: string) => `No se pudo crear la ventana sin esta solicitud: ${message}`,
  },
  /** A window made by withdrawing requests: who moves up against the original, rule by rule. */
  comparison: {
    title: '¿Quién sube?',
    intro: (ids: string, many: boolean, original: string | null) =>
      `Esta ventana es ${original === null ? 'otra ventana' : `«${original}»`} sin ${ids}: mismo caso o estudio, mismas opciones y las demás solicitudes. Así cambia la asignación de cada regla cuando ${many ? 'se retiran' : 'se retira'}.`,
    backToOriginal: 'Ver la ventana original',
    loading: 'Cargando la ventana original...',
    originalGone:
      'La ventana original ya no existe (se borró): no hay con qué comparar esta ventana.',
    originalError: (message: string) => `No se pudo cargar la ventana original: ${message}`,
    waiting: 'La comparación con la ventana original aparece cuando termine el cálculo.',
    ruleTitle,
    ruleFailed:
      'Sin comparación con esta regla: una de las dos ventanas no tiene asignación con ella.',
    freed: (ids: string, many: boolean, mw: string) =>
      `Al retirarse, ${ids} ${many ? 'dejan' : 'deja'} libres ${mw} MW (lo que ${many ? 'tenían' : 'tenía'} asignado).`,
    freedNothing: (ids: string, many: boolean) =>
      `${ids} no ${many ? 'tenían' : 'tenía'} MW asignados con esta regla.`,
    movedUp: (id: string, before: string, after: string, gain: string) =>
      `Sube ${id}: de ${before} a ${after} MW (+${gain} MW).`,
    movedDown: (id: string, before: string, after: string, loss: string) =>
      `Baja ${id}: de ${before} a ${after} MW (−${loss} MW).`,
    nobodyUp: 'Ninguna otra solicitud recibe más con esta regla.',
    taken: (taken: string, freed: string) =>
      `En total, las demás solicitudes toman ${taken} MW de más; se liberaron ${freed} MW.`,
    takenWithoutFreed: (taken: string, many: boolean) =>
      `En total, las demás solicitudes toman ${taken} MW de más: aunque no ${many ? 'tenían' : 'tenía'} MW asignados, su presencia cambiaba el reparto con esta regla.`,
    total: (before: string, after: string) => `El total asignado pasa de ${before} a ${after} MW.`,
    ids: (ids: readonly string[]) =>
      ids.length === 1 ? ids[0]! : `${ids.slice(0, -1).join(', ')} y ${ids[ids.length - 1]!}`,
  },
  /** The explanation of one request under one rule, sentence by sentence. */
  explain: {
    asked: (mw: string, bus: number, busName: string) =>
      `Pidió ${mw} MW en la barra ${bus} (${busName}).`,
    /** A window over a study: the year the request enters. */
    entersIn: (year: number) =>
      `Entra en ${year}: cuenta en los casos de ese año y los siguientes.`,
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
    /** A window over a study: the scenario × year case the row binds in. */
    inCase: (scenario: string, year: number) => ` en el caso ${scenario} ${year}`,
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
