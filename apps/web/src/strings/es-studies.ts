import {
  contingencySetWords,
  studyProblemWords,
  type ContingencyCounts,
  type StudyContingencySet,
} from '@holgura/contracts';
import { formatInteger } from '../utils/format';

/** Every word of /estudios, /estudios/nuevo and /estudios/<id>/editar (es-CO). */

const plural = (n: string, count: number, one: string, many: string) =>
  `${n} ${count === 1 ? one : many}`;

/** «3.734: 3.190 de una rama, 544 de unidades»: a set's total, then by kind. */
const setCounts = (counts: ContingencyCounts) => {
  const kinds = contingencySetWords.kinds(counts, formatInteger);
  return kinds === '' ? formatInteger(counts.total) : `${formatInteger(counts.total)}: ${kinds}`;
};

/** What a study's figures are computed on (issue #30), without the label. */
const setDescription = (set: StudyContingencySet | null) =>
  set === null
    ? contingencySetWords.everyBranchInline
    : `${contingencySetWords.setName(set)} — ${setCounts(set.counts)}`;

export const esStudies = {
  list: {
    title: 'Mis estudios',
    intro:
      'Tus estudios de capacidad de conexión: una red base, sus escenarios y años, los proyectos que entran y las barras candidatas. Cada estudio se calcula en el servidor; aquí sigues su avance, los editas y los vuelves a calcular.',
    heading: 'Estudios',
    total: (count: number) => `Estudios – Total: ${count}`,
    newStudy: 'Nuevo estudio',
    loading: 'Cargando estudios...',
    error: (message: string) => `No se pudieron cargar los estudios: ${message}`,
    retry: 'Reintentar',
    columnName: 'Estudio',
    columnState: 'Estado',
    columnSize: 'Casos y barras',
    columnUpdated: 'Actualizado',
    columnActions: 'Acciones',
    demoBadge: 'Demostración',
    version: (version: number) => `Versión ${version}`,
    resultsOf: (version: number) => `Resultados de la versión ${version}`,
    size: (scenarios: number, years: number, busbars: number) =>
      `${plural(String(scenarios), scenarios, 'escenario', 'escenarios')} × ${plural(String(years), years, 'año', 'años')} · ${plural(String(busbars), busbars, 'barra', 'barras')}`,
    noRowsYet: 'Todavía no tienes estudios propios.',
    empty: {
      title: 'Todavía no tienes estudios',
      what: 'Un estudio calcula la capacidad de conexión (MW) de las barras que elijas en cada escenario de demanda y cada año: parte de un caso base, le aplica el crecimiento de la demanda, los multiplicadores de cada escenario, los intercambios y los proyectos que entran en operación, y ejecuta el análisis N-1 en cada caso «escenario_año».',
      how: 'Para empezar, pulsa «Nuevo estudio»: sube un archivo de red (o elige uno de tus casos analizados) y llena el formulario, o carga el estudio desde la plantilla de Excel.',
      template: 'Descargar plantilla',
    },
    actions: {
      results: 'Ver resultados',
      edit: 'Editar',
      downloadExcel: 'Descargar Excel',
      downloadJson: 'Descargar JSON',
      cancel: 'Cancelar',
      cancelling: 'Cancelando...',
      delete: 'Borrar',
      label: (name: string) => `Acciones de ${name}`,
    },
    cancelled: 'Cálculo cancelado',
    cancelFailed: 'No se pudo cancelar el cálculo',
    downloadFailed: 'No se pudo descargar el archivo',
    deleteDialog: {
      title: 'Borrar estudio',
      body: (name: string) =>
        `Se borrarán el estudio «${name}», todas sus versiones y todos sus casos y resultados. Esta acción no se puede deshacer.`,
      confirm: 'Borrar estudio',
      deleting: 'Borrando...',
      cancel: 'Cancelar',
      close: 'Cerrar',
    },
    deleted: 'Estudio borrado',
    deleteFailed: 'No se pudo borrar el estudio',
  },
  /**
   * Issue #30: the contingencies a study is computed on — its case's set as it was when the
   * version was sent, or every in-service branch, one at a time.
   */
  contingencies: {
    label: 'Contingencias',
    /** The same without the label, as a line of its own: «Cada rama en servicio, una a la vez». */
    description: (set: StudyContingencySet | null) => {
      const text = setDescription(set);
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
    },
    /** «Contingencias: «plan.m» (tabla de cambios de MATPOWER) — 3.734: 3.190 de una rama, …». */
    sentence: (set: StudyContingencySet | null) => `Contingencias: ${setDescription(set)}`,
    /** The set of a newer version than the results shown (being computed, or failed). */
    sentenceOfVersion: (version: number, set: StudyContingencySet | null) =>
      `Contingencias de la versión ${version}: ${setDescription(set)}`,
    /** The list's compact line (its tooltip is `sentence`). */
    short: (set: StudyContingencySet | null) =>
      set === null
        ? `Contingencias: ${contingencySetWords.everyBranchInline}`
        : set.format === 'rules'
          ? `Contingencias por reglas (${formatInteger(set.counts.total)})`
          : `Contingencias: «${set.fileName}» (${formatInteger(set.counts.total)})`,
    /** The editor's note under the base case, once it is chosen. */
    note: {
      loading: 'Consultando las contingencias del caso…',
      error: (message: string) => `No se pudieron consultar las contingencias del caso: ${message}`,
      /** The case has a set: the file (or the rules) and how many it gives. */
      withSet: (set: {
        fileName: string;
        format: StudyContingencySet['format'];
        total: number;
        subsystemsFileName: string | null;
        monitoredFileName: string | null;
      }) => {
        if (set.format === 'rules') {
          return `El estudio se calculará con las contingencias de este caso, por ${contingencySetWords.setName(set)}: ${formatInteger(set.total)}. Las reglas se aplican de nuevo a la red de cada escenario y año.`;
        }
        const companions = [set.subsystemsFileName, set.monitoredFileName]
          .filter((name) => name !== null)
          .map((name) => `«${name}»`);
        return `El estudio se calculará con las contingencias de este caso: «${set.fileName}» (${formatInteger(set.total)})${
          companions.length === 0 ? '' : `, con ${companions.join(' y ')}`
        }. Se leen de nuevo en cada escenario y año; si una línea no se resuelve en alguno, ese caso se detiene y lo dice.`;
      },
      everyBranch: 'El estudio se calculará con cada rama en servicio, una a la vez.',
      /** After `everyBranch`, for a case: where its own contingencies are uploaded. */
      ownBefore: 'Para usar contingencias propias, ',
      ownLink: 'súbelas en el análisis del caso',
      ownAfter: '.',
      /** After `everyBranch`, for an uploaded network (a file has no set). */
      ownFromFile:
        'Para usar contingencias propias, súbelas en el análisis de un caso y elige ese caso aquí.',
    },
  },
  state: {
    queued: 'En cola',
    running: 'Calculando',
    done: 'Calculado',
    failed: 'Falló',
    cancelled: 'Cancelado',
    progressLabel: (name: string) => `Progreso de ${name}`,
    previousResults: (version: number) =>
      `Mientras tanto se muestran los resultados de la versión ${version}.`,
  },
  editor: {
    newTitle: 'Nuevo estudio',
    newIntro:
      'Define el estudio sobre un caso base: años, áreas, escenarios, proyectos y barras candidatas. Revísalo antes de calcularlo: Holgura te dice cada problema y cuánto tomará.',
    editTitle: 'Editar estudio',
    editIntro:
      'Cambia lo que necesites y calcúlalo de nuevo: se crea una versión nueva y los resultados de la anterior se siguen mostrando hasta que la nueva termine.',
    loading: 'Cargando estudio...',
    loadFailed: (message: string) => `No se pudo cargar el estudio: ${message}`,
    demoReadOnly: 'El estudio de demostración no se puede modificar.',
    backToList: 'Volver a Mis estudios',
    editingVersion: (name: string, version: number) =>
      `Editando «${name}». Al calcularlo se creará la versión ${version + 1}.`,
    runningNote:
      'Este estudio se está calculando: podrás calcular una versión nueva cuando termine o lo canceles.',
    formLabel: 'Formulario del estudio',
    invalidSummary: (count: number) =>
      count === 1
        ? 'Hay 1 campo por corregir: está marcado en el formulario.'
        : `Hay ${count} campos por corregir: están marcados en el formulario.`,
    review: 'Revisar',
    reviewing: 'Revisando...',
    reviewHint:
      'Revisar no guarda nada: comprueba el estudio contra el caso base y estima cuánto tomará.',
    reviewFailed: (message: string) => `No se pudo revisar el estudio: ${message}`,
    needsBaseCase: 'Elige el caso base antes de revisar el estudio.',
    staleReview: 'Cambiaste el estudio después de revisarlo: revísalo de nuevo antes de calcular.',
  },
  baseCase: {
    title: '1. Caso base',
    intro:
      'La red sobre la que se construyen los casos del estudio. Sus barras y áreas alimentan el resto del formulario.',
    modeLabel: 'Origen del caso base',
    modeFile: 'Subir un archivo de red',
    modeCase: 'Usar uno de mis casos analizados',
    pick: 'Seleccionar archivo',
    pickLabel: 'Archivo de red del caso base',
    hint: 'Máximo 10MB',
    accepted: 'Formatos aceptados: .raw, .m, .txt y, comprimidos con xz, .xz o .bin',
    remove: 'Remover archivo',
    size: (kb: string) => `${kb} KB`,
    invalidTitle: 'Archivo inválido',
    invalidBody: 'Solo se permiten casos .raw, .m, .txt, .xz o .bin',
    tooLargeTitle: 'Archivo demasiado grande',
    caseLabel: 'Caso analizado',
    casePlaceholder: 'Elige un caso',
    casesLoading: 'Cargando casos...',
    casesError: (message: string) => `No se pudieron cargar los casos: ${message}`,
    noCases: 'No tienes casos analizados. Sube uno en Análisis o usa un archivo de red aquí.',
    caseOption: (name: string, date: string) => `${name} (${date})`,
    storedNetwork:
      'La red guardada con el estudio: la versión nueva la usa sin subir el archivo otra vez. Para cambiarla, elige otro archivo o uno de tus casos analizados.',
    busesLoading: 'Leyendo las barras del caso...',
    busesError: (message: string) => `No se pudieron leer las barras del caso: ${message}`,
    busesReady: (buses: string, areas: number, areasText: string) =>
      `El caso tiene ${buses} barras y ${areas === 1 ? '1 área' : `${areasText} áreas`}.`,
  },
  loadFile: {
    title: 'Cargar desde archivo',
    intro:
      'Si preparaste el estudio en Excel (con la plantilla) o en JSON, cárgalo aquí: se revisa contra el caso base y llena el formulario para que lo revises.',
    pick: 'Cargar desde archivo',
    pickLabel: 'Archivo del estudio (JSON o Excel)',
    accepted: 'JSON (.json) o Excel (.xlsx), máximo 5MB',
    template: 'Descargar plantilla',
    templateHint:
      'La plantilla trae un ejemplo pequeño: una hoja por sección y una hoja de instrucciones.',
    needsBaseCase: 'Elige primero el caso base: el archivo se revisa contra él.',
    checking: 'Revisando el archivo...',
    loaded: (name: string) =>
      `Se cargó «${name}» en el formulario. Revísalo y pulsa «Revisar» para calcularlo.`,
    loadedWithProblems: (name: string, count: number) =>
      `Se cargó «${name}» en el formulario, con ${count === 1 ? '1 problema' : `${count} problemas`}: corrígelos aquí o en el archivo.`,
    fileProblems: (count: number) =>
      count === 1 ? 'El archivo tiene 1 problema:' : `El archivo tiene ${count} problemas:`,
    notLoaded: (count: number) =>
      count === 1
        ? 'El archivo tiene 1 problema y no se cargó:'
        : `El archivo tiene ${count} problemas y no se cargó:`,
    failed: (message: string) => `No se pudo revisar el archivo: ${message}`,
  },
  general: {
    title: '2. Datos del estudio',
    name: 'Nombre del estudio',
    description: 'Descripción (opcional)',
    networkLabel: 'Descripción de la red',
    networkLabelHint:
      'Se muestra con los resultados: qué red es y, si es sintética o ilustrativa, que lo diga.',
  },
  years: {
    title: '3. Años',
    intro: 'Los años del estudio, en orden creciente y sin repetir (entre 2000 y 2100).',
    year: (n: number) => `Año ${n}`,
    add: 'Agregar año',
    remove: (n: number) => `Quitar el año ${n}`,
    none: 'Todavía no hay años.',
  },
  areas: {
    title: '4. Áreas y crecimiento de la demanda',
    intro:
      'Las áreas del caso que usa el estudio, con el nombre por el que los escenarios las nombran y su crecimiento anual de la demanda.',
    number: (n: number) => `Número del área ${n}`,
    name: (n: number) => `Nombre del área ${n}`,
    growth: (n: number) => `Crecimiento anual del área ${n} (%)`,
    columnNumber: 'Número',
    columnName: 'Nombre',
    columnGrowth: 'Crecimiento anual (%)',
    growthHint: 'En % por año: 1,5 = 1,5 %. Vacío = sin crecimiento.',
    defaultName: (id: number) => `Área ${id}`,
    add: 'Agregar área',
    addFromCase: 'Agregar las áreas del caso',
    remove: (n: number) => `Quitar el área ${n}`,
    none: 'Sin áreas: la demanda queda como en el caso base.',
    notInCase: (id: number) => `El área ${id} no está en el caso base`,
  },
  scenarios: {
    title: '5. Escenarios',
    intro:
      'Cada escenario se calcula en cada año: su nombre forma el nombre de cada caso («escenario_año»).',
    legend: (n: number) => `Escenario ${n}`,
    name: 'Nombre (sin espacios ni guiones bajos)',
    condition: 'Condición',
    conditionHint: 'El texto que acompaña sus resultados, p. ej. «Demanda alta en el Área 1».',
    multipliers: 'Multiplicadores de demanda por área',
    multipliersHint: '1 = como en el caso base. Vacío = 1.',
    multiplier: (area: string) => `Multiplicador de ${area}`,
    noAreas: 'Agrega áreas para poder cambiar su demanda en este escenario.',
    interchanges: 'Intercambios',
    interchangesHint: 'MW inyectados en una barra: positivo importa, negativo exporta.',
    interchangeName: 'Nombre del intercambio',
    interchangeBus: 'Barra',
    interchangeMw: 'MW',
    addInterchange: 'Agregar intercambio',
    removeInterchange: (n: number) => `Quitar el intercambio ${n}`,
    add: 'Agregar escenario',
    remove: (n: number) => `Quitar el escenario ${n}`,
  },
  projects: {
    title: '6. Proyectos',
    intro:
      'Las líneas y unidades que entran en operación: desde su año de entrada están en los casos de ese año y los siguientes.',
    legend: (n: number) => `Proyecto ${n}`,
    name: 'Nombre del proyecto',
    inServiceYear: 'Año de entrada en operación',
    branches: 'Líneas',
    units: 'Unidades de generación',
    branch: (n: number) => `Línea ${n}`,
    unit: (n: number) => `Unidad ${n}`,
    fromBus: 'Barra desde',
    toBus: 'Barra hasta',
    circuit: 'Circuito',
    rPu: 'R (pu)',
    xPu: 'X (pu)',
    bPu: 'B (pu)',
    rateAMva: 'Capacidad A (MVA)',
    rateBMva: 'Capacidad B (MVA)',
    bus: 'Barra',
    pMaxMw: 'Pmáx (MW)',
    pMinMw: 'Pmín (MW)',
    pMw: 'P (MW)',
    addBranch: 'Agregar línea',
    addUnit: 'Agregar unidad',
    removeBranch: (n: number) => `Quitar la línea ${n}`,
    removeUnit: (n: number) => `Quitar la unidad ${n}`,
    add: 'Agregar proyecto',
    remove: (n: number) => `Quitar el proyecto ${n}`,
    none: 'Sin proyectos: los casos usan la red base.',
    pu: 'R, X y B en por unidad en la base del caso.',
  },
  busbars: {
    title: '7. Barras candidatas',
    intro:
      'Las barras en las que se calcula la capacidad de conexión. Búscalas por número, nombre, tensión o área, elige todas las de una tensión o pega una lista.',
    chosen: (count: string) => `${count} barras elegidas`,
    chosenOne: '1 barra elegida',
    noCatalog: 'Elige el caso base para buscar sus barras.',
    search: 'Buscar por número o nombre',
    kv: 'Tensión (kV)',
    area: 'Área',
    show: 'Mostrar',
    all: 'Todas',
    onlyChosen: 'Solo las elegidas',
    notChosen: 'Sin elegir',
    areaOption: (id: number) => `Área ${id}`,
    kvOption: (kv: string) => `${kv} kV`,
    matches: (count: string) => `${count} barras coinciden`,
    matchesOne: '1 barra coincide',
    noMatches: 'Ninguna barra coincide con la búsqueda.',
    busLabelShort: (number: number) => `Barra ${number}`,
    busLabel: (number: number, name: string, kv: string, area: number) =>
      `Barra ${number} · ${name} · ${kv} kV · Área ${area}`,
    listLabel: 'Barras que coinciden',
    previous: 'Anterior',
    next: 'Siguiente',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    chooseMatches: (count: string) => `Elegir las ${count} que coinciden`,
    unchooseMatches: (count: string) => `Quitar las ${count} que coinciden`,
    clear: 'Quitar todas',
    minKv: 'Tensión mínima (kV)',
    chooseAbove: (kv: string) => `Elegir todas las barras de ${kv} kV o más`,
    chooseAboveInvalid: 'Escribe una tensión en kV, p. ej. 230.',
    addedAbove: (count: string, kv: string) => `Se agregaron ${count} barras de ${kv} kV o más.`,
    paste: 'Pegar una lista de números de barra',
    pasteHint: 'Separados por espacios, comas, punto y coma o saltos de línea.',
    addPasted: 'Agregar las barras de la lista',
    addedPasted: (count: string) => `Se agregaron ${count} barras de la lista.`,
    alreadyChosen: (count: string) => `${count} ya estaban elegidas.`,
    unknown: (list: string) => `No están en el caso: ${list}.`,
    notNumbers: (list: string) => `No son números de barra: ${list}.`,
    chosenNotInCase: (list: string) => `Barras elegidas que no están en el caso base: ${list}.`,
    busHint: (name: string, kv: string) => `${name} · ${kv} kV`,
    busUnknown: 'No está en el caso base',
  },
  options: {
    title: '8. Opciones del cálculo',
    tmaxMw: 'Tope de capacidad (MW)',
    tmaxHint:
      'La capacidad de una barra no se busca más allá de este valor (2.000 MW por defecto).',
    rating: 'Capacidad poscontingencia',
    ratingHint:
      'La capacidad de las ramas después de una contingencia: emergencia usa RATE_B si existe y si no RATE_A; A, B o C usan siempre esa.',
    ratings: { emergency: 'Emergencia', A: 'A', B: 'B', C: 'C' },
    cutoff: 'Corte del factor de distribución',
    cutoffHint:
      'Entre 0 y 1: una restricción cuyo factor de distribución es menor no limita la conexión (0,01 por defecto).',
    preExisting: 'Violaciones existentes',
    limit: 'Estricta',
    limitHint:
      'Si la red ya viola un límite en una contingencia y la unidad nueva lo empeora, la capacidad de esa barra es 0 MW.',
    ignore: 'Atribuible a la conexión',
    ignoreHint:
      'Las violaciones que la red ya tiene son de la red, no de la conexión: se informan sin limitar la capacidad.',
    /** Issue #31: each busbar × scenario × year checked beyond DC thermal. */
    verification: 'Verificación más allá del DC térmico',
    verificationIntro:
      'La capacidad DC solo mira la cargabilidad térmica. Estas verificaciones la comprueban en cada barra, escenario y año; la capacidad del estudio es la menor de las cifras, con su variable limitante. Cuestan tiempo: la verificación AC, unos 0,6 s por barra y caso en una red de 2.000 barras.',
    ac: 'Verificar en AC',
    acHint:
      'Flujos de carga AC con los límites de reactivos de las unidades, en N-0 y en al menos diez contingencias: térmica (MVA), tensión, potencia reactiva y convergencia.',
    shortCircuit: 'Verificar el cortocircuito (red débil)',
    shortCircuitHint:
      'La potencia de cortocircuito mínima N-1 de la barra dividida por el SCR mínimo: lo más que admite una planta con inversores sin que la red sea débil.',
    scrMin: 'SCR mínimo',
    scrMinHint: 'Relación de cortocircuito mínima que se exige (3 por defecto).',
    xdPu: 'X″d de las unidades sin datos (p.u. sobre MBASE, opcional)',
    xdHint:
      'Solo para las unidades sin datos de máquina: un caso MATPOWER no los trae y una exportación RAW con ZX = 1,0 en todas las unidades trae valores de relleno. Sin X″d, esos casos no tienen cifra de red débil (se dice por qué); con X″d, esas unidades se modelan con ella. Un valor típico es 0,2.',
    xdPlaceholder: 'p. ej. 0,2',
  },
  problems: {
    title: (count: number) =>
      count === 1 ? 'El estudio tiene 1 problema' : `El estudio tiene ${count} problemas`,
    intro: 'Corrígelos y vuelve a revisar. Cada uno dice dónde está.',
    goTo: 'Ir al campo',
    /** A workbook problem's place, worded as the server words it (contracts' studyProblemWords). */
    cell: (sheet: string, row: number | null, cell: string | null) =>
      [
        studyProblemWords.place.sheet(sheet),
        row === null ? null : studyProblemWords.place.row(row),
        cell === null ? null : studyProblemWords.place.cell(cell),
      ]
        .filter((part) => part !== null)
        .join(', '),
  },
  summary: {
    title: 'Listo para calcular',
    cases: (cases: string, scenarios: string, years: string) =>
      `${cases} casos = ${scenarios} escenarios × ${years} años`,
    capacities: (busbars: string, figures: string) =>
      `× ${busbars} barras = ${figures} capacidades`,
    years: (list: string) => `Años: ${list}`,
    projects: (count: string) => `Proyectos: ${count}`,
    network: (buses: string, branches: string, generators: string) =>
      `Red: ${buses} barras, ${branches} ramas, ${generators} generadores`,
    time: (estimate: string) => `Tiempo estimado: ~${estimate}`,
    verification: (settings: string) => `Verificación: ${settings}`,
    seconds: (n: string) => `${n} s`,
    minutes: (n: string) => `${n} min`,
    timeNote: 'Una estimación según el tamaño de la red; el cálculo corre en el servidor.',
    run: 'Calcular estudio',
    runVersion: 'Calcular nueva versión',
    starting: 'Enviando...',
    runFailed: (message: string) => `No se pudo calcular el estudio: ${message}`,
  },
  run: {
    title: 'Cálculo del estudio',
    progressLabel: 'Progreso del estudio',
    queued: 'En cola',
    running: 'Calculando',
    cancel: 'Cancelar',
    cancelling: 'Cancelando...',
    done: 'El estudio está calculado.',
    failed: 'El cálculo falló',
    cancelled: 'Cálculo cancelado. Los resultados anteriores, si los había, se conservan.',
    results: 'Ver resultados',
    list: 'Ir a Mis estudios',
    lost: 'Se perdió la conexión con el cálculo: consulta su estado en Mis estudios.',
  },
} as const;
