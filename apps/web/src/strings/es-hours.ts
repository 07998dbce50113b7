import { formatFixed, formatInteger, formatNumber } from '../utils/format';

/** «N cosa» / «N cosas», the number in es-CO. */
const counted = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/** MW as the figures say them: one decimal, es-CO («1.234,5 MW»). */
const mw = (value: number) => `${formatFixed(value, 1)} MW`;

/** MWh: at most one decimal, es-CO («1.752.000 MWh», «0,4 MWh»). */
const mwh = (value: number) => `${formatNumber(value, 1)} MWh`;

/**
 * MATPOWER genfuel names in Spanish where the word is obvious; any other fuel keeps the name the
 * file gives it.
 */
const FUELS: Record<string, string> = {
  wind: 'Eólica',
  solar: 'Solar',
  hydro: 'Hidráulica',
  coal: 'Carbón',
  ng: 'Gas natural',
  nuclear: 'Nuclear',
  oil: 'Petróleo',
  biomass: 'Biomasa',
  geothermal: 'Geotérmica',
};

/**
 * «Un año de horas» (issue #32, docs/analysis.md §13): a bus's connection capacity in every hour
 * of a year of hourly profiles, its firm MW, the MW at 1, 3 and 5 % of energy curtailed and a
 * plant's lost MWh.
 */
