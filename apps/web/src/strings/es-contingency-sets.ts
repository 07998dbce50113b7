import { contingencySetWords, type ContingencyCounts } from '@holgura/contracts';
import { formatFixed, formatInteger } from '../utils/format';

/** «N cosa» / «N cosas», the number in es-CO. */
const counted = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/** «a», «a y b», «a, b y c»: file names in a sentence. */
const listed = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;

/** «3.190 de una rama, 0 de varias ramas, 544 de unidades, 0 mixtas»: a file's counts by kind. */
export function contingencyKinds(counts: ContingencyCounts): string {
  return [
    `${formatInteger(counts.branch)} de una rama`,
    `${formatInteger(counts.multiBranch)} de varias ramas`,
    `${formatInteger(counts.generator)} de unidades`,
    counted(counts.mixed, 'mixta', 'mixtas'),
  ].join(', ');
}

/** «3.734 contingencias: 3.190 de una rama, 0 de varias ramas, 544 de unidades, 0 mixtas». */
export function contingencyCountsSentence(counts: ContingencyCounts): string {
  return `${counted(counts.total, 'contingencia', 'contingencias')}: ${contingencyKinds(counts)}`;
}

/**
 * «Contingencias» (issue #30): the contingencies a case's busbar capacities are computed on —
 * every in-service branch, one at a time, or the planner's own file (contab or PSS/E .con), a .con
 * with its subsystem file (.sub) and monitored element file (.mon) when it has them.
 */
