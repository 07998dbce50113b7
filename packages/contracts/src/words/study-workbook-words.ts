/**
 * The study workbook's words (the Excel template and a study downloaded to edit): sheet names,
 * what each holds, column headers, the 'Estudio' sheet's fields and their values, and the
 * instructions sheet. The reader matches what the user typed against these same names, so the
 * template and the validation cannot drift apart.
 */

/** "A, B, C o emergencia". */
export function orList(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} o ${items[items.length - 1]}`;
}

export const studyWorkbookWords = {
  sheets: {
    instructions: { name: 'Instrucciones' },
    study: {
      name: 'Estudio',
      purpose: 'Datos generales y opciones del cálculo, un campo por fila (Campo | Valor).',
      columns: { field: 'Campo', value: 'Valor' },
    },
    years: {
      name: 'Años',
      purpose: 'Los años del estudio, uno por fila, en orden creciente (entre 2000 y 2100).',
      columns: { year: 'Año' },
    },
    areas: {
      name: 'Áreas',
      purpose:
        'Las áreas del caso que usa el estudio: número de área en el caso, nombre y crecimiento anual de la demanda en % (1,5 = 1,5 % por año; vacío = sin crecimiento). Las demás hojas se refieren a las áreas por este nombre.',
      columns: { id: 'Número', name: 'Nombre', growth: 'Crecimiento anual (%)' },
    },
    scenarios: {
      name: 'Escenarios',
      purpose:
        'Los escenarios: nombre sin espacios ni guiones bajos (forma parte del nombre de cada caso, «escenario_año») y la condición que acompaña sus resultados.',
      columns: { name: 'Escenario', condition: 'Condición' },
    },
    demand: {
      name: 'Demanda',
      purpose:
        'Multiplicador de la demanda de un área en un escenario (1 = como en el caso base; un área sin fila queda en 1).',
      columns: { scenario: 'Escenario', area: 'Área', multiplier: 'Multiplicador' },
    },
    interchanges: {
      name: 'Intercambios',
      purpose:
        'Intercambios de cada escenario como MW inyectados en una barra del caso: positivo para importaciones, negativo para exportaciones.',
      columns: { scenario: 'Escenario', name: 'Nombre', bus: 'Barra', mw: 'MW' },
    },
    projects: {
      name: 'Proyectos',
      purpose:
        'Los proyectos y su año de entrada en operación: desde ese año, sus líneas y unidades están en los casos.',
      columns: { name: 'Proyecto', inServiceYear: 'Año de entrada' },
    },
    branches: {
      name: 'Líneas de proyectos',
      purpose:
        'Las líneas que agrega cada proyecto, entre barras del caso. R, X y B en por unidad en la base del caso; circuito de 1 o 2 caracteres (vacío = 1); capacidades en MVA (Capacidad B vacía = 0).',
      columns: {
        project: 'Proyecto',
        fromBus: 'Barra desde',
        toBus: 'Barra hasta',
        circuit: 'Circuito',
        rPu: 'R (pu)',
        xPu: 'X (pu)',
        bPu: 'B (pu)',
        rateAMva: 'Capacidad A (MVA)',
        rateBMva: 'Capacidad B (MVA)',
      },
    },
    units: {
      name: 'Unidades de proyectos',
      purpose:
        'Las unidades de generación que agrega cada proyecto: barra del caso, potencias máxima, mínima y de despacho en MW (vacías = 0, salvo Pmáx).',
      columns: {
        project: 'Proyecto',
        bus: 'Barra',
        pMaxMw: 'Pmáx (MW)',
        pMinMw: 'Pmín (MW)',
        pMw: 'P (MW)',
      },
    },
    busbars: {
      name: 'Barras',
      purpose:
        'Las barras candidatas en las que se calcula la capacidad de conexión, una por fila.',
      columns: { bus: 'Barra' },
    },
  },

  /** The rows of 'Estudio': the label the user reads (and the reader matches), and its help. */
  fields: {
    name: { label: 'Nombre', help: 'Obligatorio.' },
    description: { label: 'Descripción', help: 'Opcional: qué estudia y con qué supuestos.' },
    networkLabel: {
      label: 'Red (descripción)',
      help: 'Obligatorio: se muestra con los resultados (p. ej., si la red es sintética).',
    },
    tmaxMw: {
      label: 'Tope de capacidad (MW)',
      help: 'La capacidad de conexión de una barra no se busca más allá de este valor. Vacío = 2000.',
    },
    postContingencyRating: {
      label: 'Capacidad poscontingencia (A, B, C o emergencia)',
      help: 'Capacidad de las ramas después de una contingencia. Vacío = emergencia.',
    },
    distributionFactorCutoff: {
      label: 'Corte del factor de distribución',
      help: 'Entre 0 y 1: una restricción cuyo factor de distribución es menor no limita la conexión (sigue en el análisis N-1). Vacío = 0,01.',
    },
    preExistingViolations: {
      label: 'Violaciones existentes (limitar o ignorar)',
      help: 'limitar: una violación que la red ya tiene y la unidad nueva empeora da capacidad 0; ignorar: se informa sin limitar la conexión. Vacío = limitar.',
    },
    /** Issue #31: the checks beyond DC thermal (all four empty: DC only, as older workbooks). */
    verificationAc: {
      label: 'Verificación AC (sí o no)',
      help: 'sí: cada capacidad se comprueba con flujos de carga AC (térmica, tensión, potencia reactiva, convergencia) en N-0 y en al menos diez contingencias. Vacío = no. Si las cuatro filas de verificación están vacías, el estudio es solo DC.',
    },
    verificationShortCircuit: {
      label: 'Verificación de cortocircuito (sí o no)',
      help: 'sí: la capacidad no pasa de la potencia de cortocircuito mínima N-1 de la barra dividida por el SCR mínimo (red débil). Vacío = no.',
    },
    scrMin: {
      label: 'SCR mínimo',
      help: 'Relación de cortocircuito mínima de la verificación de cortocircuito. Vacío = 3.',
    },
    xdPu: {
      label: 'X″d de las unidades sin datos (p.u. sobre MBASE)',
      help: 'Opcional: solo para las unidades sin datos de máquina (un caso MATPOWER; una exportación RAW con ZX = 1,0 en todas las unidades). Vacío: esos casos no tienen cifra de cortocircuito.',
    },
    baseCase: {
      label: 'Archivo del caso base (opcional)',
      help: 'Solo para la línea de comandos: en Holgura el caso base se sube aparte.',
    },
  },

  /** The options' values as the 'Estudio' sheet writes and reads them. */
  choices: {
    postContingencyRating: { A: 'A', B: 'B', C: 'C', emergency: 'emergencia' },
    preExistingViolations: { limit: 'limitar', ignore: 'ignorar' },
    yesNo: { yes: 'sí', no: 'no' },
  },

  /** The first sheet: what each sheet is, units, references by name, allowed values. */
  instructions: {
    title: 'Estudio de capacidad de conexión: plantilla de Holgura',
    intro: (limits: { maxMegabytes: number; maxRowsPerSheet: string }) => [
      'Este libro describe un estudio de capacidad de conexión: los años, las áreas, los escenarios de demanda e intercambios, los proyectos y las barras candidatas que se aplican a un caso base. El caso base se sube aparte, en Holgura.',
      'Cada hoja es una sección del estudio. La fila 1 tiene los encabezados y no se cambia; desde la fila 2, un elemento por fila. Las filas vacías se ignoran y puedes agregar columnas de notas a la derecha de las del formato. Todas las hojas deben estar, aunque alguna quede vacía.',
      'Las áreas se definen una vez en la hoja «Áreas», con el número de área del caso y un nombre; las hojas «Demanda» e «Intercambios» se refieren a los escenarios por su nombre, y «Demanda» a las áreas por el suyo. Las líneas y unidades se refieren a su proyecto por el nombre que tiene en «Proyectos».',
      'Números: con coma decimal (1,04) o punto (1.04). Las barras son los números de barra del caso. Las fórmulas se aceptan: se usa el valor que Excel guardó con el libro.',
      `Límites: ${limits.maxMegabytes} MB por archivo y ${limits.maxRowsPerSheet} filas por hoja. Holgura revisa todo el libro antes de calcular y señala cada problema con su hoja, fila y celda.`,
    ],
    sheetHeading: 'Hoja',
    contentHeading: 'Contenido',
    columns: (headers: readonly string[]) => ` Columnas: ${headers.join(' | ')}.`,
    fieldsHeading: (sheet: string) => `Campos de «${sheet}»`,
    valuesHeading: 'Valores',
    allowedValues: (values: readonly string[]) => ` Valores: ${orList(values)}.`,
  },

  /** What the written workbook adds beside the data: help and drop-down lists. */
  writer: {
    helpHeading: 'Ayuda',
    useOneOf: (values: readonly string[]) => `Usa uno de estos valores: ${values.join(', ')}`,
    notInSheet: (sheet: string) => `No está en la hoja «${sheet}»`,
    /** The drop-down's title: what the column names. */
    lists: { scenario: 'Escenario', area: 'Área', project: 'Proyecto' },
  },
} as const;
