import { reportWords, sharedMethodParagraphs } from './report-words';
import { sharedWords } from './shared-words';

/**
 * The words of an uploaded case's report (issue #29: «un informe para llevar»), the PDF and the
 * Excel workbook alike: the file, the options, the N-1 screening, the flexibility, the capacity
 * of every bus and the method. The server builds both files; every word a reader sees in them
 * is here or, where both reports say the same, in report-words.ts. Numbers and dates arrive
 * already formatted (es-CO).
 */

/** The engine's warnings while reading a file (its `code`), in words: what it adjusted or left. */
const warningTitles: Readonly<Record<string, string>> = {
  PARSE_BUS_NAME_SANITISED:
    'Nombres de barra con caracteres de control o demasiado largos: se limpiaron o se acortaron',
  PARSE_MATPOWER_FIELD_IGNORED: 'Campos del caso MATPOWER que el análisis no usa: se ignoraron',
  PARSE_MATPOWER_BUS_NAME_IGNORED:
    'mpc.bus_name no tiene un nombre por barra: los nombres se ignoraron',
  PARSE_RAW_RECORD_IGNORED: 'Registros del archivo PSS/E RAW que no se leyeron',
  PARSE_RAW_SECTION_IGNORED: 'Secciones del archivo PSS/E RAW que el análisis no modela',
  PARSE_RAW_DEFAULT_VOLTAGE_LIMITS:
    'Las barras no tienen límites de tensión (NVHI/NVLO): se usaron los de por defecto',
  PARSE_RAW_CONVERSION_LOSSY:
    'Datos de PSS/E convertidos con una aproximación (cargas, generación distribuida, transformadores)',
  PARSE_RAW_REVISION_ASSUMED: 'El archivo no declara su revisión de PSS/E: se dedujo',
  PARSE_RAW_CHANGE_CASE:
    'El archivo se marca como caso de cambios (IC = 1): se leyó como caso base',
  PARSE_RAW_STAR_BUSES_ADDED:
    'Barras añadidas como punto estrella de los transformadores de tres devanados',
  PARSE_RAW_SWITCHES_CLOSED: 'Interruptores del archivo: cerrados, unidos o fuera de servicio',
};

/** The options' labels as «Opciones del análisis» in /analisis shows them. */
const optionLabels = {
  capMw: 'Tope por barra',
  postContingencyRating: 'Capacidad tras una contingencia',
  distributionFactorCutoff: 'Umbral del factor de distribución',
  sink: 'Quién compensa la inyección',
  slack: 'Despacho base',
} as const;