export const esContingencySets = {
  title: 'Contingencias',
  intro:
    'Formatos: tabla de cambios de MATPOWER (contab) o archivo .con de PSS/E, con su archivo de subsistemas (.sub) y su archivo de elementos vigilados (.mon) si los tiene. Las capacidades por barra se recalculan con el conjunto elegido.',
  loading: 'Cargando las contingencias del caso...',
  loadError: (message: string) => `No se pudieron cargar las contingencias del caso: ${message}`,
  /** What the capacities are computed on. */
  currentLabel: 'Conjunto en uso',
  everyBranch: contingencySetWords.everyBranch,
  format: {
    contab: 'Tabla de cambios de MATPOWER (contab)',
    'psse-con': 'Archivo .con de PSS/E',
    rules: 'Reglas',
  },
  uploadedAt: (date: string) => `Subido el ${date}`,
  chosenAt: (date: string) => `Elegidas el ${date}`,
  rulesFileName: 'reglas-contingencias.json',
  /** Contingencies by rule instead of a file. */
  rules: {
    formLabel: 'Contingencias por reglas',
    title: 'O elige reglas',
    intro:
      'Sin archivo: las contingencias que dan estas reglas en el caso, solo con equipos en servicio.',
    kindsLegend: 'Qué sale',
    singleBranches: 'Cada rama, una a la vez (N-1)',
    parallelCircuits: 'Los circuitos paralelos entre dos barras, juntos (N-2)',
    units: 'Cada unidad que genera, una a la vez (G-1; las demás la reemplazan)',
    minKv: 'Tensión mínima (kV)',
    minKvHint: 'Vacía: todas. Una rama, por su extremo de mayor tensión; una unidad, por su barra.',
    areas: 'Áreas',
    zones: 'Zonas',
    listHint: 'Números separados por comas; vacío: todas',
    noKind: 'Elige al menos una: cada rama, los circuitos paralelos o cada unidad.',
    badKv: 'Escribe una tensión en kV entre 0 y 2.000.',
    badList: 'Escribe números enteros separados por comas.',
    apply: 'Aplicar reglas',
    applying: 'Aplicando...',
    failed: 'No se aplicaron las reglas',
  },
  counts: contingencyCountsSentence,
  /** The files sent with the contingency file, and what each gives. */
  subsystemsLine: (fileName: string, subsystems: number) =>
    `Subsistemas: ${fileName} (${counted(subsystems, 'subsistema', 'subsistemas')})`,
  monitoredLine: (file: {
    fileName: string;
    branches: number;
    unrated: number;
    interfaces: number;
    voltageRanges: number;
  }) =>
    `Elementos vigilados: ${file.fileName} — ${[
      `${counted(file.branches, 'rama', 'ramas')}${file.unrated > 0 ? ` (${formatInteger(file.unrated)} sin límite, no se vigilan)` : ''}`,
      ...(file.interfaces > 0 ? [counted(file.interfaces, 'interfaz', 'interfaces')] : []),
      ...(file.voltageRanges > 0
        ? [
            `${counted(file.voltageRanges, 'rango de tensión', 'rangos de tensión')} (leídos, no verificados: un flujo DC no tiene tensiones)`,
          ]
        : []),
    ].join(', ')}`,
  /** A download button of a file sent with the contingency file, named with it. */
  downloadPart: 'Descargar',
  downloadPartLabel: (fileName: string) => `Descargar ${fileName}`,
  /** Actions. */
  upload: 'Subir archivo de contingencias',
  uploadHint: (maxMb: string, maxFiles: number) =>
    `Archivos .m, .con o .txt de hasta ${maxMb} MB, tal cual o comprimidos con xz (.xz). Un .con puede ir con su .sub y su .mon: selecciónalos juntos (hasta ${formatInteger(maxFiles)} archivos, cada uno de hasta ${maxMb} MB).`,
  uploading: (fileNames: readonly string[]) => `Subiendo y leyendo ${listed(fileNames)}...`,
  download: 'Descargar archivo',
  downloading: 'Descargando...',
  downloadFailed: (reason: string | null, fileName?: string) => {
    const what = fileName === undefined ? 'el archivo de contingencias' : fileName;
    return reason === null
      ? `No se pudo descargar ${what}.`
      : `No se pudo descargar ${what}. ${reason}`;
  },
  fallbackFileName: 'contingencias.txt',
  reset: 'Volver a todas las ramas',
  resetTitle: '¿Volver a todas las ramas?',
  resetBody: (fileName: string) =>
    `Se deja de usar «${fileName}» y las capacidades por barra se recalculan con todas las ramas en servicio, una a la vez (N-1).`,
  resetConfirm: 'Volver a todas las ramas',
  resetting: 'Volviendo...',
  resetCancel: 'Cancelar',
  resetClose: 'Cerrar',
  resetFailed: 'No se pudo volver a todas las ramas',
  /** After a change: the capacities are computed again (the section below follows the job). */
  savedTitle: 'Archivo de contingencias guardado',
  rulesSavedTitle: 'Reglas de contingencias aplicadas',
  savedBody: (counts: ContingencyCounts) =>
    `Las capacidades por barra se recalculan con ${counted(counts.total, 'contingencia', 'contingencias')}.`,
  resetDoneTitle: 'Se volvió a todas las ramas',
  resetDoneBody: 'Las capacidades por barra se recalculan con todas las ramas, una a la vez.',
  /** Refusals. */
  uploadFailed: (fileNames: readonly string[]) =>
    fileNames.length > 1
      ? `No se guardaron ${listed(fileNames)}`
      : `No se guardó ${listed(fileNames)}`,
  tooLarge: (fileName: string, size: string, maxMb: string) =>
    `El archivo ${fileName} pesa ${size} MB; un archivo de contingencias puede pesar hasta ${maxMb} MB.`,
  tooMany: (count: number, max: number) =>
    `Elegiste ${formatInteger(count)} archivos; se envían hasta ${formatInteger(max)} juntos: el de contingencias (.con o contab), su .sub y su .mon.`,
  unknownError: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  unresolvedTitle: (count: number) =>
    count === 1
      ? 'La línea que no corresponde a elementos del caso'
      : `Las ${formatInteger(count)} líneas que no corresponden a elementos del caso`,
  /** «Línea 12: …», or with several files sent «plan.mon, línea 3: …». */
  unresolvedLine: (line: number, text: string, message: string, file?: string) =>
    `${file === undefined ? 'Línea' : `${file}, línea`} ${line}: ${text} — ${message}`,
  unresolvedMore: (count: number) => `y ${formatInteger(count)} más`,
  resolvedCounts: (counts: ContingencyCounts) =>
    `Las líneas que sí se resolvieron dan ${contingencyCountsSentence(counts)}.`,
  /** The N-1 screening of the case on its set, under the set (issue #30). */
  n1: {
    title: 'Análisis N-1 con estas contingencias',
    evaluated: 'Contingencias calculadas',
    islanding: 'Aíslan barras',
    monitored: 'Ramas vigiladas',
    baseCaseOverloads: 'Sobrecargas en el caso base',
    overloadedPairs: 'Pares sobrecargados (vigilada, contingencia)',
    skipped: (count: number) =>
      count === 1
        ? '1 contingencia no se calculó: nombra solo elementos ya fuera de servicio o unidades que nadie puede reemplazar.'
        : `${formatInteger(count)} contingencias no se calcularon: nombran solo elementos ya fuera de servicio o unidades que nadie puede reemplazar.`,
    pickupShort: (count: number) =>
      count === 1
        ? '1 contingencia pierde más generación de la que el resto puede subir: lo que falta queda sin atender.'
        : `${formatInteger(count)} contingencias pierden más generación de la que el resto puede subir: lo que falta queda sin atender.`,
    /** The contingencies that split the network, behind a summary. */
    islandingShow: (count: number) =>
      count === 1
        ? 'Ver la contingencia que aísla barras'
        : `Ver las ${formatInteger(count)} contingencias que aíslan barras`,
    islandingBody:
      'Estas contingencias separan barras del resto de la red: sus flujos no se calculan, así que no se revisan sobrecargas con ellas. Cada una dice cuántas barras deja aisladas y cuánta carga queda sin suministro.',
    islandingLine: (name: string, buses: number, disconnectedMw: number) =>
      `${name} — ${counted(buses, 'barra', 'barras')}, ${formatFixed(disconnectedMw, 1)} MW sin suministro`,
    islandingMore: (count: number) =>
      count === 1
        ? 'y 1 más, con menos carga sin suministro'
        : `y ${formatInteger(count)} más, con menos carga sin suministro`,
    /** The worst loadings. */
    topTitle: 'Mayores cargas con estas contingencias',
    topCaption:
      'Flujo DC de cada rama vigilada en el caso base y tras cada contingencia del conjunto, frente a su límite: el normal en el caso base, el post-contingencia después.',
    rank: '#',
    monitoredElement: 'Elemento vigilado',
    contingency: 'Contingencia',
    flow: 'Flujo (MW)',
    limit: 'Límite (MVA)',
    loading: 'Cargabilidad',
    baseCase: 'Caso base (N-0)',
    showAll: (total: number) => `Mostrar todas (${formatInteger(total)})`,
    showFewer: 'Mostrar menos',
    noTop: 'Ninguna rama vigilada tiene carga que reportar con estas contingencias.',
    /** The .mon's interfaces (flowgates): the sum of their members' flows. */
    interfacesTitle: 'Interfaces',
    interfacesCaption: 'Suma de los flujos de sus ramas, cada una con su coeficiente.',
    interfaceName: 'Interfaz',
    interfaceLimit: 'Límite (MW)',
    noLimit: 'sin límite',
    interfaceBaseFlow: 'Flujo en el caso base (MW)',
    interfaceWorstFlow: 'Peor flujo tras una contingencia (MW)',
    interfaceWorstContingency: 'Contingencia del peor flujo',
    noWorst: 'Ninguna calculada',
    interfaceOverloads: 'Contingencias que la sobrecargan',
    /** A set kept before Holgura computed the N-1 on it. */
    missingTitle: 'No se calculó el análisis N-1 con estas contingencias',
    missingBody: (format: 'contab' | 'psse-con' | 'rules') =>
      `El conjunto se guardó antes de que Holgura hiciera este análisis. ${
        format === 'rules'
          ? 'Aplica de nuevo las reglas para calcularlo.'
          : 'Vuelve a subir el archivo para calcularlo.'
      }`,
  },
  /**
   * Beside a flexibility over every branch, when the case has a set: how to compute it on the
   * set instead (the options panel's «Contingencias de la flexibilidad»).
   */
  flexibilityNote: (fileName: string) =>
    `Esta flexibilidad considera cada rama en servicio, una a la vez. Para calcularla con tus contingencias («${fileName}»), elige «Las del caso» en Opciones del análisis y recalcula.`,
  /** Under the case's own N-1 figures, when the case has a set: those figures are not on it. */
  caseN1Note: (fileName: string) =>
    `Estas cifras consideran cada rama en servicio, una a la vez. Con tus contingencias («${fileName}»), mira «Contingencias».`,
  /**
   * Under `capacityOptions`, when a .mon was sent: only its branches and its rated interfaces
   * limit the capacities.
   */
  capacityMonitored: (file: { fileName: string; branches: number; interfaces: number }) =>
    `${file.branches === 1 ? 'Solo se vigila la rama' : `Solo se vigilan las ${formatInteger(file.branches)} ramas`} de «${file.fileName}»${
      file.interfaces === 0
        ? '.'
        : file.interfaces === 1
          ? ' y su interfaz con límite (la suma de los flujos de sus ramas).'
          : ` y sus ${formatInteger(file.interfaces)} interfaces con límite (la suma de los flujos de sus ramas).`
    }`,
  /** How a capacity result was computed (the «Capacidad por barra» section's options). */
  capacityOptions: (
    set:
      | { fileName: string; format: string; counts: ContingencyCounts; notScreened: number }
      | null
      | undefined,
  ) =>
    set === null || set === undefined
      ? 'Contingencias: todas las ramas, una a la vez.'
      : `${set.format === 'rules' ? `Contingencias por ${set.fileName.replace(/^Reglas: /, 'reglas (')})` : `Contingencias del archivo ${set.fileName}`}: ${formatInteger(set.counts.total)} (${contingencyKinds(set.counts)}); ${
          set.notScreened === 0
            ? 'todas se evaluaron.'
            : set.notScreened === 1
              ? '1 no evaluada (separa la red o nadie reemplaza la unidad).'
              : `${formatInteger(set.notScreened)} no evaluadas (separan la red o nadie reemplaza la unidad).`
        }`,
} as const;
