import { sharedWords } from './shared-words';

/**
 * The words of the downloaded tables (CSV and Excel, issue #9): sheet names, titles, metadata
 * labels, column headers, cell texts and file names. The server builds the files; every word a
 * user reads in them is here. Numbers and dates arrive already formatted (es-CO), so these only
 * place them.
 */

/** The AC check of a figure at its limit, as the three AC columns say it. */
const acCheck = {
  unchecked: 'Sin verificar',
  notConverged: 'El flujo AC no convergió',
  differs: 'Difiere más de 5 % del cálculo DC',
  agrees: 'Coincide con el cálculo DC (±5 %)',
  /** A bus its cap or its sink's room limits: no element to check. */
  nothingToCheck: 'Nada que verificar: no la limita un elemento',
} as const;

/** Capacities of one new connection at a time: said in every busbar capacity file. */
const indicativeNote =
  'Capacidades indicativas: cada valor supone una sola conexión nueva en esa barra; no son simultáneas ni aditivas.';

export const exportWords = {
  fullNetwork: sharedWords.fullNetwork,
  yes: 'Sí',
  no: 'No',
  acCheck,
  /** Metadata rows every table starts with. */
  metadata: {
    case: 'Caso',
    generated: 'Generado',
    /** Dates are in Bogotá time whatever the server's zone: the file says so. */
    generatedAt: (date: string) => `${date} (hora de Colombia)`,
    note: 'Nota',
    indicativeNote,
  },

  /** The constraints of one level, and the generators of one of them (/analisis). */
  flexibility: {
    level: 'Nivel',
    levelText: (level: number, transferMw: string, flexibilityPercent: string) =>
      `Nivel ${level}: transferencia ${transferMw} MW, flexibilidad ${flexibilityPercent} %`,
    studyGroup: 'Grupo de estudio',
    studyGroupText: (label: string, key: string, units: number) =>
      `${label} (${key}), ${units} unidades`,
    figure: 'Cifra',
    figureStrict: 'Estricta: las violaciones existentes que la transferencia empeora la limitan',
    figureAttributable: 'Atribuible: las violaciones existentes no limitan la transferencia',
    tmax: 'Tmax (MW)',
    fcitc: 'FCITC (MW)',
    /** A constraint in one cell: monitored element / contingency. */
    constraintLabel: (monitored: string, contingency: string) => `${monitored} / ${contingency}`,
  },

  constraints: {
    sheetName: (level: number) => `Restricciones nivel ${level}`,
    title: (level: number) => `Restricciones del nivel ${level}`,
    fileStem: (caseSlug: string, level: number) => `restricciones-${caseSlug}-nivel-${level}`,
    columns: {
      number: '#',
      monitored: 'Elemento Monitoreado',
      contingency: 'Elemento en Contingencia',
      ranking: 'Impacto (MW/MW)',
      distributionFactor: 'Factor de distribución (MW/MW)',
      initialFlow: 'Flujo inicial (MW)',
      maxCapacity: 'Capacidad máxima (MVA)',
      initialLoading: 'Carga inicial (%)',
      contingencyInitialFlow: 'Flujo inicial contingencia (MW)',
      flowAtZero: 'Flujo post-contingencia inicial (MW)',
      limit: 'Límite aplicable (MW)',
      transferAtLimit: 'Transferencia en el límite T(c) (MW)',
      preExistingViolation: 'Violación existente (T = 0)',
      acLoading: 'Carga AC en el límite (%)',
      dcLoading: 'Carga DC en el límite (%)',
      acCheck: 'Verificación AC',
    },
    /**
     * Issue #21: which condition is over its limit at T = 0 — the base case, or the one after
     * the contingency — with its loading when it is known.
     */
    violation: {
      none: 'No',
      inFullNetwork: 'en la red completa',
      afterContingency: 'tras la contingencia',
      where: (where: string) => `Sí, ${where}`,
      whereAt: (where: string, loadingPercent: string) => `Sí, ${where}: ${loadingPercent} %`,
    },
  },

  /** 'Análisis de Generadores' for one constraint at one level. */
  generators: {
    sheetName: (level: number) => `Generadores nivel ${level}`,
    title: (constraintId: number, level: number) =>
      `Análisis de Generadores: restricción ${constraintId}, nivel ${level}`,
    fileStem: (caseSlug: string, level: number, constraintId: number) =>
      `generadores-${caseSlug}-nivel-${level}-restriccion-${constraintId}`,
    metadata: {
      monitored: 'Elemento Monitoreado',
      contingency: 'Elemento en Contingencia',
      transferAtLimit: 'Transferencia en el límite T(c) (MW)',
    },
    columns: {
      generator: 'Generador',
      busNumber: 'Número de barra',
      sensitivity: 'Sensibilidad (MW/MW)',
      pInitial: 'P0 (MW)',
      dispatchAtLevel: (level: number) => `Despacho nivel ${level} (MW)`,
      dispatchAtLimit: 'Despacho límite (MW)',
      dispatchAtTmax: 'Despacho Tmax (MW)',
      pMax: 'Pmax (MW)',
      units: 'Unidades',
      effectiveness: 'Efectividad (MW)',
      inStudyGroup: 'Grupo de estudio',
    },
  },

  /** /resultados' case cards of a study as rows: one per busbar × scenario × year. */
  studyBusbarCapacities: {
    sheetName: 'Capacidad de conexión',
    title: 'Capacidad de conexión en barras',
    fileStem: (familySlug: string | null) =>
      `capacidad-conexion-${familySlug === null ? 'todas-las-barras' : familySlug}`,
    metadata: {
      busbar: 'Barra',
      allBusbars: 'Todas las barras',
      network: 'Red analizada',
    },
    columns: {
      busNumber: 'Número de barra',
      busbar: 'Barra',
      baseKv: 'Tensión base (kV)',
      case: 'Caso',
      scenario: 'Escenario',
      year: 'Año',
      capacity: 'Capacidad (MW)',
      tmax: 'Tope del estudio (MW)',
      limiting: 'Elemento limitante',
      contingency: 'Contingencia',
      distributionFactor: 'Factor de distribución (MW/MW)',
      limit: 'Límite del elemento (MW)',
      preExistingViolation: 'Violación previa a la conexión',
      condition: 'Condición',
      projectsInService: 'Proyectos en servicio',
    },
    atCap: 'Ninguno: se alcanza el tope del estudio',
    sinkRoom: 'Ninguno en la red: lo limita el margen de la generación que compensa',
  },

  /** The whole table of a case's busbar capacities, both figures, as /analisis shows it. */
  caseBusbarCapacities: {
    sheetName: 'Capacidad por barra',
    title: 'Capacidad de conexión N-1 por barra',
    fileStem: (caseSlug: string) => `capacidad-por-barra-${caseSlug}`,
    outsideIsland: 'Fuera de la isla de transferencia',
    atCap: 'Ninguno: se alcanza el tope',
    atSinkRoom: 'Ninguno: se alcanza el margen de la generación que compensa',
    metadata: {
      cap: 'Tope de capacidad',
      capText: (mw: string) => `${mw} MW`,
      rating: 'Límite tras una contingencia',
      sink: 'Contrapartida de la inyección',
      sinkRoom: 'Margen de la contrapartida',
      sinkRoomText: (mw: string) => `${mw} MW: ninguna conexión puede superarlo`,
      cutoff: 'Umbral del factor de distribución',
      cutoffText: (cutoff: string) => `${cutoff}: las restricciones con |d| menor no limitan`,
      slack: 'Despacho base',
      figures: 'Cifras',
      figuresText:
        'Atribuible: las violaciones existentes que la conexión empeora no la limitan. Estricta: la limitan (capacidad 0).',
      buses: 'Barras',
      busesText: (count: number, filters: readonly string[]) =>
        `${count}${filters.length === 0 ? '' : ` (filtro: ${filters.join(', ')})`}`,
      order: 'Orden',
      orderText: (sort: string, figure: string | null, descending: boolean) =>
        `${sort} (${figure === null ? '' : `cifra ${figure}, `}${descending ? 'descendente' : 'ascendente'})`,
    },
    filters: {
      search: (query: string) => `búsqueda «${query}»`,
      minKv: (kv: string) => `${kv} kV o más`,
      area: (area: number) => `área ${area}`,
    },
    figureNames: { strict: 'estricta', attributable: 'atribuible' },
    /** The options' values in words; a value not listed is written as it is. */
    sinks: {
      'headroom-down': 'Las demás unidades en servicio, en proporción a P0 − Pmin',
      'initial-output': 'Las demás unidades en servicio, en proporción a P0',
      loads: 'Las cargas, en proporción a su demanda',
    } as Readonly<Record<string, string>>,
    ratings: {
      emergency: 'Capacidad de emergencia (RATE_B; RATE_A cuando es cero)',
      A: 'Capacidad máxima (RATE_A)',
      B: 'RATE_B',
      C: 'RATE_C',
    } as Readonly<Record<string, string>>,
    slacks: {
      distributed:
        'Distribuido: el desbalance del archivo (sus pérdidas AC) repartido entre las unidades en proporción a su generación',
      single: 'Único: la unidad de referencia toma el desbalance del archivo (como MATPOWER)',
    } as Readonly<Record<string, string>>,
    sorts: {
      capacity: 'capacidad',
      strict: 'capacidad estricta',
      bus: 'número de barra',
      name: 'nombre',
      kv: 'tensión',
      area: 'área',
    } as Readonly<Record<string, string>>,
    columns: {
      busNumber: 'Número de barra',
      busbar: 'Barra',
      baseKv: 'Tensión base (kV)',
      area: 'Área',
      zone: 'Zona',
      attributableCapacity: 'Capacidad atribuible (MW)',
      limiting: 'Elemento limitante',
      contingency: 'Contingencia',
      distributionFactor: 'Factor de distribución (MW/MW)',
      strictCapacity: 'Capacidad estricta (MW)',
      strictLimiting: 'Elemento limitante (estricta)',
      strictContingency: 'Contingencia (estricta)',
      strictDistributionFactor: 'Factor de distribución, estricta (MW/MW)',
      preExistingLimit: 'Limitada por una violación existente',
      worsenedMonitored: 'Violación existente que más empeora: elemento',
      worsenedContingency: 'Violación existente: contingencia',
      worsenedDistributionFactor: 'Violación existente: factor de distribución (MW/MW)',
      acLoading: 'Carga AC en el límite, atribuible (%)',
      dcLoading: 'Carga DC en el límite, atribuible (%)',
      acCheck: 'Verificación AC, atribuible',
      /** Issue #31: the attributable figure verified in AC; empty where not verified. */
      acCapacity: 'Capacidad AC (MW)',
      acVariable: 'Variable limitante (AC)',
      acElement: 'Elemento limitante (AC)',
      acContingency: 'Contingencia (AC)',
      /**
       * Issue #31: the weak-grid MW (Scc min N-1 / SCR_min), then the attributable capacity
       * with it counted — the least of AC (DC while not verified) and weak grid — and what
       * sets it, as UPME names it.
       */
      weakGrid: (scrMin: string | null) =>
        scrMin === null ? 'Red débil (MW)' : `Red débil, SCR ≥ ${scrMin} (MW)`,
      limitCapacity: 'Capacidad, la menor (MW)',
      limitVariable: 'Variable limitante',
    },
    /** «Variable limitante» in UPME's words; where the cap or the sink's room sets it, that. */
    acVariables: sharedWords.acVariables,
    acVariableAtCap: 'Ninguna: se alcanza el tope',
    acVariableAtSinkRoom: 'Ninguna: se alcanza el margen de la generación que compensa',
    /** Issue #31: the limiting variable with the weak grid counted (weak-grid: the short circuit). */
    limitVariables: { ...sharedWords.acVariables, 'weak-grid': sharedWords.weakGrid },
    /** Where the case's weak-grid figures come from (the metadata's row), or why it has none. */
    weakGrid: {
      label: 'Red débil',
      available: (scrMin: string, xd: string | null) =>
        `Potencia de cortocircuito mínima N-1 / ${scrMin} (SCR mínimo)${xd === null ? ', con la impedancia de las máquinas del archivo' : `, con X″d = ${xd} p.u. en las unidades sin datos`}`,
      absent:
        'Sin calcular: calcula la potencia de cortocircuito del caso en /analisis para ver la cifra de red débil de cada barra',
      unavailable:
        'El caso no trae impedancias de las máquinas: calcula la potencia de cortocircuito con una X″d en /analisis',
      placeholder:
        'Las unidades traen el valor de relleno ZX = 1,0: calcula la potencia de cortocircuito con una X″d en /analisis',
    },
  },
} as const;