export const caseReportWords = {
  kind: 'Informe del caso',
  /** PDF metadata. */
  subject: 'Análisis N-1, flexibilidad y capacidad de conexión de cada barra de un caso',
  keywords: 'contingencias N-1, capacidad de conexión, flexibilidad, PTDF, LODF',
  fullNetwork: sharedWords.fullNetwork,
  /** «NOMBRE (número, kV)». */
  busbar: reportWords.busbar,
  none: '—',
  indicativeNote:
    'Las capacidades son indicativas: cada valor supone una sola conexión nueva en esa barra, con el resto de la red como en el caso; no son simultáneas ni aditivas entre barras.',

  cover: {
    case: 'Caso',
    description: 'Descripción',
    file: 'Archivo',
    uploaded: 'Subido',
    generated: 'Generado',
    contents: 'Contenido',
    highlights: 'Resumen de resultados',
    network: (buses: string, branches: string, generators: string) =>
      `${buses} barras, ${branches} ramas y ${generators} generadores.`,
    n1: (contingencies: string, overloads: string, pairs: string) =>
      `N-1: ${contingencies} contingencias analizadas; ${overloads} sobrecargas en el caso base y ${pairs} pares con sobrecarga post-contingencia.`,
    topLoading: (percent: string, monitored: string, contingency: string) =>
      `Mayor carga post-contingencia: ${percent} % en ${monitored} ante ${contingency}.`,
    capacity: (computed: string, median: string) =>
      `Capacidad de conexión calculada en ${computed} barras; mediana atribuible ${median}.`,
    lowest: (mw: string, busbar: string, limit: string) =>
      `Menor capacidad atribuible: ${mw} MW en ${busbar}. Elemento limitante: ${limit}.`,
    zero: (attributable: string, strict: string) =>
      `Barras en 0 MW: ${attributable} con la cifra atribuible, ${strict} con la estricta.`,
    fcitc: (group: string, attributable: string, strict: string) =>
      `Flexibilidad de ${group}: FCITC atribuible ${attributable} MW, estricta ${strict} MW.`,
    checks: (count: string) =>
      `${count} revisiones del archivo afectan a las cifras: se dicen en cada sección.`,
    approximate: (count: string) =>
      `${count} capacidades tienen una verificación AC que difiere más de 5 % o no convergió: son aproximadas.`,
    /** Issue #31: buses the weak grid (the N-1 minimum short circuit / SCR) leaves with less. */
    weakGrid: (count: string, scrMin: string) =>
      `${count} barras tienen menos capacidad por la red débil (razón de cortocircuito mínima ${scrMin}): el libro de Excel da en cada barra la capacidad menor y su variable limitante.`,
    capacityMissing:
      'La capacidad de cada barra no está calculada: el informe no la incluye (ver la sección 5).',
  },

  sections: {
    file: '1. Archivo y caso base',
    options: '2. Opciones del análisis',
    n1: '3. Contingencias N-1',
    flexibility: '4. Flexibilidad del grupo de estudio',
    capacity: '5. Capacidad de conexión por barra',
    lowest: '6. Barras de menor capacidad',
    highest: '7. Barras de mayor capacidad',
    method: '8. Método',
  },

  file: {
    name: 'Archivo',
    size: 'Tamaño',
    sizeText: (kb: string) => `${kb} KB`,
    format: 'Formato',
    matpower: 'MATPOWER',
    psse: (revision: number | null) =>
      revision === null ? 'PSS/E RAW' : `PSS/E RAW, revisión ${revision}`,
    compressed: (format: string) => `${format}, comprimido con xz`,
    baseMva: 'Potencia base',
    baseMvaText: (mva: string) => `${mva} MVA`,
    counts: {
      buses: 'Barras',
      branches: 'Ramas',
      generators: 'Generadores',
      loads: 'Cargas',
      islands: 'Islas eléctricas',
    },
    caseId: 'Identificador del caso',
    engine: 'Versión del motor de cálculo',
    warnings: 'Avisos de la lectura del archivo',
    warningsNote:
      'Lo que el lector del archivo ajustó o dejó de lado. Ninguno impide el análisis; las líneas son las del archivo.',
    noWarnings: 'La lectura del archivo no dejó avisos.',
    warningColumns: { what: 'Aviso', count: 'Veces', lines: 'Líneas' },
    warningTitle: (code: string) => warningTitles[code] ?? `Aviso del lector (${code})`,
    moreLines: (lines: string, more: string) => `${lines} y ${more} más`,
    checks: 'Revisiones del archivo',
    checksNote:
      'Lo que los datos del archivo hacen a las cifras, como /analisis lo dice junto a cada una.',
    noChecks: 'Las revisiones del archivo no encontraron nada que afecte a las cifras.',
    noBaseCase:
      'Este resultado se calculó antes de que Holgura registrara el despacho base y las revisiones del archivo.',
    affects: (figures: string) => `Afecta a ${figures}.`,
    figureNames: {
      n1: 'el análisis N-1',
      flexibility: 'la flexibilidad',
      capacity: 'la capacidad por barra',
    } as Readonly<Record<string, string>>,
    dispatch: 'Despacho base',
    dispatchRows: {
      slack: 'Regla',
      loadMw: 'Demanda',
      generationMw: 'Generación del archivo',
      mismatch: 'Desbalance (generación − demanda)',
      mismatchText: (mw: string, percent: string) => `${mw} MW (${percent} % de la demanda)`,
      participants: 'Unidades que lo repartieron',
      unitsAtLimit: 'Unidades que llegaron a un límite',
      unabsorbed: 'Desbalance que no cupo en los límites',
    },
    slacks: {
      distributed: 'Distribuido entre las unidades',
      single: 'Único: la unidad de referencia (MATPOWER)',
    } as Readonly<Record<string, string>>,
    mw: (mw: string) => `${mw} MW`,
    largestChanges: 'Mayores cambios del despacho base',
    changeColumns: {
      unit: 'Unidad (fila)',
      bus: 'Barra',
      from: 'Archivo (MW)',
      to: 'Despacho base (MW)',
    },
    referenceUnits: 'Unidades de referencia de cada isla',
    referenceColumns: {
      unit: 'Unidad (fila)',
      bus: 'Barra',
      file: 'Archivo (MW)',
      single: 'Con despacho único (MW)',
    },
    unitBus: (name: string, bus: number) => `${name} (${bus})`,
  },

  options: {
    intro:
      'Las opciones con que se calcularon la capacidad de cada barra y la flexibilidad del grupo, en las palabras de «Opciones del análisis» de /analisis.',
    columns: { option: 'Opción', value: 'Valor', meaning: 'Qué significa' },
    labels: optionLabels,
    capText: (mw: string) => `${mw} MW`,
    ratings: {
      emergency: 'Emergencia (RATE_B, o RATE_A si no la hay)',
      A: 'RATE_A',
      B: 'RATE_B',
      C: 'RATE_C',
    } as Readonly<Record<string, string>>,
    sinks: {
      auto: 'Automático: las demás unidades según su margen para bajar; las cargas si suben todas',
      'headroom-down': 'Las demás unidades, en proporción a su margen para bajar (P0 − Pmin)',
      'initial-output': 'Las demás unidades, en proporción a su generación inicial (P0)',
      loads: 'Las cargas, en proporción a su demanda',
      group: 'Un grupo de unidades nombrado',
    } as Readonly<Record<string, string>>,
    slacks: {
      distributed: 'Distribuido entre las unidades',
      single: 'Único: la unidad de referencia (MATPOWER)',
    } as Readonly<Record<string, string>>,
    meanings: {
      capMw:
        'Lo más que se estudia para una conexión en una barra: una cifra igual al tope no tiene elemento limitante.',
      postContingencyRating:
        'El límite de cada elemento monitoreado después de una contingencia; con la red completa (N) vale RATE_A.',
      distributionFactorCutoff:
        'Una restricción cuyo factor de distribución es menor que este valor (en valor absoluto) no limita.',
      sink: 'Quién baja su generación (o su demanda) por cada MW que entra en la transferencia.',
      slack:
        'Quién toma el desbalance del archivo (sus pérdidas AC) en el caso base DC, antes de cualquier transferencia.',
    },
    contingencies: 'Contingencias',
    contingenciesValue: 'N-1: cada rama en servicio, una a la vez',
    contingenciesMeaning:
      'Una rama cuya salida separa la red en islas no es una contingencia normal y no limita.',
    /** Issue #30: the busbar capacities computed on a planner's contingency file. */
    contingencySet: 'Contingencias de la capacidad por barra',
    contingencySetValue: (fileName: string, counts: string) => `Archivo ${fileName}: ${counts}`,
    contingencySetCounts: (
      total: string,
      branch: string,
      multiBranch: string,
      generator: string,
      mixed: string,
      notScreened: string,
    ) =>
      `${total} contingencias (${branch} de una rama, ${multiBranch} de varias ramas, ${generator} de unidades, ${mixed} mixtas); ${notScreened} no evaluadas`,
    contingencySetMeaning:
      'La capacidad por barra se calculó con las contingencias del archivo del planificador (más el caso base); las que separan la red o pierden una unidad que nadie reemplaza no se evalúan. El análisis N-1 sigue sacando cada rama, una a la vez.',
    flexibility: 'Lo que registró la flexibilidad',
    flexibilityRows: {
      group: 'Grupo de estudio',
      chosenBy: 'Elegido por',
      chosen: { default: 'La regla por defecto', request: 'El usuario' } as Readonly<
        Record<string, string>
      >,
      sink: 'Quién compensa la transferencia',
      levels: 'Niveles',
      cutoff: 'Umbral del factor de distribución',
      rating: 'Capacidad tras una contingencia',
      generatorOutages: 'Salidas de generadores (G-1)',
      yes: 'Incluidas',
      no: 'No incluidas',
      slack: 'Despacho base',
    },
    capacityRun: 'Lo que registró la capacidad por barra',
    capacityRows: {
      monitored: 'Elementos monitoreados',
      contingencies: 'Contingencias',
      sinkRoom: 'Margen de la generación que compensa',
      sinkRoomText: (mw: string) => `${mw} MW: ninguna conexión puede superarlo`,
      unbounded: 'Sin límite (compensan las cargas)',
      computeTime: 'Tiempo de cálculo',
      computeTimeText: (seconds: string) => `${seconds} s`,
      computedAt: 'Calculada',
    },
  },

  n1: {
    intro:
      'Cada rama en servicio sale una a la vez; el flujo DC de cada elemento monitoreado se compara con su límite (RATE_A en el caso base, la capacidad tras una contingencia después).',
    counts: {
      contingencies: 'Contingencias analizadas',
      islandingContingencies: 'Contingencias que separan la red',
      monitored: 'Elementos monitoreados',
      baseCaseOverloads: 'Sobrecargas en caso base',
      overloadedPairs: 'Pares con sobrecarga post-contingencia',
    },
    top: 'Mayores cargas post-contingencia',
    topCaption:
      'Flujo DC de cada elemento monitoreado con la contingencia indicada, frente a su límite.',
    baseTop: 'Mayores cargas en el caso base (N-0)',
    columns: {
      rank: '#',
      monitored: 'Elemento monitoreado',
      contingency: 'Elemento en contingencia',
      flow: 'Flujo (MW)',
      limit: 'Límite (MVA)',
      loading: 'Carga (%)',
    },
    baseCase: 'Caso base (N-0)',
    noTop: 'Ningún elemento monitoreado tiene carga que mostrar.',
  },

  flexibility: {
    absent:
      'Este caso no tiene análisis de flexibilidad: su grupo de estudio no se pudo calcular. Las cifras N-1 y la capacidad por barra no dependen de él.',
    group: 'Grupo de estudio',
    why: 'Por qué este grupo',
    noGroup: 'Este resultado se calculó antes de que Holgura registrara el grupo de estudio.',
    units: 'Unidades que suben',
    tmax: 'Margen del grupo (Tmax)',
    fcitc: {
      attributable: 'FCITC atribuible',
      strict: 'FCITC estricta',
    },
    limiting: (monitored: string, contingency: string, mw: string) =>
      `Restricción limitante: ${monitored} ante ${contingency}, que llega a su límite con ${mw} MW de transferencia.`,
    noLimiting: 'Ninguna restricción limita antes de Tmax: la FCITC es el margen del grupo.',
    oneFigure: 'Este resultado se calculó antes de las dos cifras: su única FCITC es la estricta.',
    levels: 'Niveles de flexibilidad',
    levelsCaption:
      'Cada nivel n de N transfiere T(n) = n/N · Tmax; su flexibilidad es 100 · mín(1, FCITC / T(n)), con las restricciones que llegan a su límite antes de T(n).',
    levelColumns: {
      level: 'Nivel',
      transfer: 'Transferencia (MW)',
      attributable: 'Flexibilidad atribuible (%)',
      attributableCount: 'Restricciones (atribuible)',
      strict: 'Flexibilidad estricta (%)',
      strictCount: 'Restricciones (estricta)',
    },
    noLevels: 'Ningún nivel: el grupo no tiene margen para subir.',
    counts: (constraints: string, plants: string) =>
      `${constraints} restricciones y ${plants} plantas en el resultado.`,
    preExisting: (total: string, worsens: string, relieves: string, unaffected: string) =>
      `${total} pares de elemento y contingencia superan su límite sin transferencia: la transferencia empeora ${worsens}, alivia ${relieves} y no afecta ${unaffected}.`,
    noPreExisting:
      'Ningún elemento supera su límite en la condición original, ni antes ni después de una contingencia.',
  },

  /** The AC check of a figure (issue #25), where one was made. */
  ac: {
    agrees: (ac: string, dc: string) =>
      `Verificación AC: carga AC ${ac} % frente a ${dc} % en DC; coinciden (5 % o menos).`,
    differs: (ac: string, dc: string) =>
      `Verificación AC: carga AC ${ac} % frente a ${dc} % en DC; difieren más de 5 %: la cifra es aproximada.`,
    notConverged: (dc: string) =>
      `Verificación AC: el flujo de carga AC no convergió en ese despacho (DC ${dc} %): la cifra es aproximada.`,
    absent: 'Sin verificación AC.',
  },

  capacity: {
    intro:
      'Cuántos MW puede inyectar una unidad nueva en cada barra antes de que un elemento supere su límite, con la red completa o tras cualquier contingencia. Atribuible: las violaciones que la red ya tenía se dejan aparte mientras la inyección no las empeore más allá del umbral. Estricta: toda violación existente que la inyección empeora la limita a 0 MW.',
    states: {
      pending:
        'La capacidad de cada barra aún se calcula: el informe no la incluye. Descárguelo de nuevo cuando termine.',
      running:
        'La capacidad de cada barra aún se calcula: el informe no la incluye. Descárguelo de nuevo cuando termine.',
      failed: (message: string) =>
        `El cálculo de la capacidad de cada barra falló: ${message} El informe no la incluye.`,
      absent:
        'Este caso no tiene la capacidad de cada barra (se analizó antes de que Holgura la calculara): calcúlela en /analisis y descargue el informe de nuevo.',
    },
    summary: 'Resumen',
    summaryColumns: { figure: 'Cifra', attributable: 'Atribuible', strict: 'Estricta' },
    rows: {
      computed: 'Barras calculadas',
      median: 'Mediana',
      min: 'Mínimo',
      max: 'Máximo',
      zero: 'Barras en 0 MW',
      atCap: (cap: string) => `Barras en el tope (${cap} MW)`,
      atSinkRoom: (mw: string) => `Barras en el margen de la generación que compensa (${mw} MW)`,
    },
    buses: (computed: string, all: string) => `${computed} de ${all} barras calculadas.`,
    outsideIsland: (count: string) =>
      `${count} barras están fuera de la isla que hospeda la transferencia: no tienen capacidad.`,
    preExisting: (count: string, total: string) =>
      `En ${count} de ${total} barras la cifra estricta es 0 MW solo porque la inyección empeora una violación que la red ya tenía antes de conectar nada; la cifra atribuible la deja aparte.`,
    noPreExisting:
      'Ninguna inyección empeora una violación existente: en cada barra la cifra atribuible y la estricta coinciden.',
    worsened: (count: string) =>
      `${count} barras empeoran alguna violación existente con su inyección.`,
    sinkRoom: (room: string, cap: string) =>
      `La generación que compensa una conexión solo puede bajar ${room} MW (hasta su Pmin): ninguna barra pasa de esa cifra aunque el tope sea ${cap} MW, y donde la alcanza, es ella la que limita y no la red.`,
    histogram: 'Histograma de la capacidad atribuible',
    histogramCaption:
      'Cuántas barras tienen cada capacidad atribuible. Los intervalos son los mismos en todos los casos con el mismo tope; la tabla da también la estricta.',
    histogramColumns: {
      bin: 'Capacidad (MW)',
      attributable: 'Barras (atribuible)',
      strict: 'Barras (estricta)',
    },
    binZero: '0',
    binRange: (from: string, to: string) => `${from} a menos de ${to}`,
    binCap: (cap: string) => `${cap} (tope)`,
    binShort: (from: string, to: string) => `${from}–${to}`,
    axisBuses: 'Barras',
    axisMw: 'MW',
  },

  /** The 50 lowest and highest buses, and the workbook's table of every bus. */
  buses: {
    lowestIntro: (count: string, total: string) =>
      `Las ${count} barras con menos capacidad atribuible de las ${total} calculadas, la menor primero (como la tabla de /analisis ordenada de menor a mayor).`,
    highestIntro: (count: string, total: string) =>
      `Las ${count} barras con más capacidad atribuible de las ${total} calculadas, la mayor primero.`,
    none: 'Ninguna barra tiene capacidad calculada.',
    columns: {
      busbar: 'Barra',
      attributable: 'Atribuible (MW)',
      strict: 'Estricta (MW)',
      limiting: 'Elemento limitante',
      contingency: 'Contingencia',
      notes: 'Notas',
    },
    outside: 'Fuera de la isla',
    atCap: (cap: string) => `Ninguno antes del tope (${cap} MW)`,
    atSinkRoom: (mw: string) => `Margen de la generación que compensa (${mw} MW)`,
    noRated: 'Ninguno: el caso no tiene ramas con capacidad',
    strictZeroWhy: 'Estricta en 0 MW por la violación existente',
    worsened: (monitored: string, contingency: string) =>
      `Empeora ${monitored} tras ${contingency}`,
    worsenedBase: (monitored: string) => `Empeora ${monitored} en el caso base (N-0)`,
    acDiffers: 'Verificación AC: difiere más de 5 % (aproximada)',
    acNotConverged: 'Verificación AC: no convergió (aproximada)',
    acAgrees: 'Verificación AC: coincide',
    noRatedNote: 'El tope, no un límite de la red',
    strictColumnsNote:
      'La columna del elemento limitante y la contingencia es de la cifra atribuible; las notas dicen lo que marca la estricta.',
  },

  method: {
    paragraphs: [
      {
        title: 'Qué contiene.',
        text: 'El informe resume el análisis de un caso subido a /analisis: el archivo leído, el análisis de contingencias N-1, la flexibilidad del grupo de estudio y la capacidad de conexión N-1 de cada barra, con las opciones con que se calcularon. Las cifras son las mismas que muestra la página.',
      },
      sharedMethodParagraphs.dcFlow,
      {
        title: 'Contingencias N-1.',
        text: 'Cada rama en servicio sale una a la vez. Una rama cuya salida separa la red en islas no es una contingencia normal: se cuenta aparte y no limita. Cada elemento monitoreado (las ramas con capacidad) se compara con RATE_A en el caso base y con la capacidad tras una contingencia elegida después; la carga es 100 · |flujo| / límite.',
      },
      sharedMethodParagraphs.factors,
      sharedMethodParagraphs.transfer,
      {
        title: 'La capacidad de cada barra.',
        text: 'Capacidad = mín(tope por barra; margen para bajar de lo que compensa; mín sobre c de T(c)). Las restricciones con |d(c)| menor que el umbral del factor de distribución no limitan. Hay dos cifras: la estricta, en la que toda violación que la red ya tenía y que la inyección empeora la lleva a 0 MW, y la atribuible, en la que esas violaciones se informan aparte (son de la red, no de la conexión). Una barra fuera de la isla que hospeda la transferencia no tiene capacidad.',
      },
      {
        title: 'La flexibilidad del grupo.',
        text: 'Las unidades del grupo de estudio suben juntas en proporción a su margen, hasta Tmax (la suma de sus márgenes), y las demás compensan. La FCITC es la transferencia a la que la primera restricción llega a su límite; cada nivel n de N transfiere T(n) = n/N · Tmax y su flexibilidad es 100 · mín(1, FCITC / T(n)).',
      },
      {
        title: 'Verificación.',
        text: 'Cada cifra se puede comprobar: un flujo de carga DC completo con la contingencia fuera de servicio y la unidad nueva en T(c) da en el elemento monitoreado exactamente su límite. Un flujo de carga AC en ese punto se compara con el DC (en /analisis, barra por barra, y en la restricción limitante de la flexibilidad); si difieren más de 5 % o el AC no converge, la cifra se marca como aproximada.',
      },
      {
        title: 'Alcance.',
        text: 'Las capacidades son indicativas: cada una supone una sola conexión nueva, en esa barra, con el resto de la red como en el caso; no son simultáneas ni aditivas entre barras. El modelo DC es térmico y sin pérdidas: no considera tensiones, potencia reactiva, cortocircuito ni estabilidad, que un estudio de conexión detallado debe revisar.',
      },
    ],
  },

  /** The workbook's sheets (the same content as the PDF, every bus in full). */
  workbook: {
    sheets: {
      summary: 'Resumen',
      file: 'Archivo',
      options: 'Opciones',
      n1: 'N-1',
      flexibility: 'Flexibilidad',
      capacity: 'Capacidad',
      buses: 'Capacidad por barra',
      method: 'Método',
    },
    field: 'Campo',
    value: 'Valor',
    note: 'Nota',
    warningColumns: {
      code: 'Código',
      what: 'Aviso',
      line: 'Línea',
      detail: 'Detalle del lector (en inglés, como lo escribe)',
    },
    checkColumns: { code: 'Código', text: 'Revisión', affects: 'Afecta a' },
    busesTitle: 'Capacidad de conexión N-1 de cada barra',
    busesNote:
      'Todas las barras del caso, de menor a mayor capacidad atribuible (las que están fuera de la isla al final).',
    busColumns: {
      bus: 'Número de barra',
      busbar: 'Barra',
      kv: 'Tensión base (kV)',
      area: 'Área',
      zone: 'Zona',
      attributable: 'Capacidad atribuible (MW)',
      limiting: 'Elemento limitante',
      contingency: 'Contingencia',
      factor: 'Factor de distribución (MW/MW)',
      strict: 'Capacidad estricta (MW)',
      strictLimiting: 'Elemento limitante (estricta)',
      strictContingency: 'Contingencia (estricta)',
      preExisting: 'Limitada por una violación existente',
      worsened: 'Violación existente que más empeora',
      acCheck: 'Verificación AC, atribuible',
      notes: 'Notas',
    },
    yes: 'Sí',
    no: 'No',
  },

  /** File names, ASCII: `informe-<slug>.pdf`. */
  fileStem: (slug: string) => `informe-${slug}`,
} as const;
