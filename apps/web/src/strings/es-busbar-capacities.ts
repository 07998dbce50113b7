import { sharedWords } from '@holgura/contracts';
import { ratingWords, sinkWords, slackWords } from './es-analysis-options';

/**
 * «Capacidad por barra»: the N-1 capacity of every bus of a case (issue #17), in /analisis for
 * an analysed case and in /resultados for the selected case of a study.
 */
export const esBusbarCapacities = {
  title: 'Capacidad por barra',
  intro:
    'La capacidad de conexión N-1 de cada barra del caso: cuántos MW puede inyectar una unidad nueva en esa barra antes de que un elemento supere su límite, con la red completa o tras cualquier contingencia.',
  /** States of the computation (decision 016). */
  pendingTitle: 'Calculando la capacidad de cada barra',
  pendingBody:
    'Se calcula después del análisis del caso, en su propio trabajo: la tabla, el histograma y el mapa aparecen al terminar.',
  waitingAnalysis:
    'La capacidad de cada barra se calcula cuando termine el análisis del caso. Se consulta de nuevo en unos segundos.',
  progressLabel: 'Progreso del cálculo de la capacidad por barra',
  queued: 'En cola',
  running: 'Calculando',
  failedTitle: 'El cálculo de la capacidad por barra falló',
  absentTitle: 'Este caso no tiene la capacidad de cada barra',
  absentBody:
    'Se analizó antes de que Holgura calculara la capacidad de cada barra. Calcúlala ahora: tarda unos segundos en un caso de miles de barras.',
  compute: 'Calcular la capacidad por barra',
  computeAgain: 'Calcular de nuevo',
  computing: 'Solicitando...',
  computeError: (message: string) => `No se pudo solicitar el cálculo: ${message}`,
  error: (message: string) => `No se pudo cargar la capacidad por barra: ${message}`,
  /** The summary of the whole case (filters do not change it). */
  summaryLabel: 'Resumen de la capacidad por barra',
  buses: 'Barras calculadas',
  median: (strict: boolean) => `Mediana ${strict ? 'estricta' : 'atribuible'}`,
  zero: 'Barras en 0 MW',
  zeroOther: (strict: boolean, count: string) =>
    `Barras en 0 MW (${strict ? 'atribuible' : 'estricta'}: ${count})`,
  atCap: (cap: string) => `Barras en el tope (${cap} MW)`,
  mw: (mw: string) => `${mw} MW`,
  preExistingSentence: (count: string, total: string) =>
    `En ${count} de ${total} barras la cifra estricta es 0 MW solo porque la inyección empeora una violación que la red ya tenía antes de conectar nada: la columna «Violación existente que empeora» dice cuál. La cifra atribuible la deja aparte y muestra lo que la conexión misma permite.`,
  noPreExisting:
    'Ninguna inyección empeora una violación existente: en cada barra la cifra atribuible y la estricta coinciden.',
  outsideIsland: (count: string) =>
    `${count} barras están fuera de la isla que hospeda la transferencia: no tienen capacidad.`,
  options: (
    cap: string,
    cutoff: string,
    contingencies: string,
    rating: string,
    sink: string,
    slack: string | null,
  ) =>
    `Calculado con un tope de ${cap} MW, ${ratingWords(rating)} tras cada contingencia, ${contingencies} contingencias, ${sinkWords(sink)}${slack === null ? '' : `, ${slackWords(slack)}`} y factores de distribución menores que ${cutoff} sin efecto.`,
  /** The sink's room below the cap (issue #25): what a bus reaches when nothing binds first. */
  atSinkRoom: (mw: string) => `Barras en el margen de la generación que compensa (${mw} MW)`,
  sinkRoomSentence: (room: string, cap: string) =>
    `La generación que compensa una conexión solo puede bajar ${room} MW (hasta su Pmin): ninguna barra pasa de esa cifra aunque el tope sea ${cap} MW, y donde la alcanza, es ella la que limita y no la red.`,
  sinkRoomLimiting: (mw: string) => `Margen de la generación que compensa (${mw} MW)`,
  noRatedLimiting: 'Ninguno: el caso no tiene ramas con capacidad',
  /** A recalculation with other options (issue #25): the old result stays meanwhile. */
  nextTitle: 'Recalculando con otras opciones',
  nextBody: (options: string, contingencies: string | null) =>
    `Se muestra el resultado anterior hasta que termine el cálculo con ${options}${contingencies === null ? '' : ` y ${contingencies}`}.`,
  nextDefaults: 'las opciones por defecto',
  /** Issue #30: which contingencies the computation on its way takes. */
  nextContingencyFile: (file: string) =>
    file.startsWith('Reglas: ')
      ? `las contingencias por reglas (${file.slice('Reglas: '.length)})`
      : `las contingencias del archivo ${file}`,
  nextEveryBranch: 'todas las ramas, una a la vez',
  nextFailedTitle: 'El recálculo con otras opciones falló',
  nextFailedBody: (message: string) => `${message} Se sigue mostrando el resultado anterior.`,
  /** /resultados: the same section for the selected case of a study (its scenario × year). */
  studyTitle: 'Capacidad por barra del caso',
  studyIntro: (caseName: string) =>
    `La capacidad de conexión N-1 de cada barra de la red del caso ${caseName} (su escenario y su año, con los proyectos en servicio), con el tope, la capacidad poscontingencia y el corte del estudio: no solo las barras que el estudio pide.`,
  studyPickCase:
    'Elige un caso (una tarjeta) para ver la capacidad de cada barra de la red de su escenario y año.',
  studyAbsentTitle: 'Esta versión del estudio no tiene la capacidad de cada barra',
  studyAbsentBody:
    'Se calculó antes de que Holgura calculara la capacidad de cada barra en los estudios. Guarda una nueva versión del estudio (Estudios → Editar) para calcularla en cada escenario y año.',
  /** The two figures (docs/analysis.md §6): attributable first. */
  figureLabel: 'Cifra de la capacidad por barra',
  attributable: 'Atribuible',
  strict: 'Estricta',
  attributableHelp:
    'Atribuible: la capacidad de la que es responsable la conexión misma; las violaciones que la red ya tenía se dejan aparte mientras la inyección no las empeore más allá del umbral.',
  strictHelp:
    'Estricta: toda violación que la red ya tenía y que la inyección empeora la limita a 0 MW, aunque la conexión no la haya causado.',
  /** Filters. */
  filtersLabel: 'Filtrar barras',
  search: 'Buscar barra',
  searchHint: 'Número exacto o parte del nombre',
  searchPlaceholder: 'p. ej. 1001 o NORTE',
  minKv: 'Tensión mínima (kV)',
  minKvInvalid: 'Escribe la tensión en kV, por ejemplo 115 o 13,8.',
  area: 'Área',
  areaInvalid: 'Escribe el número del área, por ejemplo 3.',
  clearFilters: 'Quitar filtros',
  /** The table. */
  tableTitle: 'Barras',
  tableCaption: (strict: boolean) =>
    `Capacidad ${strict ? 'estricta' : 'atribuible'} de conexión por barra, con su elemento limitante y su contingencia`,
  total: (count: string, all: string) => `${count} de ${all} barras`,
  loading: 'Cargando barras...',
  empty: 'Ninguna barra cumple los filtros elegidos.',
  columnBus: 'Barra',
  columnName: 'Nombre',
  columnKv: 'kV',
  columnArea: 'Área',
  columnMw: (strict: boolean) => (strict ? 'Estricta (MW)' : 'Atribuible (MW)'),
  columnOther: (strict: boolean) => (strict ? 'Atribuible (MW)' : 'Estricta (MW)'),
  columnLimiting: 'Elemento limitante',
  columnContingency: 'Contingencia',
  columnWorsened: 'Violación existente que empeora',
  /** Issue #25: the AC check of a bus's figure at its limiting constraint. */
  columnAc: 'Verificación AC',
  acVerify: 'Verificar en AC',
  acVerifyBus: (name: string) => `Verificar en AC la capacidad de ${name}`,
  acVerifying: 'Verificando…',
  acLoadings: (ac: string, dc: string) => `AC ${ac} % · DC ${dc} %`,
  acFlagged: 'difiere más de 5 %',
  acNotConverged: 'El flujo de carga AC no convergió en ese despacho',
  /** Issue #31: the figure verified in AC, the variable that sets it, where and after what. */
  acVerifyingHint: 'Flujos AC en N-0 y en cada contingencia: puede tardar unos segundos.',
  acVariables: sharedWords.acVariables,
  acFigure: (mw: string) => `AC: ${mw} MW`,
  acWhere: (variable: string, element: string | null, contingency: string | null) =>
    `${variable}${element === null ? '' : ` en ${element}`} ${contingency === null ? 'en la red completa' : `tras ${contingency}`}`,
  acConfirms: 'AC confirma la cifra DC',
  acDrop: (dropMw: string, dcMw: string, percent: string) =>
    `${dropMw} MW menos que la cifra DC (${dcMw} MW, −${percent} %)`,
  acChecked: (contingencies: string) => `N-0 y ${contingencies} contingencias verificadas`,
  acPreExisting: (count: number, text: string) =>
    count === 1
      ? '1 violación previa, no atribuible'
      : `${text} violaciones previas, no atribuibles`,
  acPreExistingStrict: (count: number, text: string) =>
    count === 1 ? '1 violación previa' : `${text} violaciones previas`,
  fullNetwork: sharedWords.fullNetwork,
  atCapLimiting: (cap: string) => `Ninguno antes del tope (${cap} MW)`,
  outside: 'Fuera de la isla',
  noValue: '–',
  none: 'Ninguna',
  worsened: (monitored: string, contingency: string) => `${monitored} tras ${contingency}`,
  worsenedBase: (monitored: string) => `${monitored} en el caso base (N-0)`,
  strictZeroWhy: 'por la violación existente',
  /** The histogram. */
  histogramTitle: 'Histograma',
  histogramCaption: (strict: boolean) =>
    `Cuántas barras tienen cada capacidad ${strict ? 'estricta' : 'atribuible'}, con los filtros elegidos. Los intervalos son los mismos en todos los casos con el mismo tope.`,
  histogramLabel: (strict: boolean, total: string, biggest: string) =>
    `Histograma de la capacidad ${strict ? 'estricta' : 'atribuible'} de ${total} barras. El intervalo con más barras: ${biggest}.`,
  histogramEmpty: 'Ninguna barra cumple los filtros elegidos.',
  histogramLoading: 'Cargando el histograma...',
  histogramError: (message: string) => `No se pudo cargar el histograma: ${message}`,
  histogramShowTable: 'Ver los datos del histograma en una tabla',
  histogramTableCaption: 'Barras por intervalo de capacidad',
  columnBin: 'Capacidad (MW)',
  columnCount: 'Barras',
  binZero: '0',
  binRange: (from: string, to: string) => `${from} a menos de ${to}`,
  binCap: (cap: string) => `${cap} (tope)`,
  binShort: (from: string, to: string) => `${from}–${to}`,
  axisMw: 'MW',
  axisBuses: 'Barras',
  binCount: (label: string, count: string) => `${label} MW: ${count} barras`,
  /** The map. */
  showMap: 'Ver el mapa de capacidad',
  showMapHint:
    'Dibuja la red del caso con cada barra coloreada por su capacidad (carga la vista de la red si aún no está).',
  /** Downloads. */
  downloadTable: 'la capacidad por barra',
  /**
   * Issue #31: the weak grid beside each figure, the least of them and what sets it
   * («Variable limitante», as UPME names it).
   */
  columnWeakGrid: 'Red débil (MW)',
  /** The weak-grid column's second line: where its figures come from, or why none. */
  weakGridHeaderNote: {
    available: (scrMin: string) => `SCR ≥ ${scrMin}`,
    absent: 'sin calcular',
    unavailable: 'sin datos de máquinas',
    placeholder: 'datos de relleno',
  },
  weakGridNote: {
    available: (scrMin: string, xd: string | null) =>
      `Red débil: los MW que admite cada barra con una razón de cortocircuito de al menos ${scrMin} (la potencia de cortocircuito mínima N-1 entre ${scrMin})${xd === null ? ', con la impedancia de las máquinas del archivo' : `, con X″d = ${xd} p.u. en las unidades sin datos`}.`,
    absent:
      'Red débil: calcula la potencia de cortocircuito del caso («Potencia de cortocircuito», más abajo) para ver cuántos MW admite cada barra sin que la red sea débil; la capacidad es entonces la menor de las dos.',
    unavailable:
      'Red débil: el caso no trae impedancias de las máquinas (un caso MATPOWER nunca las trae). Calcula la potencia de cortocircuito con una X″d («Potencia de cortocircuito», más abajo) para verla; mientras tanto la columna queda vacía.',
    placeholder:
      'Red débil: todas las unidades traen el valor de relleno ZX = 1,0 de las exportaciones RAW. Calcula la potencia de cortocircuito con una X″d («Potencia de cortocircuito», más abajo) para verla; mientras tanto la columna queda vacía.',
  },
  columnLimit: 'Capacidad (MW)',
  columnLimitNote: 'la menor',
  columnVariable: 'Variable limitante',
  /** «Variable limitante» in UPME's words, the weak grid's included. */
  variables: { ...sharedWords.acVariables, 'weak-grid': sharedWords.weakGrid },
  /** A figure not verified in AC: its thermal limit is DC's. */
  variableDcOnly: 'sin verificar en AC',
  variableNone: 'Ninguna antes del tope',
  variableSinkRoom: 'Ninguna: margen de la generación que compensa',
  /** «Verificar todas en AC»: every bus of the table verified in AC, as a background job. */
  acAllTitle: 'Verificación AC de todas las barras',
  acAll: 'Verificar todas en AC',
  acAllBuses: (count: number, text: string) =>
    count === 1 ? '1 barra sin verificar' : `${text} barras sin verificar`,
  acAllFiltered: 'con los filtros de la tabla',
  acAllEstimate: (time: string) => `unos ${time} en este servidor`,
  acAllTooLong: (time: string, limit: string) =>
    `Tardaría ${time} y el máximo de este servidor es ${limit} min: filtra la tabla por área, tensión o nombre para verificar menos barras a la vez.`,
  acAllNothing: 'Todas las barras de la tabla están verificadas en AC.',
  acAllHelp:
    'Verifica en AC, como «Verificar en AC» de una barra, cada barra de la tabla (con sus filtros) que aún no lo está, en segundo plano con dos hilos y las de menor capacidad primero. Cada tanda queda guardada al terminar: puedes seguir usando Holgura, y si se detiene, lo verificado queda.',
  acAllStarting: 'Pidiendo la verificación…',
  acAllProgressLabel: 'Progreso de la verificación AC de todas las barras',
  acAllQueued: 'En cola',
  acAllRunning: 'Verificando en AC',
  acAllFailedTitle: 'La verificación AC de todas las barras se detuvo',
  acAllCancelled: 'La verificación AC de todas las barras se canceló.',
  acAllKept: (verified: string, total: string) =>
    `${verified} de ${total} barras quedaron verificadas y guardadas; «Verificar todas en AC» sigue con las que faltan.`,
  acAllDone: (verified: string, figure: string) =>
    `${verified} barras verificadas en AC (cifra ${figure}).`,
  acAllError: (message: string) => `No se pudo pedir la verificación AC: ${message}`,
  acAllCancelFailed: (message: string) => `No se pudo detener la verificación: ${message}`,
} as const;
