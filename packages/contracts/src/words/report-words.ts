import { sharedWords } from './shared-words';
import { studyVerificationWords } from './study-verification-words';

/**
 * The words of a study's report (issue #29: «un informe para llevar»), the PDF and the Excel
 * workbook alike: headings, labels, notes and the method page. The server builds both files;
 * every word a reader sees in them is here. Numbers and dates arrive already formatted (es-CO).
 */

/** The options' labels as the study form shows them (web es-studies.ts «Opciones del cálculo»). */
const optionLabels = {
  tmaxMw: 'Tope de capacidad (MW)',
  postContingencyRating: 'Capacidad poscontingencia',
  distributionFactorCutoff: 'Corte del factor de distribución',
  preExistingViolations: 'Violaciones existentes',
  slack: 'Despacho base',
} as const;

/**
 * Method paragraphs that hold for any report of connection capacity: the study's (below) and an
 * uploaded case's (case-report-words.ts) say them the same way.
 */
export const sharedMethodParagraphs = {
  dcFlow: {
    title: 'Flujo de carga DC y despacho base.',
    text: 'Los flujos se calculan con el modelo de flujo de carga DC (reactancias, taps y desfasadores de las ramas), el mismo de MATPOWER. Antes de todo, el desbalance del archivo (sus pérdidas AC) se asigna según la opción «Despacho base».',
  },
  factors: {
    title: 'Factores de distribución (PTDF y LODF).',
    text: 'El PTDF de una rama es la fracción de 1 MW inyectado en una barra que fluye por ella; el LODF, la fracción del flujo de una rama que sale de servicio que pasa a otra. Con ambos, el flujo de la rama monitoreada m tras la salida de la rama k es f(m|k) = f(m) + LODF(m,k) · f(k), sin resolver la red otra vez para cada contingencia.',
  },
  transfer: {
    title: 'La transferencia.',
    text: 'En la barra se conecta una unidad nueva que genera T MW; las demás unidades en servicio bajan en proporción a lo que pueden bajar (P0 − Pmin). Cada restricción c (un elemento monitoreado m con la red completa o tras la salida de k) tiene un factor de distribución d(c) = d(m) + LODF(m,k) · d(k): los MW de flujo que añade cada MW de T. La transferencia que la lleva a su límite L es T(c) = (L − f(c)) / d(c) si d(c) > 0, o (L + f(c)) / (−d(c)) si d(c) < 0.',
  },
} as const;

