import { orList } from './study-workbook-words';

/**
 * The problems a study file can have (Excel or JSON), as the user reads them: each names its
 * place (sheet, row and cell, or the JSON field) and says what to do. The server finds the
 * problems; the sentences are here. Numbers and sizes arrive already formatted (es-CO).
 */
export const studyProblemWords = {
  /** `Hoja «Barras», fila 4, celda A4`: the place a workbook problem starts with. */
  place: {
    sheet: (name: string) => `Hoja «${name}»`,
    row: (row: number) => `fila ${row}`,
    cell: (cell: string) => `celda ${cell}`,
    column: (column: string) => `columna ${column}`,
  },

  /** The file as a whole. */
  file: {
    tooLarge: (size: string, max: string) => `El archivo pesa ${size} y el máximo es ${max}`,
    moreProblems: (count: number) =>
      `Hay ${count} problemas más: corrige los anteriores y vuelve a subir el archivo`,
    unreadableWorkbook:
      'No se pudo leer el libro de Excel: ábrelo en Excel, guárdalo como .xlsx y vuelve a subirlo',
    /** A problem of the study's base case file (its engine error, already worded). */
    baseCase: (message: string) => `Caso base: ${message}`,
  },

  /** The zip under an .xlsx, checked before exceljs reads it. */
  xlsx: {
    notXlsx: 'El archivo no es un libro de Excel (.xlsx): súbelo como .xlsx o como estudio en JSON',
    oldOrEncrypted:
      'El archivo es un libro de Excel antiguo (.xls) o protegido con contraseña: guárdalo como .xlsx, sin contraseña, y vuelve a subirlo',
    damaged:
      'El libro de Excel está dañado o incompleto: ábrelo en Excel, guárdalo de nuevo y vuelve a subirlo',
    zipNotWorkbook: 'El archivo es un .zip pero no un libro de Excel (.xlsx)',
    tooManyCells: (max: string) =>
      `El libro tiene más de ${max} celdas y filas con datos o formato: un estudio tiene muchas menos. Borra las filas y columnas que sobran, también las que solo tienen formato`,
    zip64: 'El libro usa el formato ZIP64, que un estudio no necesita',
    tooManyEntries: (count: number, max: number) =>
      `El libro tiene ${count} partes internas y el máximo es ${max}`,
    tooLargeUncompressed: (max: string) =>
      `El libro ocupa más de ${max} descomprimido: un estudio ocupa mucho menos. Revisa que no tenga imágenes ni hojas ajenas al estudio`,
    lyingSize: 'El libro de Excel está dañado: una de sus partes no tiene el tamaño que declara',
  },

  /** A study sent as JSON. */
  json: {
    notUtf8: 'El archivo no es texto UTF-8: guárdalo como JSON en UTF-8',
    syntaxAt: (line: number, column: number) =>
      `El JSON no es válido en la línea ${line}, columna ${column}: revisa comas, comillas y llaves`,
    unexpectedToken: (token: string) =>
      `El JSON no es válido: hay un «${token}» donde no corresponde; revisa comas, comillas y llaves`,
    endsEarly:
      'El JSON no es válido: el archivo termina antes de tiempo (¿falta cerrar una llave o un corchete?)',
    invalid: 'El JSON no es válido: revisa comas, comillas y llaves',
  },

  /** A sheet and its header row. */
  sheet: {
    missing: (sheet: string) =>
      `Falta la hoja «${sheet}»: el libro debe tener las hojas de la plantilla, aunque alguna quede vacía`,
    tooLong: (maxRows: string) => `La hoja tiene más de ${maxRows} filas con datos`,
    missingHeader: (header: string) => `Falta el encabezado «${header}»`,
    wrongHeader: (expected: string, actual: string) =>
      `El encabezado debe ser «${expected}» y no «${actual}»`,
    missingValue: (header: string) => `Falta el valor de la columna «${header}»`,
  },

  /** One cell read as its column's kind. */
  cell: {
    boolean: 'La celda tiene un valor lógico (VERDADERO o FALSO)',
    date: 'La celda tiene una fecha: escribe el valor como número o como texto',
    excelError: (error: string) => `La celda tiene el error ${error} de Excel`,
    uncomputedFormula:
      'La fórmula de la celda no tiene un valor calculado: abre el libro en Excel, guárdalo y vuelve a subirlo',
    textTooLong: (length: number, max: number) =>
      `El texto tiene ${length} caracteres y el máximo es ${max}`,
    expectedNumber: (text: string) => `Se esperaba un número y la celda tiene «${text}»`,
  },

  /** The 'Estudio' sheet: a form of one field per row. */
  studySheet: {
    unknownField: (label: string, known: readonly string[]) =>
      `El campo «${label}» no es del formato: los campos son ${known.join(', ')}`,
    repeatedField: (label: string, firstRow: number) =>
      `El campo «${label}» ya está en la fila ${firstRow}`,
    useOneOf: (values: readonly string[]) => `Usa uno de estos valores: ${orList(values)}`,
  },

  /** Names one sheet defines and others refer to. */
  references: {
    nouns: { area: 'El área', scenario: 'El escenario', project: 'El proyecto' },
    notInSheet: (noun: string, name: string, sheet: string) =>
      `${noun} «${name}» no está en la hoja «${sheet}»`,
    repeatedAreaId: (id: string, firstRow: number) =>
      `El número de área ${id} ya está en la fila ${firstRow}`,
    repeatedArea: (name: string, firstRow: number) =>
      `El área «${name}» ya está en la fila ${firstRow}`,
    repeatedDemand: (area: string, scenario: string, firstRow: number) =>
      `El área «${area}» ya tiene multiplicador en el escenario «${scenario}» (fila ${firstRow})`,
    repeatedProject: (name: string, firstRow: number) =>
      `El proyecto «${name}» ya está en la fila ${firstRow}`,
  },

  /**
   * The study schema's rules, in Spanish where the schema has no message of its own: what each
   * field is called (with its article, and whether it is plural) and the sentences about it.
   */
  schema: {
    labels: {
      '': { label: 'el estudio' },
      name: { label: 'el nombre' },
      description: { label: 'la descripción' },
      networkLabel: { label: 'la descripción de la red' },
      baseCase: { label: 'el archivo del caso base' },
      years: { label: 'los años', plural: true },
      areas: { label: 'las áreas', plural: true },
      id: { label: 'el número de área' },
      growth: { label: 'el crecimiento anual' },
      scenarios: { label: 'los escenarios', plural: true },
      condition: { label: 'la condición' },
      demandMultipliers: { label: 'los multiplicadores de demanda', plural: true },
      interchanges: { label: 'los intercambios', plural: true },
      mw: { label: 'los MW del intercambio', plural: true },
      bus: { label: 'el número de barra' },
      projects: { label: 'los proyectos', plural: true },
      inServiceYear: { label: 'el año de entrada' },
      branches: { label: 'las líneas del proyecto', plural: true },
      units: { label: 'las unidades del proyecto', plural: true },
      fromBus: { label: 'la barra desde' },
      toBus: { label: 'la barra hasta' },
      circuit: { label: 'el circuito' },
      rPu: { label: 'la resistencia R (pu)' },
      xPu: { label: 'la reactancia X (pu)' },
      bPu: { label: 'la susceptancia B (pu)' },
      rateAMva: { label: 'la capacidad A (MVA)' },
      rateBMva: { label: 'la capacidad B (MVA)' },
      pMaxMw: { label: 'la potencia máxima Pmáx (MW)' },
      pMinMw: { label: 'la potencia mínima Pmín (MW)' },
      pMw: { label: 'la potencia de despacho P (MW)' },
      busbars: { label: 'las barras', plural: true },
      options: { label: 'las opciones', plural: true },
      tmaxMw: { label: 'el tope de capacidad' },
      postContingencyRating: { label: 'la capacidad poscontingencia' },
      distributionFactorCutoff: { label: 'el corte del factor de distribución' },
      preExistingViolations: { label: 'la opción de violaciones existentes' },
    } as Readonly<Record<string, { label: string; plural?: true }>>,
    /** A field with no label of its own. */
    fallbackLabel: { label: 'el valor' } as { label: string; plural?: true },
    kinds: {
      number: 'un número',
      string: 'un texto',
      array: 'una lista',
      object: 'un objeto',
      record: 'un objeto',
    } as Readonly<Record<string, string>>,
    otherKind: 'de otro tipo',
    missing: (label: string) => `Falta ${label}`,
    /** `Label` is the label capitalized, as a sentence starts. */
    mustBe: (Label: string, plural: boolean, what: string) =>
      `${Label} ${plural ? 'deben' : 'debe'} ${what}`,
    beKind: (kind: string) => `ser ${kind}`,
    bounds: {
      atLeast: 'al menos',
      atMost: 'como máximo',
      greater: 'mayor',
      less: 'menor',
      characters: (count: string, n: string) => `tener ${count} ${n} caracteres`,
      elements: (count: string, n: string) => `tener ${count} ${n} elementos`,
      number: (comparison: string, inclusive: boolean, n: string) =>
        `ser ${comparison} ${inclusive ? 'o igual ' : ''}que ${n}`,
    },
    oneOf: (values: readonly string[]) => `ser uno de estos valores: ${values.join(', ')}`,
    invalid: (Label: string, plural: boolean) =>
      `${Label} no ${plural ? 'son válidos' : 'es válido'}`,
    growthRange: 'El crecimiento anual debe estar entre -50 % y 50 %',
    cutoffRange: 'El corte del factor de distribución debe estar entre 0 y 1',
  },

  /** The rules across fields, checked on the raw study element by element. */
  crossField: {
    yearRepeated: (year: number) => `El año ${year} está repetido`,
    yearsOutOfOrder: (year: number, latest: number) =>
      `Los años deben ir en orden creciente: ${year} está después de ${latest}`,
    scenarioRepeated: (name: string) => `El escenario "${name}" está repetido`,
    areaUnknown: (name: string) => `El área "${name}" no está en areas`,
    busbarRepeated: (bus: number) => `La barra ${bus} está repetida`,
  },
} as const;
