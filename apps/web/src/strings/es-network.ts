/** The network view (issue #9): /analisis case network and the /resultados busbar map (es-CO). */
export const esNetwork = {
  caseTitle: 'Vista de la red',
  caseCaption:
    'Barras y ramas del caso. Las ramas se colorean según su carga en la condición seleccionada.',
  studyTitle: 'Mapa de capacidad de conexión',
  studyCaption: (count: number) =>
    `Red del estudio con las ${count} barras evaluadas coloreadas por su capacidad de conexión (MW), en el escenario y año seleccionados.`,
  conditionLabel: 'Escenario y año del mapa',
  loading: 'Cargando la vista de la red...',
  rendererLoading: 'Preparando el dibujo de la red...',
  error: (message: string) => `No se pudo cargar la vista de la red: ${message}`,
  noWebgl:
    'Este navegador no puede dibujar la red: WebGL no está disponible o está desactivado. Las tablas del análisis siguen disponibles.',
  canvasLabel: (buses: number, branches: number) =>
    `Dibujo interactivo de la red: ${buses} barras y ${branches} ramas. Usa las flechas, los botones de zoom, la búsqueda y la lista de elementos resaltados.`,
  keyboardHint:
    'Con el foco en el dibujo: flechas para desplazar la red, + y − para acercar o alejar, 0 para verla completa.',
  layoutForce: 'Disposición calculada a partir de la topología (no geográfica).',
  layoutAreas:
    'Disposición por áreas (no geográfica): cada área en su región, con sus tensiones más altas trazadas primero y las más bajas junto a la barra de la que dependen.',
  layoutGeographic: 'Posiciones geográficas de las barras.',
  /** Issue #29: what the drawing shows — minimum voltage, areas, lower voltages grouped. */
  filter: {
    groupLabel: 'Qué se dibuja',
    minKv: 'Tensión mínima',
    minKvAll: (buses: string) => `Todas las tensiones (${buses} barras)`,
    minKvOption: (kv: string, buses: string) => `≥ ${kv} kV (${buses} barras)`,
    areas: 'Áreas',
    areasSummary: (shown: number, total: number) =>
      shown === total ? `Áreas: todas (${total})` : `Áreas: ${shown} de ${total}`,
    areasAll: 'Marcar todas',
    areasNone: 'Desmarcar todas',
    areaOption: (area: number, name: string | null, buses: string) =>
      `Área ${area}${name ? ` · ${name}` : ''} (${buses} barras)`,
    areaLabel: (area: number, name: string | null) => `Área ${area}${name ? ` · ${name}` : ''}`,
    collapse: 'Agrupar tensiones bajas',
    collapseHint:
      'Cada barra por debajo de la tensión mínima se suma a la barra más cercana que se dibuja: al pasar sobre ella se ven cuántas agrupa, con su generación y su carga. Las líneas claras unen barras conectadas solo a través de tensiones más bajas.',
    collapseNeedsKv: 'Elige una tensión mínima para agrupar las tensiones bajas.',
    showAll: 'Mostrar toda la red',
    drawn: (buses: string, totalBuses: string, branches: string, totalBranches: string) =>
      `Se dibujan ${buses} de ${totalBuses} barras y ${branches} de ${totalBranches} ramas.`,
    grouped: (count: number, buses: string, linkCount: number, links: string) =>
      `${buses} ${count === 1 ? 'barra de tensión menor agrupada' : 'barras de tensión menor agrupadas'} en las que se dibujan; ${links} ${linkCount === 1 ? 'conexión' : 'conexiones'} a través de ellas.`,
    unreached: (count: number, buses: string) =>
      `${buses} ${count === 1 ? 'barra de tensión menor no llega' : 'barras de tensión menor no llegan'} a ninguna barra dibujada y no se ${count === 1 ? 'agrupa' : 'agrupan'}.`,
    outside: (what: string, kv: string, area: number | null) =>
      `${what} está fuera del filtro (${kv} kV${area === null ? '' : `, área ${area}`}): se sigue dibujando, sin las barras de su alrededor.`,
    outsideGenerators: (names: string[]) =>
      `Los generadores de mayor sensibilidad ${names
        .map((name) => `«${name}»`)
        .join(', ')} están fuera del filtro: se siguen dibujando, sin las barras de su alrededor.`,
    outsideMarkers: (count: number) =>
      `${count === 1 ? 'Una barra marcada está' : `${count} barras marcadas están`} fuera del filtro: se siguen dibujando.`,
    showSurroundings: 'Mostrar su entorno',
    monitored: (name: string) => `El elemento monitoreado «${name}»`,
    contingency: (name: string) => `La contingencia «${name}»`,
    generator: (name: string) => `El generador «${name}»`,
    searched: (name: string) => `La barra buscada «${name}»`,
    selected: (name: string) => `La barra seleccionada «${name}»`,
  },
  counts: (buses: string, branches: string) => `${buses} barras · ${branches} ramas`,
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  zoomReset: 'Ver toda la red',
  searchLabel: 'Buscar barra por nombre o número',
  searchPlaceholder: 'Nombre o número de barra',
  searchSubmit: 'Buscar',
  searchNone: (query: string) => `No hay ninguna barra que coincida con «${query}».`,
  searchFound: (name: string, number: number) => `Barra encontrada: ${name} (número ${number}).`,
  searchMany: (count: number) => `${count} barras coinciden; se muestra la primera.`,
  legendTitle: 'Carga de las ramas',
  legendUnrated: 'Sin capacidad declarada',
  legendOutOfService: 'Fuera de servicio (línea discontinua)',
  legendMonitored: 'Elemento monitoreado',
  legendGenerator: 'Generador de mayor sensibilidad',
  capacityLegendTitle: 'Capacidad de conexión (MW)',
  capacityNotEvaluated: 'Barra no evaluada',
  busbarListLabel: 'Capacidad de conexión por barra evaluada',
  highlightedTitle: 'Elementos resaltados',
  highlightedNone: 'Selecciona una restricción para resaltar sus elementos en la red.',
  monitored: (name: string, percent: string) => `Elemento monitoreado: ${name} (carga ${percent})`,
  contingency: (name: string) => `Contingencia: ${name}`,
  outOfService: 'Fuera de servicio',
  inService: 'En servicio',
  baseCase: 'Sin contingencia (red completa)',
  generators: 'Generadores de mayor sensibilidad',
  generator: (name: string, sensitivity: string) => `${name} (sensibilidad ${sensitivity})`,
  noLoading: 'sin capacidad',
  coordinatesButton: 'Cargar coordenadas (CSV)',
  coordinatesSending: 'Cargando coordenadas...',
  coordinatesInput: 'Archivo de coordenadas de las barras (CSV)',
  coordinatesHint:
    'Un archivo CSV con las columnas barra, latitud y longitud (separadas por coma o punto y coma) ubica las barras en su posición geográfica.',
  coordinatesDone: 'Coordenadas cargadas: la red se muestra con posiciones geográficas.',
  coordinatesError: (message: string) => `No se pudieron cargar las coordenadas: ${message}`,
  /** /analisis «Capacidad por barra»: every bus of the case coloured by its capacity (issue #17). */
  capacityMap: {
    title: 'Mapa de capacidad por barra',
    caption: (strict: boolean) =>
      `Cada barra del caso coloreada por su capacidad de conexión ${strict ? 'estricta' : 'atribuible'} (MW), con la cantidad de barras de cada intervalo.`,
    loading: 'Cargando el mapa de capacidad...',
    error: (message: string) => `No se pudo cargar el mapa de capacidad: ${message}`,
    notReady: 'La capacidad de cada barra de este caso aún no está calculada.',
    legendTitle: (strict: boolean) =>
      `Capacidad de conexión ${strict ? 'estricta' : 'atribuible'} (MW)`,
    bandZero: '0 MW',
    bandRange: (from: string, to: string) => `${from}–${to} MW`,
    bandCap: (cap: string) => `${cap} MW (tope del estudio: nada la limita antes)`,
    outsideIsland: 'Sin capacidad (fuera de la isla de la transferencia)',
    buses: (count: number, text: string) => `${text} ${count === 1 ? 'barra' : 'barras'}`,
    tooltip: (strict: boolean) => (strict ? 'Capacidad estricta' : 'Capacidad atribuible'),
    searchName: 'Buscar barra en el mapa de capacidad',
    mw: (mw: string) => `${mw} MW`,
    /** Issue #31: the same map coloured by what sets each bus's capacity. */
    colourBy: 'Colorear el mapa por',
    colourByMw: 'Capacidad (MW)',
    colourByVariable: 'Variable limitante',
    variableCaption:
      'Cada barra coloreada por lo que fija su capacidad, como lo nombra la UPME: la menor entre la cifra verificada en AC (la DC mientras no lo está) y la de red débil. Elige una variable de la leyenda para ver solo sus barras.',
    variableLegendTitle: (strict: boolean) =>
      `Variable limitante de la capacidad ${strict ? 'estricta' : 'atribuible'}`,
    variables: {
      thermal: 'Térmica',
      voltage: 'Tensión',
      'reactive-power': 'Potencia reactiva',
      'non-convergence': 'No convergencia',
      'weak-grid': 'Cortocircuito (red débil)',
      unverified: 'Sin verificar en AC',
      none: 'Ninguna antes del tope',
      outside: 'Sin capacidad (fuera de la isla)',
    },
    showOnly: (label: string, count: string) => `Ver solo ${label} (${count})`,
    showingOnly: (label: string) =>
      `Se muestran solo las barras de «${label}»; las demás, en gris claro.`,
    showAll: 'Ver todas las variables',
    variableTooltip: 'Variable limitante',
    variableDetail: (variable: string, mw: string) => `${variable} · ${mw} MW`,
    noVariables:
      'Este servidor no da la variable limitante de cada barra: actualízalo para colorear por ella.',
  },
  tooltip: {
    bus: 'Barra',
    number: 'Número',
    name: 'Nombre',
    kv: 'Tensión',
    generation: 'Generación',
    capacity: 'Capacidad de conexión',
    branch: 'Rama',
    flow: 'Flujo',
    rating: 'Capacidad',
    loading: 'Carga',
    state: 'Estado',
    kvValue: (kv: string) => `${kv} kV`,
    mw: (mw: string) => `${mw} MW`,
    percent: (percent: string) => `${percent} %`,
    generationValue: (p: string, pmax: string) => `${p} MW de ${pmax} MW`,
    none: 'Sin generación',
    area: 'Área',
    load: 'Carga',
    grouped: 'Barras agrupadas',
    groupedGeneration: 'Generación agrupada',
    groupedLoad: 'Carga agrupada',
    groupedCount: (count: string) => `${count} de tensión menor`,
  },
} as const;