export const esHours = {
  title: 'Un año de horas',
  intro:
    'La capacidad de conexión N-1 de una barra en cada hora del año, con la demanda y la generación de tus perfiles horarios: cuántos MW son firmes y cuánta energía perdería una planta por recortes.',
  loading: 'Cargando los perfiles horarios del caso...',
  loadError: (message: string) => `No se pudieron cargar los perfiles horarios: ${message}`,
  /**
   * When the case has the planner's contingencies (issue #30): the hours are on every branch,
   * one at a time, and only «Capacidad por barra» is on the set.
   */
  contingencySetNote: (fileName: string) =>
    `Las cifras de cada hora consideran cada rama en servicio, una a la vez: tus contingencias («${fileName}») no se aplican aquí. La capacidad por barra con ellas está en «Capacidad por barra».`,
  unknownError: 'No se pudo completar la operación. Inténtalo de nuevo.',

  profiles: {
    title: 'Perfiles horarios',
    noneTitle: 'Este caso aún no tiene perfiles horarios',
    /** Before the list of CSV columns. */
    noneBody:
      'Un archivo de perfiles dice, hora por hora, cómo cambian la demanda y la generación del caso: una tabla de cambios horaria de MATPOWER (como scenarios_ACTIVSg2000.m) o un CSV con una fila por hora y las columnas',
    /** The CSV columns, each shown as code, and what each holds. */
    columns: [
      ['hora', ''],
      ['area N', ' (MW)'],
      ['area N factor', ''],
      ['unidad BARRA[/n]', ' (MW)'],
      ['unidad BARRA[/n] fc', ''],
      ['estado BARRA[/n]', ''],
      ['tecnologia COMBUSTIBLE fc', ''],
    ] as const,
    /** What follows the column `index` of `count` in the sentence: «, », « y » or «.». */
    columnAfter: (index: number, count: number) =>
      index < count - 2 ? ', ' : index === count - 2 ? ' y ' : '.',
    noneAfter:
      'La plantilla (Excel o CSV) trae las 8.760 horas con una columna por área del caso, en su demanda del caso.',
    template: (format: 'csv' | 'xlsx') =>
      format === 'csv' ? 'Descargar la plantilla (CSV)' : 'Descargar la plantilla (Excel)',
    templateFileName: (format: 'csv' | 'xlsx') => `plantilla-perfiles-horarios.${format}`,
    templateFailed: (message: string | null) =>
      message === null
        ? 'No se pudo descargar la plantilla. Inténtalo de nuevo.'
        : `No se pudo descargar la plantilla: ${message}`,
    upload: 'Subir perfiles horarios',
    replace: 'Reemplazar perfiles horarios',
    uploadHint:
      'Archivo .m (tabla de cambios de MATPOWER), .csv o libro de Excel (.xlsx, como la plantilla) de hasta 10 MB, tal cual o comprimido con xz (.xz). Se lee contra el caso: si nombra un área o una unidad que el caso no tiene, no se guarda nada.',
    uploading: (fileName: string) => `Subiendo y leyendo ${fileName}...`,
    uploadFailed: (fileName: string) => `No se guardó ${fileName}`,
    savedTitle: 'Perfiles horarios guardados',
    savedBody: (hours: number, fileName: string) =>
      `${counted(hours, 'hora', 'horas')} de ${fileName}.`,
    currentLabel: 'Perfiles del caso',
    format: {
      'matpower-chgtab': 'Tabla de cambios horaria de MATPOWER',
      csv: 'CSV con una fila por hora',
    },
    uploadedAt: (date: string) => `Subido el ${date}`,
    figures: {
      hours: 'Horas',
      units: 'Unidades con perfil de producción',
      statuses: 'Unidades con perfil de estado',
      areas: 'Áreas con perfil',
    },
    areasTitle: 'Factor de demanda de cada área',
    areasColumns: {
      area: 'Área',
      caseLoad: 'Demanda del caso (MW)',
      range: 'Factor por hora (mín. – máx.)',
    },
    factorRange: (min: number, max: number) => `${formatFixed(min, 2)} – ${formatFixed(max, 2)}`,
    noAreas: 'Ninguna área tiene perfil: la demanda queda como en el caso.',
    technologies: (names: string[]) =>
      names.length === 0
        ? 'Ninguna tecnología: ninguna unidad con perfil tiene combustible (genfuel) en el caso.'
        : `Tecnologías con perfil: ${names.join(', ')}.`,
    infeasibleTitle: (count: number, hours: number) =>
      `${counted(count, 'hora infactible', 'horas infactibles')} de ${formatInteger(hours)}`,
    infeasibleBody:
      'En esas horas las unidades sin perfil no alcanzan a compensar el cambio de la demanda y de las unidades con perfil (no tienen margen entre su Pmin y su Pmax): el caso de esa hora no existe, así que se dejan fuera de todas las cifras del año. Para estudiarlas, incluye en el archivo el despacho (o el estado) de las unidades en esas horas.',
    allFeasible: 'Todas las horas son factibles: las unidades sin perfil compensan cada una.',
    remove: 'Quitar perfiles',
    removeTitle: '¿Quitar los perfiles horarios?',
    removeBody: (fileName: string) =>
      `Se borra «${fileName}» del caso. Para volver a calcular el año de una barra tendrás que subir perfiles otra vez.`,
    removeCancel: 'Cancelar',
    removeClose: 'Cerrar',
    removeConfirm: 'Quitar perfiles',
    removing: 'Quitando...',
    removeFailed: 'No se quitaron los perfiles',
    removedTitle: 'Perfiles horarios quitados',
  },

  fuel: (name: string) => FUELS[name.trim().toLowerCase()] ?? name,

  bus: {
    title: 'El año de una barra',
    label: 'Barra',
    hint: 'El número de una barra del caso, por ejemplo 1001.',
    hintCount: (buses: number, example: number) =>
      `El número de una barra del caso (tiene ${counted(buses, 'barra', 'barras')}), por ejemplo ${example}.`,
    empty: 'Escribe el número de una barra del caso.',
    notInteger: 'El número de barra es un entero, por ejemplo 1001.',
    unknown: (bus: number) => `El caso no tiene la barra ${bus}.`,
    compute: 'Calcular el año',
    computing: (hours: number) => `Calculando ${formatInteger(hours)} horas…`,
    computingHint: 'En un caso de 2.000 barras tarda unos segundos.',
    failed: (bus: number) => `No se calculó el año de la barra ${bus}`,
    /** The two figures of a busbar's capacity (issue #25), as «Capacidad por barra» has them. */
    figure: 'Cifra',
    figures: {
      ignore: 'Atribuible: las violaciones existentes no la limitan',
      limit: 'Estricta: las violaciones existentes la limitan',
    },
  },

  result: {
    heading: (label: string) => `Barra ${label}`,
    flatNote: (preExisting: 'ignore' | 'limit') =>
      `Para una planta de producción constante, que entrega su potencia todas las horas. ${
        preExisting === 'ignore'
          ? 'Cifra atribuible: las violaciones que la red ya tiene sin la planta no la limitan.'
          : 'Cifra estricta: una restricción que la red ya viola sin la planta no puede empeorar, y en las horas en que la planta la empeora con cualquier potencia la cifra es 0 MW.'
      }`,
    atCap: (capMw: number) => `≥ tope del estudio (${formatNumber(capMw, 1)} MW)`,
    mw,
    figures: {
      firm: 'Potencia firme',
      firmHint: 'Los MW que caben en todas las horas factibles sin recortar nada.',
      atShare: (share: '1' | '3' | '5') => `MW con ${share} % de la energía recortada`,
      atShareHint: (share: '1' | '3' | '5') =>
        `La planta más grande que pierde como mucho el ${share} % de su energía en el año.`,
      min: 'Capacidad mínima',
      median: 'Capacidad mediana',
      max: 'Capacidad máxima',
      limited: 'Horas limitadas por la red',
      limitedValue: (limited: number, feasible: number) =>
        `${formatInteger(limited)} de ${formatInteger(feasible)}`,
    },
    excluded: (count: number, hours: number) =>
      `Sin contar ${counted(count, 'hora infactible', 'horas infactibles')} de ${formatInteger(hours)}: no entran en ninguna cifra.`,
    allFeasible: (hours: number) => `Las ${formatInteger(hours)} horas son factibles.`,
    sinkFallback: (count: number) =>
      `En ${counted(count, 'hora', 'horas')} ninguna unidad de la generación que compensa tenía margen para bajar: la producción de la planta la tomaron las cargas.`,
    seconds: (seconds: number) => `Calculado en ${formatNumber(seconds, 1)} s.`,
    noFeasible:
      'Ninguna hora del año es factible: no hay capacidad que mostrar. Incluye en el archivo el despacho de las unidades para estudiar esas horas.',
    csv: 'Descargar CSV',
    csvFileName: (bus: number) => `capacidad-horaria-barra-${bus}.csv`,
    csvTitle: (label: string) => `Capacidad de conexión hora a hora — barra ${label}`,
    csvMeta: {
      profiles: 'Perfiles horarios',
      hours: 'Horas',
      infeasible: 'Horas infactibles (sin cifra)',
      cap: 'Tope del estudio (MW)',
      figure: 'Cifra',
      attributable: 'Atribuible (las violaciones existentes no la limitan)',
      strict: 'Estricta (las violaciones existentes la limitan)',
    },
    csvColumns: { hour: 'Hora', capacity: 'Capacidad (MW)', limit: 'Lo que la limita' },
    csvCap: 'Tope del estudio',
    csvInfeasible: 'Hora infactible',
    csvLimit: (monitored: string, contingency: string | null) =>
      `${monitored} — ${contingency ?? 'Caso base'}`,
  },

  duration: {
    title: 'Curva de duración de la capacidad',
    caption:
      'Las horas factibles ordenadas de mayor a menor capacidad: cada punto dice en qué parte del año la barra admite al menos esos MW.',
    label: (bus: string, max: number, median: number, min: number, feasible: number) =>
      `Curva de duración de la capacidad de la barra ${bus} en ${formatInteger(feasible)} horas factibles: de ${mw(max)} a ${mw(min)}, con ${mw(median)} o más la mitad de las horas.`,
    axisMw: 'MW',
    axisShare: '% de las horas factibles',
    share: (share: number) => `${formatInteger(share)} %`,
    capLine: (capMw: number) => `Tope (${formatNumber(capMw, 1)} MW)`,
    pointsTitle: 'Puntos de la curva',
    point: (share: number, hours: number, value: number) =>
      `El ${formatInteger(share)} % de las horas (${counted(hours, 'hora', 'horas')}): al menos ${mw(value)}`,
  },

  heatmap: {
    capacityTitle: 'Capacidad media por mes y hora del día',
    capacityCaption:
      'MW promedio de las horas factibles de cada mes a cada hora del día (0 a 23). En gris, donde todas las horas son infactibles.',
    curtailTitle: 'Energía recortada por mes y hora del día',
    curtailCaption:
      'MWh que la planta pierde en el año, sumados por mes y hora del día. En blanco, donde no pierde nada.',
    months: ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'],
    monthNames: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    monthHeader: 'Mes',
    hourHeader: (hour: number) => `${hour}:00`,
    cell: (month: string, hour: number, value: string) => `${month}, ${hour}:00: ${value}`,
    value: (value: number, unit: 'MW' | 'MWh') => `${formatNumber(value, 1)} ${unit}`,
    none: 'sin horas factibles',
    legend: 'Escala de colores',
    range: (from: number, to: number, unit: 'MW' | 'MWh') =>
      `${formatNumber(from, 1)} – ${formatNumber(to, 1)} ${unit}`,
    zero: (unit: 'MW' | 'MWh') => `0 ${unit}`,
  },

  constraints: {
    title: 'Restricciones que limitan la barra',
    caption:
      'Cada restricción es un elemento vigilado tras una contingencia, o en el caso base: cuántas horas fija la capacidad de la barra y qué parte de las horas factibles son.',
    monitored: 'Elemento vigilado',
    contingency: 'Contingencia',
    hours: 'Horas',
    share: '% de las horas factibles',
    baseCase: 'Caso base',
    percent: (value: number) => `${formatFixed(value, 1)} %`,
    none: 'Ninguna restricción limita la barra: en todas las horas factibles llega al tope del estudio.',
  },

  plant: {
    title: 'Simular una planta',
    intro:
      'Cuánta energía perdería por recortes una planta de este tamaño en esta barra, hora por hora, con su perfil de producción.',
    size: 'Tamaño de la planta (MW)',
    sizeHint: 'Con coma o punto decimal.',
    sizeDefault: '200',
    sizeNaN: 'Escribe un número de MW, por ejemplo 200.',
    sizeZero: 'El tamaño de la planta debe ser mayor que 0 MW',
    sizeTooBig: 'El tamaño de la planta no puede pasar de 100.000 MW',
    profile: 'Perfil de producción',
    flat: 'Producción constante',
    file: 'Perfil propio (archivo)',
    fileLabel: 'Archivo del perfil (un valor por hora)',
    fileChoose: 'Elegir archivo del perfil',
    fileHint: (hours: number) =>
      `Un número por línea, ${formatInteger(hours)} líneas (se admite una de encabezado): por MW instalado, entre 0 y 1, o MW de una planta de referencia, que se escalan por su máximo. En un archivo separado por «;», o de una sola columna, la coma es decimal.`,
    fileRead: (fileName: string, count: number) =>
      `${fileName}: ${counted(count, 'valor leído', 'valores leídos')}.`,
    fileMissing: 'Elige el archivo del perfil.',
    fileUnreadable: 'No se pudo leer el archivo.',
    fileEmpty: 'El archivo no tiene valores.',
    fileNotNumber: (line: number) => `La línea ${formatInteger(line)} del archivo no es un número.`,
    fileNegative: (line: number) =>
      `La línea ${formatInteger(line)} del archivo tiene un valor negativo: la producción no puede serlo.`,
    fileCount: (count: number, hours: number) =>
      `El archivo tiene ${counted(count, 'valor', 'valores')} y los perfiles del caso, ${counted(hours, 'hora', 'horas')}: debe tener uno por hora.`,
    simulate: 'Simular',
    simulating: 'Simulando la planta…',
    failed: 'No se simuló la planta',
    resultTitle: (size: number) => `Una planta de ${mw(size)}`,
    excluded: (count: number, hours: number) =>
      `Energía y recortes de las horas factibles: sin contar ${counted(count, 'hora infactible', 'horas infactibles')} de ${formatInteger(hours)}.`,
    energy: 'Energía de la planta (MWh/año)',
    curtailed: 'Energía recortada (MWh/año)',
    curtailedShare: 'De su energía, recortada',
    hoursCurtailed: 'Horas con recorte',
    profileLabel: 'Perfil',
    mwh,
    percent: (value: number) => `${formatFixed(value, 2)} %`,
    hours: (value: number) => formatInteger(value),
    flatLabel: 'Producción constante',
    technologyLabel: (fuel: string, units: number, area: number | null) =>
      `${fuel}: promedio de ${counted(units, 'unidad', 'unidades')} con perfil ${
        area === null ? 'de todo el caso (el área de la barra no tiene)' : `del área ${area}`
      }`,
    valuesLabel: (label: string, scaledFromMw: number | null) =>
      scaledFromMw === null
        ? label
        : `${label} (MW de una planta de referencia, escalados por su máximo: ${mw(scaledFromMw)})`,
    figuresTitle: 'Con este perfil',
  },
};