export const reportWords = {
  product: 'Holgura',
  kind: 'Informe de capacidad de conexión',
  /** PDF metadata. */
  subject: 'Capacidad de conexión N-1 por barra, escenario y año',
  fullNetwork: sharedWords.fullNetwork,
  /** «NOMBRE (número, kV)»: how the report names a busbar. */
  busbar: (name: string, bus: number, kv: string | null) =>
    kv === null ? `${name} (${bus})` : `${name} (${bus}, ${kv} kV)`,
  generatedAt: (date: string) => `${date} (hora de Colombia)`,
  footer: (study: string, date: string) => `${study} · Generado el ${date}`,
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  /** Above a table's header repeated on a new page. */
  continued: (what: string) => `${what} (continuación)`,
  indicativeNote:
    'Las capacidades son indicativas: cada valor supone una sola conexión nueva en esa barra; no son simultáneas ni aditivas entre barras, escenarios o años.',
  /** A public synthetic network, or the demo study: said on the first page, boxed. */
  syntheticNotice:
    'Red sintética pública: las cifras de este informe son ilustrativas y no describen la red colombiana ni ninguna red real.',

  cover: {
    description: 'Descripción',
    noDescription: 'Sin descripción.',
    network: 'Red',
    baseCase: 'Caso base',
    studyId: 'Identificador del estudio',
    version: 'Versión de los resultados',
    cases: 'Casos',
    casesText: (cases: string, scenarios: string, years: string) =>
      `${cases} casos = ${scenarios} escenarios × ${years} años`,
    busbars: 'Barras candidatas',
    figures: 'Capacidades calculadas',
    generated: 'Generado',
    demo: 'Estudio de demostración de Holgura',
    contents: 'Contenido',
    contentsPage: (page: number) => `pág. ${page}`,
    highlights: 'Resumen de resultados',
    lowest: (mw: string, busbar: string, caseName: string, limit: string) =>
      `Capacidad más baja: ${mw} MW en ${busbar}, caso ${caseName}. Elemento limitante: ${limit}.`,
    highest: (mw: string, busbar: string, caseName: string) =>
      `Capacidad más alta: ${mw} MW en ${busbar}, caso ${caseName}.`,
    atCapCount: (count: string, total: string) =>
      `${count} de ${total} cifras alcanzan el tope del estudio (ningún elemento las limita antes).`,
    preExistingCount: (count: string) =>
      `${count} cifras tienen como elemento limitante una violación previa a la conexión.`,
    acDiffersCount: (count: string) =>
      `${count} cifras tienen una verificación AC que difiere más de 5 % del cálculo DC o no convergió: tómelas como aproximadas.`,
    limitText: (element: string, contingency: string) => `${element} ante ${contingency}`,
    /** Issue #31: how many figures each variable sets, when the study checks beyond DC. */
    variablesCount: (counts: string) => `Variable limitante de las cifras: ${counts}.`,
  },

  sections: {
    inputs: '1. Entradas del estudio',
    options: '2. Opciones del cálculo',
    summary: '3. Capacidad de conexión por escenario y año',
    detail: '4. Capacidad por barra: elemento limitante y contingencia',
    map: '5. Mapa de la red',
    method: '6. Método',
  },

  inputs: {
    years: 'Años',
    areas: 'Áreas y crecimiento anual de la demanda',
    areaColumns: { id: 'Área', name: 'Nombre', growth: 'Crecimiento anual (%)' },
    noAreas: 'El estudio no define áreas: la demanda crece solo donde el archivo lo indica.',
    noGrowth: 'Sin crecimiento',
    scenarios: 'Escenarios',
    scenarioColumns: {
      name: 'Escenario',
      condition: 'Condición',
      multipliers: 'Multiplicadores de demanda',
    },
    multiplier: (area: string, value: string) => `${area} × ${value}`,
    noMultipliers: 'Ninguno (demanda del caso base)',
    interchanges: 'Intercambios',
    interchangesNote:
      'MW inyectados en la barra: positivos para importaciones, negativos para exportaciones.',
    interchangeColumns: { scenario: 'Escenario', name: 'Nombre', bus: 'Barra', mw: 'MW' },
    noInterchanges: 'Sin intercambios.',
    projects: 'Proyectos',
    projectColumns: {
      name: 'Proyecto',
      inServiceYear: 'Año de entrada',
      branches: 'Líneas',
      units: 'Unidades',
    },
    branch: (from: number, to: number, circuit: string, x: string, rateA: string, rateB: string) =>
      `${from}–${to} circuito ${circuit}: X = ${x} pu, capacidad A ${rateA} MVA, B ${rateB} MVA`,
    unit: (bus: number, pMax: string, p: string) => `Barra ${bus}: Pmáx ${pMax} MW, P ${p} MW`,
    none: '—',
    noProjects: 'Sin proyectos: los casos usan la red base.',
    busbars: 'Barras candidatas',
    busbarColumns: { bus: 'Barra', name: 'Nombre', kv: 'Tensión (kV)' },
  },

  options: {
    columns: { option: 'Opción', value: 'Valor', meaning: 'Qué significa' },
    labels: optionLabels,
    ratings: {
      emergency: 'Emergencia',
      A: 'A',
      B: 'B',
      C: 'C',
    } as Record<string, string>,
    preExisting: { limit: 'Estricta', ignore: 'Atribuible a la conexión' } as Record<
      string,
      string
    >,
    slacks: {
      distributed: 'Distribuido entre las unidades',
      single: 'Único: la unidad de referencia (MATPOWER)',
    } as Record<string, string>,
    meanings: {
      tmaxMw:
        'La capacidad de una barra no se busca más allá de este valor: una cifra igual al tope no tiene elemento limitante.',
      postContingencyRating:
        'La capacidad de las ramas después de una contingencia: emergencia usa RATE_B si existe y si no RATE_A; A, B o C usan siempre esa. En la red completa (N) vale RATE_A.',
      distributionFactorCutoff:
        'Una restricción cuyo factor de distribución es menor que este valor (en valor absoluto) no limita la conexión.',
      preExistingViolations: {
        limit:
          'Si la red ya viola un límite en una contingencia y la unidad nueva lo empeora, la capacidad de esa barra es 0 MW.',
        ignore:
          'Las violaciones que la red ya tiene son de la red, no de la conexión: se informan sin limitar la capacidad.',
      } as Record<string, string>,
      slack: {
        distributed:
          'El desbalance del archivo (sus pérdidas AC) se reparte entre todas las unidades en proporción a su generación antes de cualquier transferencia.',
        single:
          'La unidad de referencia toma el desbalance del archivo (sus pérdidas AC) antes de cualquier transferencia, como MATPOWER.',
      } as Record<string, string>,
    },
    sink: 'Compensación de la unidad nueva',
    sinkValue: 'Las demás unidades en servicio, por su margen para bajar (P0 − Pmin)',
    sinkMeaning:
      'Cada MW de la unidad nueva lo compensan las demás unidades en servicio, en proporción a lo que pueden bajar.',
    contingencies: 'Contingencias',
    contingenciesValue: 'N-1: cada rama en servicio, una a la vez',
    contingenciesMeaning:
      'Una rama cuya salida separa la red en islas no es una contingencia normal y no limita la capacidad.',
  },

  capacities: {
    scenarioHeading: (scenario: string, condition: string) => `Escenario ${scenario}: ${condition}`,
    busbarColumn: 'Barra',
    mwNote: 'Capacidad de conexión en MW, con un decimal.',
    marks: {
      preExisting: '*',
      atCap: '†',
      acDiffers: '‡',
    },
    legend: {
      preExisting: '* Elemento limitante con una violación previa a la conexión.',
      atCap: '† Se alcanza el tope del estudio: ningún elemento limita antes.',
      acDiffers:
        '‡ Verificación AC: difiere más de 5 % del cálculo DC o no convergió (aproximada).',
    },
    noValue: '—',
  },

  detail: {
    columns: {
      scenario: 'Escenario',
      year: 'Año',
      capacity: 'Capacidad (MW)',
      limiting: 'Elemento limitante',
      contingency: 'Contingencia',
      notes: 'Notas',
    },
    capReached: 'Ninguno: se alcanza el tope del estudio',
    sinkRoom: 'Margen de la generación que compensa',
    preExisting: 'Violación previa a la conexión',
    acDiffers: 'Verificación AC: difiere más de 5 %',
    acNotConverged: 'Verificación AC: no convergió',
    chartTitle: (busbar: string) => `Capacidad de ${busbar} por año, una línea por escenario`,
    axisMw: 'MW',
    axisYear: 'Año',
    scenario: (name: string) => `Escenario ${name}`,
    projectsInService: (year: number, list: string) => `Proyectos en servicio en ${year}: ${list}`,
    /** Issue #31: the detail table's columns when the study checks beyond DC. */
    verifiedColumns: {
      dc: studyVerificationWords.columns.dc,
      ac: studyVerificationWords.columns.ac,
      weakGrid: studyVerificationWords.columns.weakGrid,
      capacity: studyVerificationWords.columns.capacity,
      variable: studyVerificationWords.columns.variable,
      limit: 'Qué la limita',
    },
    /** The weak grid's limit: the bus's N-1 minimum short-circuit power over SCR_min. */
    weakGridLimit: (sccMinMva: string, scrMin: string) =>
      `Scc mínima N-1 de la barra: ${sccMinMva} MVA ÷ SCR mínimo ${scrMin}`,
    /** Why a case has no weak-grid figure, said once per reason with its cases. */
    shortCircuitCases: (cases: string, reason: string) => `${cases}: ${reason}`,
    shortCircuitHeading: 'Cortocircuito de los casos',
  },

  map: {
    caption:
      'Cada barra candidata con el color de su menor capacidad entre todos los escenarios y años; las líneas grises son las ramas de la red base.',
    layoutForce: 'Posiciones calculadas a partir de la topología de la red (no geográficas).',
    layoutGeographic: 'Posiciones geográficas de las barras.',
    legend: 'Menor capacidad (MW)',
    columns: { busbar: 'Barra', lowest: 'Menor capacidad (MW)', case: 'Caso' },
    band: (from: string, to: string) => `${from} – ${to}`,
    unavailable:
      'La vista de la red de este estudio no está guardada: el informe no incluye el mapa.',
  },

  method: {
    /** Issue #31: said after «Verificación» when the study checks beyond DC. */
    verification: {
      title: 'Verificación AC y red débil.',
      text: 'Cuando el estudio lo pide, cada cifra DC se comprueba con flujos de carga AC (Newton-Raphson con los límites de reactivos de las unidades) en N-0 y en al menos diez contingencias: las primeras del ranking DC y las ramas de la barra. Se revisan la cargabilidad térmica en MVA, las tensiones, la potencia reactiva de las unidades de referencia y la convergencia; si alguna falla, la cifra AC es la mayor inyección que las cumple. La red débil es la potencia de cortocircuito mínima N-1 de la barra (IEC 60909, c = 1,0) dividida por el SCR mínimo. La capacidad es la menor de la cifra AC (o DC) y la de red débil, y la variable limitante dice cuál la fija: térmica, tensión, potencia reactiva, no convergencia o cortocircuito (red débil).',
    },
    paragraphs: [
      {
        title: 'Qué es la capacidad de conexión.',
        text: 'Para cada barra candidata y cada caso (escenario × año), la capacidad de conexión es la mayor generación nueva, en MW, que se puede conectar en esa barra sin que ningún elemento de la red supere su límite, ni con la red completa (N) ni ante la salida de cualquier rama (N-1). El informe nombra el elemento que llega primero a su límite (elemento limitante) y la contingencia en la que ocurre; «SOBRECARGA RED COMPLETA» es la red sin contingencia.',
      },
      {
        title: 'Los casos del estudio.',
        text: 'Cada caso, llamado «escenario_año», parte del caso base y le aplica el crecimiento anual de la demanda de cada área, compuesto desde el primer año del estudio; los multiplicadores de demanda del escenario; sus intercambios, como inyecciones fijas en sus barras; y los proyectos en servicio ese año. La generación se redespacha en proporción al margen de cada unidad para atender la nueva demanda.',
      },
      sharedMethodParagraphs.dcFlow,
      sharedMethodParagraphs.factors,
      sharedMethodParagraphs.transfer,
      {
        title: 'La capacidad.',
        text: 'Capacidad = mín(Tmax; margen para bajar de las unidades que compensan; mín sobre c de T(c)). Tmax es el tope de capacidad del estudio. Las restricciones con |d(c)| menor que el corte del factor de distribución no limitan. El límite es la capacidad A (RATE_A) con la red completa y la capacidad poscontingencia elegida tras una contingencia. Una rama cuya salida separa la red en islas no es una contingencia normal.',
      },
      {
        title: 'Violaciones existentes.',
        text: 'Si la red ya supera un límite antes de la conexión y la unidad nueva lo empeora, con la opción «Atribuible a la conexión» esa violación se informa sin limitar la capacidad (es de la red, no de la conexión); con «Estricta», la capacidad de esa barra es 0 MW.',
      },
      {
        title: 'Verificación.',
        text: 'Cada cifra se puede comprobar: un flujo de carga DC completo con la contingencia fuera de servicio y la unidad nueva en T(c) da en el elemento monitoreado exactamente su límite. Donde el estudio lo incluye, un flujo de carga AC en ese punto se compara con el DC; si difieren más de 5 % o el AC no converge, la cifra se marca como aproximada.',
      },
      {
        title: 'Alcance.',
        text: 'Las capacidades son indicativas: cada una supone una sola conexión nueva, en esa barra, con el resto de la red como en el caso; no son simultáneas ni aditivas entre barras, escenarios o años. El modelo DC es térmico y sin pérdidas: no considera tensiones, potencia reactiva, cortocircuito ni estabilidad, que un estudio de conexión detallado debe revisar.',
      },
    ],
  },

  /** The workbook's sheets (the same content as the PDF). */
  workbook: {
    sheets: {
      summary: 'Resumen',
      inputs: 'Entradas',
      options: 'Opciones',
      capacities: 'Capacidades',
      byYear: 'Capacidad por año',
      method: 'Método',
    },
    field: 'Campo',
    value: 'Valor',
    notice: 'Aviso',
    note: 'Nota',
    capacityColumns: {
      bus: 'Número de barra',
      busbar: 'Barra',
      kv: 'Tensión (kV)',
      case: 'Caso',
      scenario: 'Escenario',
      year: 'Año',
      capacity: 'Capacidad (MW)',
      tmax: 'Tope del estudio (MW)',
      limiting: 'Elemento limitante',
      contingency: 'Contingencia',
      preExisting: 'Violación previa a la conexión',
      acCheck: 'Verificación AC',
      condition: 'Condición',
      projects: 'Proyectos en servicio',
      /** Issue #31: after the columns above, so existing readers keep their places. */
      dc: studyVerificationWords.columns.dc,
      ac: studyVerificationWords.columns.ac,
      weakGrid: studyVerificationWords.columns.weakGrid,
      variable: studyVerificationWords.columns.variable,
      acLimit: studyVerificationWords.columns.acLimit,
      sccMin: studyVerificationWords.columns.sccMin,
    },
    byYearNote:
      'Lo que grafica el informe: la capacidad (MW) de cada barra por año, una fila por escenario.',
    yes: 'Sí',
    no: 'No',
    acCheck: {
      agrees: 'Coincide con el cálculo DC (±5 %)',
      differs: 'Difiere más de 5 % del cálculo DC',
      'not-converged': 'El flujo AC no convergió',
    } as Record<string, string>,
    unchecked: 'Sin verificar',
  },

  /** File names, ASCII: `informe-<slug>.pdf`. */
  fileStem: (slug: string) => `informe-${slug}`,
} as const;
