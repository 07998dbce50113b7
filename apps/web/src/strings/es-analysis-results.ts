import { sharedWords } from '@holgura/contracts';

/** `1 unidad`, `3 unidades`: the count (already formatted) and its noun in number. */
const plural = (count: number, text: string, one: string, many: string) =>
  `${text} ${count === 1 ? one : many}`;

/** /analisis 'Resultados del caso seleccionado': levels, constraints, generators (es-CO). */
export const esAnalysisResults = {
  /** The study group, the groups run, the picker (issue #21, decision 013). */
  groups: {
    title: 'Grupo de estudio',
    intro:
      'Las unidades cuya generación sube en la transferencia; el resto de unidades (o la carga, si suben todas) la compensa.',
    units: (count: number, text: string) => plural(count, text, 'unidad', 'unidades'),
    tmax: 'Margen del grupo (Tmax)',
    unitCount: 'Unidades que suben',
    mw: (mw: string) => `${mw} MW`,
    why: 'Por qué este grupo',
    noDescription: 'Este resultado se calculó antes de que Holgura registrara el grupo de estudio.',
    listTitle: 'Grupos calculados',
    listCaption:
      'Cada grupo calculado en este caso, con su estado y sus cifras. Elige uno para ver sus resultados.',
    columnGroup: 'Grupo',
    columnState: 'Estado',
    columnTmax: 'Tmax (MW)',
    columnAttributable: 'FCITC atribuible (MW)',
    columnStrict: 'FCITC estricta (MW)',
    columnViolations: 'Violaciones existentes',
    selectGroup: (label: string) => `Ver los resultados de ${label}`,
    uploadGroup: 'grupo de la subida',
    states: {
      queued: 'En cola',
      running: 'Calculando',
      done: 'Listo',
      failed: 'Falló',
    },
    listError: (message: string) => `No se pudieron cargar los grupos calculados: ${message}`,
    loadingGroup: 'Cargando los resultados del grupo...',
    groupError: (message: string) => `No se pudieron cargar los resultados del grupo: ${message}`,
    failedTitle: 'El cálculo de este grupo falló',
    runningTitle: (label: string) => `Calculando ${label}...`,
    progressLabel: 'Progreso del cálculo del grupo',
    choose: 'Elegir otro grupo',
    hideChooser: 'Ocultar la elección de grupo',
    chooserTitle: 'Calcular con otro grupo',
    chooserIntro:
      'Elige qué unidades suben y calcula de nuevo: cada grupo es un cálculo aparte, y sus resultados quedan guardados para volver a ellos.',
    catalogLoading: 'Leyendo los generadores del caso...',
    catalogError: (message: string) => `No se pudieron leer los generadores del caso: ${message}`,
    kind: 'Criterio',
    kinds: {
      renewables: 'Unidades eólicas y solares',
      all: 'Todas las unidades',
      fuel: 'Por combustible',
      area: 'Por área',
      zone: 'Por zona',
      kv: 'Por nivel de tensión',
      gens: 'Unidades elegidas a mano',
    },
    kindUnavailable: (kind: string) => `${kind} (el caso no lo indica)`,
    option: 'Grupo',
    optionText: (label: string, units: string, mw: string) =>
      `${label} · ${units} · ${mw} MW de margen`,
    optionNoHeadroom: (label: string, units: string) => `${label} · ${units} · sin margen`,
    optionSummary: (units: string, mw: string) => `${units} con margen · ${mw} MW de margen (Tmax)`,
    noHeadroom:
      'Ninguna unidad de este grupo tiene margen para subir: no hay transferencia que estudiar.',
    defaultRule: (label: string) => `Regla por defecto en este caso: ${label}.`,
    run: 'Calcular con este grupo',
    running: 'Calculando...',
    runError: (message: string) => `No se pudo calcular el grupo: ${message}`,
    already: 'Este grupo ya está calculado: se muestran sus resultados.',
    search: {
      label: 'Buscar unidades por número o nombre de barra, o por máquina',
      placeholder: 'p. ej. 1001, BUCHANAN o 1001 2',
      matches: (count: number, text: string) =>
        `${text} ${count === 1 ? 'unidad coincide' : 'unidades coinciden'}`,
      chosen: (count: number, text: string, mw: string) =>
        `${text} ${count === 1 ? 'unidad elegida' : 'unidades elegidas'} · ${mw} MW de margen`,
      noneChosen: 'Ninguna unidad elegida todavía.',
      chooseMatches: (text: string) => `Elegir las ${text} que coinciden`,
      clear: 'Quitar todas',
      tooMany: (max: string) => `Un grupo puede nombrar hasta ${max} unidades.`,
      empty: 'Ninguna unidad coincide con la búsqueda.',
      caption: 'Unidades del caso que coinciden con la búsqueda',
      pick: (row: number, bus: string, machine: string) =>
        `Elegir la unidad de la fila ${row} (barra ${bus}, máquina ${machine})`,
      columnPick: 'Elegir',
      columnRow: 'Fila',
      columnBus: 'Barra',
      columnName: 'Nombre',
      columnMachine: 'Máquina',
      columnFuel: 'Combustible',
      columnKv: 'kV',
      columnArea: 'Área',
      columnHeadroom: 'Margen (MW)',
      outOfService: 'Fuera de servicio',
      noFuel: '–',
    },
  },
  /** The two figures (docs/analysis.md §5): attributable first, strict a click away. */
  figures: {
    label: 'Cifra',
    attributable: 'Atribuible',
    strict: 'Estricta',
    option: (name: string, mw: string) => `${name}: FCITC ${mw} MW`,
    attributableHelp:
      'Cifra atribuible: las violaciones existentes que la transferencia empeora se listan aparte y no la limitan.',
    strictHelp:
      'Cifra estricta: toda violación existente que la transferencia empeora la limita a 0 MW.',
    equal: 'Ninguna violación existente empeora con la transferencia: ambas cifras coinciden.',
  },
  /** 'Violaciones existentes': constraints over their limit before any transfer. */
  preExisting: {
    title: 'Violaciones existentes',
    none: 'Ningún elemento supera su límite en la condición original, ni antes ni después de una contingencia.',
    listLoading: 'Cargando violaciones existentes...',
    listError: (message: string) => `No se pudieron cargar las violaciones existentes: ${message}`,
    counts: (total: string, worsens: string, relieves: string, unaffected: string) =>
      `${total} pares de elemento y contingencia superan su límite sin transferencia: la transferencia empeora ${worsens}, alivia ${relieves} y no afecta ${unaffected}.`,
    listed: (listed: string, total: string) =>
      `Se listan ${listed} de ${total}: todas las que la transferencia empeora y las de mayor carga.`,
    caption: 'Violaciones existentes: elemento monitoreado, contingencia y carga sin transferencia',
    monitored: 'Elemento Monitoreado',
    contingency: 'Elemento en Contingencia',
    generatorOutage: (name: string) => `Salida de ${name}`,
    fullNetwork: sharedWords.fullNetwork,
    flow: 'Flujo (MW)',
    limit: 'Límite (MW)',
    loading: 'Carga (%)',
    effect: 'Efecto de la transferencia',
    worsens: 'La empeora',
    relieves: 'La alivia',
    clearsAt: (mw: string) => `dentro de su límite desde ${mw} MW`,
    unaffected: 'No la afecta',
  },
  flexibilityTitle: 'Flexibilidad por nivel',
  flexibilityMissing:
    'Los niveles de flexibilidad, las restricciones por nivel y el análisis de generadores de este caso aún no están calculados.',
  levels: {
    title: 'Selección de nivel',
    listLabel: 'Niveles de transferencia',
    level: (level: number) => `Nivel ${level}`,
    /** Read between a level's visible figures: 'Nivel 2: 80,0 MW, flexibilidad 56,3 %'. */
    levelSeparator: ':',
    flexibilitySeparator: ', flexibilidad',
    transfer: (mw: string) => `${mw} MW`,
    flexibility: (percent: string) => `${percent} %`,
    empty: 'Este caso no tiene niveles de flexibilidad.',
    gaugeLabel: 'Flexibilidad del nivel',
    gaugeValue: (level: number, percent: string) => `Flexibilidad del nivel ${level}: ${percent} %`,
    summaryTmax: 'Tmax',
    summaryFcitc: 'FCITC',
    summaryExact: 'Flexibilidad exacta',
    mw: (mw: string) => `${mw} MW`,
    percent: (value: string) => `${value} %`,
  },
  constraints: {
    title: 'Restricciones del nivel',
    tableLabel: (level: number) => `Restricciones del nivel ${level}`,
    index: '#',
    monitored: 'Elemento Monitoreado',
    contingency: 'Elemento en Contingencia',
    impact: 'Impacto',
    /** T(c) (issue #25): the MW of transfer at which each constraint binds. */
    atLimit: 'Límite en (MW)',
    atLimitHelp:
      'Transferencia a la que la restricción alcanza su límite, T(c), en MW. La menor de todas es la FCITC.',
    atLimitNote:
      'Límite en (MW): la transferencia a la que cada restricción alcanza su límite, T(c). «Define la cifra» marca la restricción que fija la FCITC mostrada: la primera en alcanzarlo.',
    binding: 'Define la cifra',
    bindingHelp:
      'Esta restricción fija la FCITC de la cifra mostrada: es la primera en alcanzar su límite.',
    fullNetwork: sharedWords.fullNetwork,
    notAvailable: 'N/A',
    empty: 'No se encontraron restricciones para este nivel',
    loading: 'Cargando restricciones...',
    error: (message: string) => `No se pudieron cargar las restricciones: ${message}`,
    noLevel: 'Selecciona un nivel para ver sus restricciones',
    /** Which condition is violated, and by how much (issue #21). */
    preExisting: (afterContingency: boolean, percent: string) =>
      afterContingency
        ? `Violada tras la contingencia (${percent} %)`
        : `Violada en el caso base (${percent} %)`,
  },
  generators: {
    title: 'Análisis de Generadores',
    tabDispatch: 'Despacho',
    tabEffectiveness: 'Efectividad',
    noConstraint: 'Selecciona una restricción para ver sus generadores',
    loading: 'Cargando generadores...',
    error: (message: string) => `No se pudieron cargar los generadores: ${message}`,
    none: 'Ningún generador tiene sensibilidad de al menos 1 % sobre esta restricción.',
    sortCapacity: 'Capacidad',
    listLabel: 'Despacho por generador',
    effectivenessLabel: 'Efectividad por generador',
    initial: 'P0',
    pMax: 'Pmax',
    units: 'Unidades',
    atLevel: (level: number) => `Nivel ${level}`,
    atLimit: 'Límite',
    atMax: 'Tmax',
    active: 'Activo',
    off: 'Apagado',
    effectiveness: 'Efectividad',
    mw: (mw: string) => `${mw} MW`,
    percent: (value: string) => `${value} %`,
    markerHint:
      'En la vista Despacho Límite arrastra el marcador o usa las flechas (1 % de Pmax) para ajustar el despacho.',
    originalHint: 'Barras: despacho en la condición original (P0).',
    reset: 'Restablecer despacho',
    effectivenessCaption:
      'Efectividad = sensibilidad × (Pmax − P0): cuánto mueve el flujo por sí solo.',
    noHeadroom: 'sin margen (P0 = Pmax)',
    power: (value: string, unit: string) => `${value} ${unit}`,
  },
  constraint: {
    title: 'Analisis de la Restricción',
    viewLabel: 'Vista',
    original: 'Condición Original',
    limitView: 'Despacho Límite',
    noConstraint: 'Selecciona una restricción para ver su estado inicial',
    noData: 'No se encontraron datos de flujo para esta restricción',
    monitored: 'Elemento Monitoreado',
    contingency: 'Elemento en Contingencia',
    fullNetwork: sharedWords.fullNetwork,
    flow: 'Flujo',
    limit: 'Límite',
    loading: 'Carga',
    mw: (mw: string) => `${mw} MW`,
    percent: (value: string) => `${value} %`,
    outOfService: 'Fuera de servicio',
    whatIf: (mw: string) => `Ajuste manual de despacho: ${mw} MW sobre el flujo monitoreado`,
    transferAtLimit: (mw: string) => `Transferencia en el límite T(c): ${mw} MW`,
    binding: (mw: string) => `Define la cifra: su T(c) es la FCITC mostrada (${mw} MW).`,
    /** The AC check at the limit dispatch (issue #25). */
    acTitle: 'Verificación AC en el despacho límite',
    acLoadings: (ac: string, dc: string) => `Carga AC ${ac} % frente a ${dc} % en DC.`,
    acAgrees: 'La verificación AC coincide con el cálculo DC (difieren 5 % o menos).',
    acFlagged: 'La verificación AC difiere más de 5 % del cálculo DC',
    acFlaggedHelp:
      'El límite DC de esta restricción puede no ser el real: revisa sus flujos con un flujo de carga AC.',
    acNotConverged: 'El flujo de carga AC no convergió en ese despacho',
    acNotConvergedHelp: (dc: string) =>
      `Solo queda el cálculo DC (${dc} %): en ese despacho la red podría no tener solución AC.`,
    acAbsent:
      'La verificación AC se calcula para la restricción que define la cifra y para la primera de cada nivel.',
    beforeContingency: 'Caso base (N-0)',
    afterContingency: 'Tras la contingencia, sin transferencia',
    gaugeLabel: (name: string) => `Carga de ${name}`,
  },
} as const;
