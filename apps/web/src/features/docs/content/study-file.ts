import { studyWorkbookWords } from '@holgura/contracts';
import type { DocSection } from './types';

// The template's sheet names, headers and field labels are the workbook's own words, so this
// page names them as the file does.
const sheets = studyWorkbookWords.sheets;
const columnsOf = (sheet: { columns: Readonly<Record<string, string>> }) =>
  Object.values(sheet.columns).join(' · ');
/** The 'Estudio' rows a user fills in Holgura (the base case file is only for the CLI). */
const formFields = (
  [
    'name',
    'description',
    'networkLabel',
    'tmaxMw',
    'postContingencyRating',
    'distributionFactorCutoff',
    'preExistingViolations',
    'verificationAc',
    'verificationShortCircuit',
    'scrMin',
    'xdPu',
  ] as const
)
  .map((key) => studyWorkbookWords.fields[key].label)
  .join(', ');

/** Abridged from demo/estudio-demo.json (one scenario, one project of each kind). */
const example = `{
  "name": "Estudio de demostración: capacidad de conexión 2026–2031",
  "networkLabel": "Red sintética pública ACTIVSg2000 (Texas A&M University) …",
  "baseCase": "networks/case_ACTIVSg2000.m.xz",
  "years": [2026, 2027, 2028, 2029, 2030, 2031],
  "areas": [{ "id": 5, "name": "Área 5" }, { "id": 7, "name": "Área 7" }],
  "growth": { "Área 5": 0.015, "Área 7": 0.015 },
  "scenarios": [
    {
      "name": "alta",
      "condition": "Demanda alta en el Área 5 y baja en el Área 7",
      "demandMultipliers": { "Área 5": 1.04, "Área 7": 0.96 },
      "interchanges": [
        { "name": "Exportación a Ecuador (ilustrativa)", "bus": 8126, "mw": -150 },
        { "name": "Importación desde Venezuela (ilustrativa)", "bus": 2011, "mw": 50 }
      ]
    }
  ],
  "projects": [
    {
      "name": "Segundo circuito Paris 2 – Savoy 500 kV",
      "inServiceYear": 2027,
      "branches": [
        { "fromBus": 2021, "toBus": 2002, "circuit": "2", "rPu": 0.00097,
          "xPu": 0.01175, "bPu": 0.78032, "rateAMva": 2295, "rateBMva": 2295 }
      ]
    },
    {
      "name": "Planta solar Oilton 300 MW",
      "inServiceYear": 2028,
      "units": [{ "bus": 4195, "pMaxMw": 300, "pMinMw": 0, "pMw": 150 }]
    }
  ],
  "busbars": [1079, 2002, 2011, 2021, 2096],
  "options": {
    "tmaxMw": 2000,
    "postContingencyRating": "emergency",
    "distributionFactorCutoff": 0.01,
    "preExistingViolations": "ignore"
  }
}`;

export const studyFileSection: DocSection = {
  id: 'archivo-de-estudio',
  title: 'El archivo de estudio',
  intro:
    'Un estudio de capacidad de conexión es una red base más un archivo que describe años, áreas, escenarios, proyectos y barras candidatas. Cada usuario crea, calcula, edita y borra sus propios estudios en la página «Estudios» del encabezado, llenando un formulario o subiendo el estudio en Excel o JSON; nadie más ve tus estudios. Sus resultados se consultan en [Resultados](/resultados). El estudio de demostración, de solo lectura, se calcula así en el primer arranque (`demo/estudio-demo.json`), y `npx holgura study estudio.json` calcula el mismo archivo desde la terminal.',
  subsections: [
    {
      id: 'preparar-un-estudio',
      title: 'Preparar un estudio en el formulario',
      blocks: [
        {
          kind: 'list',
          ordered: true,
          items: [
            'En «Estudios», pulsa «Nuevo estudio».',
            'Caso base: sube el archivo de red (los mismos formatos, límite de 10 MB y mensajes de error que en [Análisis](/analisis)) o elige uno de tus casos ya analizados. Holgura lee sus barras y áreas, que alimentan el resto del formulario.',
            'Datos del estudio: nombre, descripción y la descripción de la red que acompaña los resultados (si la red es sintética o ilustrativa, debe decirlo).',
            'Años: en orden creciente y sin repetir. El primero es el año del caso base.',
            'Áreas y crecimiento: el formulario ofrece las áreas del caso con el nombre «Área N»; puedes renombrarlas. El crecimiento anual se escribe en % (1,5 = 1,5 % al año); el archivo lo guarda como fracción (0.015).',
            'Escenarios: nombre sin espacios ni guiones bajos, condición, multiplicador de demanda por área (vacío = 1) e intercambios (MW en una barra: positivo importa, negativo exporta).',
            'Proyectos: año de entrada en operación, líneas (entre barras del caso, R, X y B en por unidad) y unidades de generación.',
            'Barras candidatas: búscalas por número, nombre, tensión o área (se muestran de a 20, aunque el caso tenga 10.000 barras); elige «todas las barras de N kV o más», o pega una lista de números: los que no están en el caso se nombran y no se agregan. El formulario dice cuántas barras llevas.',
            'Opciones: tope de capacidad (MW), capacidad poscontingencia, corte del factor de distribución, el tratamiento de las violaciones existentes (atribuible por defecto) y el despacho base (distribuido por defecto). Debajo, la verificación más allá del DC térmico: AC y cortocircuito (red débil), activas por defecto, con el SCR mínimo y la X″d de las unidades sin datos (ver [Verificación AC y red débil en un estudio](#verificacion-del-estudio)).',
            'Pulsa «Revisar» y, si todo está bien, «Calcular estudio».',
          ],
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Atribuible a la conexión (`ignore`, por defecto)',
              definition:
                'Las violaciones que la red ya tiene son de la red, no de la conexión: se informan con cada barra, pero no limitan su capacidad.',
            },
            {
              term: 'Estricta (`limit`)',
              definition:
                'Si la red ya viola un límite en una contingencia y la unidad nueva lo empeora, la capacidad de esa barra es 0 MW.',
            },
          ],
        },
      ],
    },
    {
      id: 'estudio-en-excel',
      title: 'Preparar un estudio en Excel',
      blocks: [
        {
          kind: 'p',
          text: '«Descargar plantilla» (en «Nuevo estudio», y en «Estudios» mientras no tengas ninguno) entrega un libro de Excel con un ejemplo pequeño. Cada hoja es una sección del estudio: la fila 1 tiene los encabezados y no se cambia; desde la fila 2, un elemento por fila. Las filas vacías se ignoran, puedes agregar columnas de notas a la derecha y todas las hojas deben estar, aunque alguna quede vacía. Los números llevan coma decimal (1,04) o punto (1.04).',
        },
        {
          kind: 'table',
          caption: 'Hojas de la plantilla de estudio',
          head: ['Hoja', 'Columnas', 'Qué contiene'],
          rows: [
            [
              sheets.instructions.name,
              '—',
              'Cómo llenar el libro, hoja por hoja y campo por campo.',
            ],
            [sheets.study.name, columnsOf(sheets.study), `Un campo por fila: ${formFields}.`],
            [
              sheets.years.name,
              columnsOf(sheets.years),
              'Los años del estudio, en orden creciente.',
            ],
            [
              sheets.areas.name,
              columnsOf(sheets.areas),
              'Las áreas del caso que usa el estudio; las demás hojas las nombran por su nombre.',
            ],
            [
              sheets.scenarios.name,
              columnsOf(sheets.scenarios),
              'Nombre sin espacios ni guiones bajos y su condición.',
            ],
            [sheets.demand.name, columnsOf(sheets.demand), 'Un área sin fila queda en 1.'],
            [
              sheets.interchanges.name,
              columnsOf(sheets.interchanges),
              'Positivo importa, negativo exporta.',
            ],
            [sheets.projects.name, columnsOf(sheets.projects), 'Cada proyecto una vez.'],
            [
              sheets.branches.name,
              columnsOf(sheets.branches),
              'Las líneas que agrega cada proyecto (circuito vacío = 1).',
            ],
            [
              sheets.units.name,
              columnsOf(sheets.units),
              'Las unidades de generación que agrega cada proyecto.',
            ],
            [
              sheets.busbars.name,
              columnsOf(sheets.busbars),
              'Las barras candidatas, una por fila.',
            ],
          ],
        },
        {
          kind: 'p',
          text: 'Con el caso base elegido, «Cargar desde archivo» acepta el libro (.xlsx) o un JSON (.json) de hasta 5 MB: Holgura lo revisa contra el caso y, si se puede leer, llena el formulario para que lo revises antes de calcular. Un estudio ya guardado se descarga con «Descargar Excel» o «Descargar JSON» en la lista, para editarlo fuera de Holgura y cargarlo de nuevo.',
        },
      ],
    },
    {
      id: 'problemas-del-estudio',
      title: 'Cómo se informan los problemas',
      blocks: [
        {
          kind: 'p',
          text: 'Nada se calcula ni se guarda hasta que el estudio está completo. El formulario marca cada campo que falta o no es válido, en español, antes de enviar nada. Después, «Revisar» comprueba el estudio contra el caso base —que cada barra, intercambio, línea y unidad esté en el caso y no esté aislada, y que cada área exista— y lista todos los problemas a la vez, cada uno con su lugar:',
        },
        {
          kind: 'list',
          items: [
            'en el formulario, con el nombre del campo y un botón «Ir al campo»: «Escenario 2 › Nombre: El nombre del escenario no puede tener guiones bajos ni espacios»;',
            'en un libro de Excel, con su hoja, fila y celda: «Hoja «Barras», fila 4, celda A4: La barra 99999 (barra del estudio) no está en el caso base»;',
            'en un JSON, con la ruta del campo: `scenarios.1.name: El nombre del escenario no puede tener guiones bajos ni espacios` o `growth.Área 9: El área "Área 9" no está en areas`.',
          ],
        },
        {
          kind: 'p',
          text: 'Si no hay problemas, un resumen dice lo que tomará el cálculo antes de hacerlo: los casos (escenarios × años), las capacidades (casos × barras), los proyectos, el tamaño de la red y el tiempo estimado.',
        },
      ],
    },
    {
      id: 'calculo-del-estudio',
      title: 'Qué hace el cálculo y cuánto tarda',
      blocks: [
        {
          kind: 'p',
          text: 'El estudio se calcula en el servidor, un caso `<escenario>_<año>` a la vez. Cada caso es la red base con la demanda de cada barra multiplicada por (1 + crecimiento de su área) elevado a los años transcurridos desde el primero y por el multiplicador del escenario, los intercambios como inyecciones en su barra, los proyectos que ya entraron en operación y la generación redespachada a la nueva demanda. Sobre cada caso se ejecuta el análisis N-1 y se calcula la capacidad de conexión de cada barra candidata ([Capacidad de una barra](#capacidad-de-una-barra)).',
        },
        {
          kind: 'p',
          text: 'El progreso se ve en vivo («Caso 3 de 12: alta_2027 (25 barras)») en el formulario y en la lista de estudios, y el cálculo se puede cancelar. El tiempo crece con el tamaño de la red y con las barras: en una red de unas 2.000 barras, cada caso toma alrededor de un segundo y medio (la mitad es la capacidad de todas las barras de su red, ver [En Resultados, para cada caso de un estudio](#capacidad-por-barra-en-resultados)) más unas centésimas por barra candidata; en una de 10.000 barras, unos segundos por caso más casi un segundo por barra. Entre un caso y el siguiente, el servidor atiende los análisis de otros usuarios, así que un estudio largo no los detiene.',
        },
      ],
    },
    {
      id: 'verificacion-del-estudio',
      title: 'Verificación AC y red débil en un estudio',
      blocks: [
        {
          kind: 'p',
          text: 'La capacidad DC solo mira la cargabilidad térmica. En «Opciones del cálculo», el estudio puede comprobar cada barra en cada escenario y año de dos maneras más. «Verificar en AC» repite la cifra DC con flujos de carga AC con los límites de reactivos de las unidades, en N-0 y en al menos diez contingencias, y revisa térmica (MVA), tensión, potencia reactiva y convergencia; si algo falla, la cifra AC es la mayor inyección que lo cumple ([Verificación AC de una barra](#verificacion-ac-por-barra)). «Verificar el cortocircuito (red débil)» calcula la potencia de cortocircuito mínima N-1 de cada barra del caso y la divide por el SCR mínimo (3 por defecto): lo más que admite una planta con inversores sin que la red sea débil. En los resultados, cada tarjeta muestra la capacidad DC, la AC y la de red débil, la «Capacidad» (la menor de ellas) y la «Variable limitante»: térmica, tensión, potencia reactiva, no convergencia o cortocircuito (red débil). El informe y las descargas llevan las mismas columnas.',
        },
        {
          kind: 'p',
          text: 'La X″d (reactancia subtransitoria, en p.u. sobre el MBASE de cada unidad) solo se usa para las unidades sin datos de máquina: un caso MATPOWER no los trae, y una exportación RAW con ZX = 1,0 en todas las unidades trae valores de relleno. Sin X″d, esos casos no tienen cifra de red débil y Holgura dice por qué en la tarjeta y en «Condiciones de simulación», en vez de inventarla. Las verificaciones cuestan tiempo y el resumen antes de calcular lo incluye: en una red de 2.000 barras, unos 0,6 s por barra y caso la AC y medio segundo por caso el cortocircuito (en 10.000 barras, unos 2 s y 7 s). Un estudio guardado antes de esta opción, o un archivo sin `options.verification`, se calcula solo en DC.',
        },
      ],
    },
    {
      id: 'versiones-del-estudio',
      title: 'Versiones, cancelar y borrar',
      blocks: [
        {
          kind: 'list',
          items: [
            '«Editar» abre el estudio en el formulario con su caso base. Al calcularlo se crea una versión nueva; los resultados de la anterior se siguen mostrando hasta que la nueva termina. Mientras una versión se calcula no se puede empezar otra.',
            'Un estudio creado con un archivo de red subido pide ese archivo otra vez para calcular una versión nueva (o uno de tus casos analizados).',
            '«Cancelar» detiene la versión en curso; los resultados de la versión anterior, si los había, se conservan.',
            '«Borrar» elimina el estudio con todas sus versiones, casos y resultados, después de confirmarlo.',
            'El estudio de demostración es público y de solo lectura: solo se pueden ver sus resultados.',
          ],
        },
      ],
    },
    {
      id: 'campos-del-estudio',
      title: 'Campos del archivo JSON',
      blocks: [
        {
          kind: 'table',
          caption: 'Campos del archivo de estudio',
          head: ['Campo', 'Obligatorio', 'Qué contiene'],
          rows: [
            ['`name`', 'sí', 'Nombre del estudio (hasta 200 caracteres).'],
            ['`description`', 'no', 'Descripción libre (hasta 2000 caracteres).'],
            [
              '`networkLabel`',
              'sí',
              'Qué red es; se muestra con los resultados (una red sintética debe decirlo).',
            ],
            [
              '`baseCase`',
              'para la terminal',
              'Ruta del caso base (MATPOWER o PSS/E, plano o xz), relativa al archivo de estudio.',
            ],
            ['`years`', 'sí', 'Años del estudio, crecientes y sin repetir, entre 2000 y 2100.'],
            ['`areas`', 'no', 'Áreas del caso: `id` (número de área del archivo) y `name`.'],
            [
              '`growth`',
              'no',
              'Crecimiento anual de la demanda por nombre de área, como fracción (0.03 = 3 % al año, entre −0.5 y 0.5).',
            ],
            [
              '`scenarios`',
              'sí',
              'Al menos uno: `name` (sin espacios ni guiones bajos, porque forma el nombre `<escenario>_<año>`), `condition` (el texto de «Condición»), `demandMultipliers` (por nombre de área; 1 = como en el caso base) e `interchanges` (`name`, `bus`, `mw`: positivo importa, negativo exporta).',
            ],
            [
              '`projects`',
              'no',
              '`name`, `inServiceYear` y lo que agrega: `branches` (`fromBus`, `toBus`, `circuit`, `rPu`, `xPu` distinta de cero, `bPu`, `rateAMva`, `rateBMva`) y `units` (`bus`, `pMaxMw`, `pMinMw`, `pMw`).',
            ],
            ['`busbars`', 'sí', 'Números de las barras candidatas, sin repetir.'],
            [
              '`options.tmaxMw`',
              'no',
              'Tope del estudio en MW (2000 por defecto): la capacidad nunca lo supera.',
            ],
            [
              '`options.postContingencyRating`',
              'no',
              '`"emergency"` (por defecto: `RATE_B` si existe, si no `RATE_A`), o `"A"`, `"B"`, `"C"` para usar siempre esa capacidad después de la contingencia.',
            ],
            [
              '`options.distributionFactorCutoff`',
              'no',
              'Restricciones con |d(c)| menor que este valor no limitan (0.01 por defecto).',
            ],
            [
              '`options.preExistingViolations`',
              'no',
              '`"ignore"` (por defecto: una violación previa que la conexión empeora se informa sin limitar, la cifra atribuible) o `"limit"` (da 0 MW, la cifra estricta).',
            ],
            [
              '`options.slack`',
              'no',
              '`"distributed"` (por defecto: el desbalance de cada caso, sus pérdidas AC, se reparte entre las unidades en proporción a su generación) o `"single"` (lo toma la unidad de referencia, como MATPOWER). Ver [Despacho base](#despacho-base).',
            ],
            [
              '`options.verification`',
              'no',
              'Sin él, solo DC. `ac` y `shortCircuit` (`true` por defecto cuando está), `scrMin` (3 por defecto) y `xdPu` (opcional, entre 0 y 10: la X″d de las unidades sin datos de máquina). Ver [Verificación AC y red débil en un estudio](#verificacion-del-estudio).',
            ],
          ],
        },
        {
          kind: 'p',
          text: 'Los errores de validación nombran el campo, por ejemplo `scenarios.1.name: El nombre del escenario no puede tener guiones bajos ni espacios` o `growth.Área 9: El área "Área 9" no está en areas`.',
        },
      ],
    },
    {
      id: 'ejemplo-de-estudio',
      title: 'Ejemplo',
      blocks: [
        {
          kind: 'code',
          caption: 'Extracto del estudio de demostración (demo/estudio-demo.json)',
          code: example,
        },
      ],
    },
  ],
};
