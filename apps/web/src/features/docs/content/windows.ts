import { windowWorkbookWords } from '@holgura/contracts';
import type { DocSection } from './types';

// The template's headers are the workbook's own words, so this page names them as the file does.
const columns = windowWorkbookWords.columns;

/** /ventanas «Ventanas de asignación» (issue #28, docs/analysis.md §6.1). */
export const windowsSection: DocSection = {
  id: 'ventanas-de-asignacion',
  title: 'Ventanas de asignación',
  intro:
    '[Ventanas](/ventanas) reparte la capacidad de conexión entre muchas solicitudes a la vez: cada solicitud pide unos MW en una barra, y la ventana calcula cuántos recibe cada una si se conectan todas juntas, con seguridad N-0 y N-1, con tres reglas lado a lado. Cada asignación se explica con la restricción que la limita. Tus ventanas están en «Mis ventanas»; nadie más las ve.',
  subsections: [
    {
      id: 'capacidades-que-no-se-suman',
      title: 'Por qué las capacidades por barra no se suman',
      blocks: [
        {
          kind: 'p',
          text: 'La [capacidad de una barra](#capacidad-de-una-barra) supone una sola conexión nueva en toda la red. Dos solicitudes que caben cada una por sí sola pueden no caber juntas cuando cargan el mismo elemento ante la misma contingencia: si ante la salida de una línea otra queda a M MW de su límite y las barras A y B la cargan cada una con un factor d (MW de flujo por MW inyectado), a A sola le caben M/d MW y a B sola también M/d, pero juntas deben cumplir d · (MW de A) + d · (MW de B) ≤ M: entre las dos caben M/d MW, no 2 · M/d.',
        },
        {
          kind: 'p',
          text: 'Por eso la tarjeta de cada regla dice también «Por sí solas sumarían … MW»: la suma de la capacidad de cada solicitud calculada sola, como si las demás no existieran. Casi siempre es más de lo que cabe junto.',
        },
      ],
    },
    {
      id: 'que-significa-caber',
      title: 'Qué significa que una asignación quepa',
      blocks: [
        {
          kind: 'p',
          text: 'Los MW asignados a las solicitudes caben cuando, aplicadas todas a la vez, cada una en su barra y compensada por el mismo sumidero que la [capacidad de una barra](#capacidad-de-una-barra) (las demás unidades en servicio bajan en proporción a P0 − Pmin), ninguna restricción sale de su límite:',
        },
        {
          kind: 'formula',
          caption:
            'Cada restricción c (un elemento monitoreado en el caso base o ante una contingencia) con todas las solicitudes conectadas: su flujo sin ellas, f(c), más lo que le agrega cada solicitud r (su factor de distribución sobre c por sus MW asignados), no pasa de su límite L(c) en ningún sentido.',
          math: [
            {
              abs: {
                row: [
                  'f',
                  '(',
                  'c',
                  ')',
                  '+',
                  { sub: ['Σ', 'r'] },
                  { sub: ['d', 'r'] },
                  '(',
                  'c',
                  ')',
                  '·',
                  { sub: ['x', 'r'] },
                ],
              },
            },
            '≤',
            'L',
            '(',
            'c',
            ')',
          ],
        },
        {
          kind: 'list',
          items: [
            'Se revisan todas las restricciones N-0 (caso base) y N-1: por defecto, la salida de cada rama en servicio, una a la vez; o las contingencias del caso, si las eliges (ver abajo). Tras una contingencia el límite es el de «Capacidad poscontingencia»: por defecto la de emergencia (`RATE_B`, o `RATE_A` si el archivo no la trae).',
            'La suma de lo asignado no pasa de lo que las unidades del sumidero pueden bajar en total; cuando es eso lo que limita, la explicación dice «la capacidad del sumidero para bajar generación».',
            'Sin umbral del factor de distribución por defecto: cuenta todo efecto de una solicitud sobre una restricción, por pequeño que sea. Con muchas solicitudes los efectos pequeños se suman: un factor de 0,009 en 1.600 solicitudes son unos 14 MW. El umbral se puede subir hasta 0,5 en «Opciones» («Umbral del factor de distribución»).',
            'Violaciones previas (restricciones que ya están por encima de su límite sin ninguna solicitud): con «Dejarlas aparte», la opción por defecto, son de la red y no limitan la asignación, como la [cifra atribuible](#violaciones-existentes); con «Limitar», ninguna solicitud puede empeorarlas y la que las cargue más recibe 0 MW, como la cifra estricta.',
          ],
        },
        {
          kind: 'p',
          text: 'En «Opciones», «Contingencias» elige qué sale de servicio en las restricciones N-1: «Cada rama en servicio, una a la vez», por defecto, o «Las contingencias del caso», las que subiste en la tarjeta «Contingencias» del caso en Análisis (ver [Con tus propias contingencias](#archivo-de-contingencias)), que pueden sacar un doble circuito, unidades de generación o ambos. Solo se puede elegir cuando el caso tiene su conjunto, y en una ventana sobre un estudio cuando su versión más reciente se envió con uno (cada escenario y año lo lee contra su propia red); el formulario dice el archivo y cuántas contingencias tiene, o por qué no se puede. La ventana se calcula con el conjunto tal como está al crearla, y su encabezado dice con cuáles se calculó: el archivo, cuántas contingencias tiene de cada tipo y cuántas quedaron sin evaluar porque separan la red o sacan generación que nadie puede reponer. La explicación nombra una contingencia de varios elementos por su etiqueta y lo que saca: «ante la contingencia «Contingencia 50: A – B ckt 1 + C – D ckt 1»».',
        },
      ],
    },
    {
      id: 'crear-una-ventana',
      title: 'Crear una ventana',
      blocks: [
        {
          kind: 'list',
          ordered: true,
          items: [
            'En [Ventanas](/ventanas), pulsa «Nueva ventana».',
            'Elige sobre qué se calcula: «Un caso analizado» (uno de tus casos de Análisis, ya analizado; la asignación cabe en ese caso) o «Un estudio (asignación firme)» (ver [Una ventana sobre un estudio](#ventana-sobre-un-estudio)). Ponle un nombre.',
            '«Opciones»: contingencias (cada rama en servicio o las del caso), violaciones previas, capacidad poscontingencia y umbral del factor de distribución. Los valores por defecto sirven para la mayoría de las ventanas.',
            'Agrega las solicitudes: a mano en la tabla («Agregar solicitud»), o con «Cargar desde archivo» desde la plantilla de Excel («Descargar plantilla») o un JSON con la lista «requests». Se pueden combinar: lo cargado se agrega a la tabla y se puede editar.',
            'Pulsa «Crear y calcular ventana». Si algo está mal, nada se calcula: la lista de problemas nombra cada solicitud y campo, con «Ir a la celda».',
          ],
        },
        {
          kind: 'p',
          text: 'El cálculo corre en el servidor; «Mis ventanas» muestra su estado («En cola», «Calculando», «Calculada») y, al terminar, los MW asignados con cada regla. «Borrar» elimina la ventana con sus solicitudes y su asignación (si se está calculando, el cálculo se detiene); el caso no se borra.',
        },
      ],
    },
    {
      id: 'plantilla-de-solicitudes',
      title: 'La plantilla de solicitudes',
      blocks: [
        {
          kind: 'p',
          text: 'La plantilla de Excel tiene una hoja de instrucciones y la hoja «Solicitudes», con una fila por solicitud. Las columnas a la derecha de las de la plantilla se ignoran; las filas de ejemplo usan barras del caso ACTIVSg2000 y hay que reemplazarlas por las tuyas. Los decimales van con coma.',
        },
        {
          kind: 'table',
          caption: 'Columnas de la plantilla de solicitudes',
          head: ['Columna', 'Obligatoria', 'Qué contiene'],
          rows: [
            [columns.id, 'sí', 'Texto único por solicitud, hasta 64 caracteres.'],
            [columns.name, 'no', 'Solo describe la solicitud.'],
            [columns.company, 'no', 'Solo describe la solicitud.'],
            [columns.technology, 'no', 'Solo describe la solicitud.'],
            [
              columns.bus,
              'sí',
              'El número de la barra del caso donde se conecta, como en el archivo de red.',
            ],
            [columns.mw, 'sí', 'La potencia pedida, en MW (0 o más).'],
            [
              columns.minMw,
              'no',
              'Lo mínimo que vale la pena construir. Vacío o 0: acepta cualquier asignación parcial; igual a lo solicitado: todo o nada. Con cualquier regla, una solicitud que recibiría menos que su mínimo recibe 0 MW.',
            ],
            [
              columns.priority,
              'no',
              'Posición en la fila o puntaje: se atiende primero la menor (regla «orden de prioridad»); en «máximo total» desempata. Vacío: el orden de las filas.',
            ],
            [
              columns.year,
              'no',
              'Solo en una ventana sobre un estudio: la solicitud cuenta en los casos de ese año y los siguientes. Vacío: en todos.',
            ],
          ],
        },
      ],
    },
    {
      id: 'tres-reglas',
      title: 'Las tres reglas y cuál leer',
      blocks: [
        {
          kind: 'p',
          text: 'Cada ventana se calcula con las tres reglas, y «Las tres reglas» las muestra lado a lado: MW asignados en total, el % de lo solicitado y cuántas solicitudes quedan «Completa» (recibe todo lo que pidió), «Parcial» o «Sin asignación» (0 MW). El selector «Regla» cambia la tabla de solicitudes, el mapa y los grupos a la regla elegida.',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Orden de prioridad',
              definition:
                'Cada solicitud, por turno según su prioridad, recibe lo más que cabe junto a las anteriores. Lo asignado a las primeras solicitudes cabe por sí solo, sin contar las que vienen después: el contraflujo de una solicitud posterior nunca sostiene a una anterior. Es la regla que se lee cuando hay un orden que respetar (fecha de radicación, puntaje): dice qué recibe cada solicitud después de las que van antes.',
            },
            {
              term: 'Máximo total',
              definition:
                'La asignación con más MW en total; la prioridad solo desempata, y los «MW mínimos» se respetan exactamente (una solicitud todo o nada recibe todo o 0 MW). Es la que se lee para saber cuánto admite la red con estas solicitudes: ningún reparto asigna más. Para llegar al máximo favorece a las solicitudes que menos cargan las restricciones que comparten.',
            },
            {
              term: 'Justa (max-min)',
              definition:
                'La mayor fracción de lo que pide cada una que todas pueden recibir a la vez; las que una restricción detiene se quedan ahí, y las demás siguen subiendo, de nuevo todas en la misma fracción (llenado progresivo). Es la que se lee cuando ninguna solicitud tiene precedencia sobre otra.',
            },
          ],
        },
        {
          kind: 'note',
          text: 'Con orden de prioridad, la solicitud que una restricción limita la deja justo en su límite, y toda solicitud posterior que cargue esa restricción, aunque sea poco, ya no recibe nada ahí. Por eso esta regla puede dejar sin asignar mucho de lo que la red admitiría, y la tarjeta lo dice: «La regla de orden deja sin asignar … MW que la red podría tomar».',
        },
      ],
    },
    {
      id: 'explicacion-de-una-solicitud',
      title: 'La explicación de cada solicitud',
      blocks: [
        {
          kind: 'p',
          text: 'La tabla «Solicitudes» tiene, para la regla elegida, los MW solicitados, los «MW por sí sola», los «MW asignados» y el «Estado»; se filtra por estado y se busca por ID, proyecto o barra. Al seleccionar una solicitud, su explicación dice, frase por frase:',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Lo que pidió',
              definition:
                'Los MW, la barra y, si lo tiene, su mínimo («todo o nada» si el mínimo es lo solicitado).',
            },
            {
              term: 'Por sí sola',
              definition:
                'La capacidad de su barra calculada sola, con los mismos ajustes de la ventana, hasta lo que pidió. Como la ventana no usa umbral del factor de distribución por defecto, puede diferir de la de [Capacidad por barra](#capacidad-por-barra), que no cuenta factores menores que 0,01.',
            },
            {
              term: 'Lo que recibe',
              definition: 'Los MW asignados con la regla elegida y su estado.',
            },
            {
              term: 'Qué la limita',
              definition:
                'Las restricciones que, en su límite, le impiden recibir más: el elemento monitoreado y la contingencia («ante la contingencia «…»», o «en el caso base (N-0)»), con su límite en MVA, o la capacidad del sumidero para bajar generación.',
            },
            {
              term: 'Precio sombra',
              definition:
                'Con cada restricción que la limita: los MW que ganaría la regla por cada MW más de límite de ese elemento, es decir, lo que liberaría reforzarlo. Con precio sombra 0, ampliarlo a él solo no libera capacidad con esa regla: otra restricción también limita.',
            },
            {
              term: 'Competidores',
              definition:
                '«Compite con …»: las otras solicitudes con MW asignados que cargan esas mismas restricciones en el mismo sentido.',
            },
          ],
        },
        {
          kind: 'p',
          text: 'El «Mapa de solicitudes» dibuja la red del caso (o la red base del estudio) con cada barra que tiene solicitudes en el color y el símbolo de su estado con la regla elegida; pulsar una barra, o una solicitud de la lista, muestra su explicación.',
        },
      ],
    },
    {
      id: 'grupos-de-barras',
      title: 'Grupos de barras',
      blocks: [
        {
          kind: 'p',
          text: '«Grupos de barras» reúne, para la regla elegida, las solicitudes que una misma restricción limita: juntas no pueden pasar de lo que la restricción deja, aunque cada una por sí sola cabría. Cada grupo dice «Estas barras juntas: ≤ X MW», donde X es lo que el grupo tiene asignado, que deja la restricción justo en su límite; debajo, el elemento y la contingencia, las barras, las solicitudes y cuántos MW piden entre todas.',
        },
        {
          kind: 'p',
          text: 'Un grupo es lo que un planeador lee para decidir un refuerzo: mientras la restricción no cambie, lo que se conecte en esas barras se reparte esos MW. Si con una regla ninguna restricción limita a dos o más solicitudes a la vez, la sección lo dice.',
        },
      ],
    },
    {
      id: 'ventana-sobre-un-estudio',
      title: 'Una ventana sobre un estudio',
      blocks: [
        {
          kind: 'p',
          text: 'Con «Un estudio (asignación firme)», la ventana se calcula sobre la versión más reciente de uno de tus [estudios](#archivo-de-estudio), y una misma asignación debe caber en cada caso escenario × año a la vez: es firme en todos. Cada caso tiene su propia red (con el crecimiento de la demanda y los proyectos de ese año), sus flujos, su sumidero y sus restricciones.',
        },
        {
          kind: 'list',
          items: [
            '«Año de entrada»: una solicitud con año cuenta solo en los casos de ese año y los siguientes; antes no inyecta ni entra en el sumidero. Sin año, cuenta en todos. Un año posterior al último del estudio se rechaza, porque la solicitud no contaría en ningún caso.',
            'Su cifra «por sí sola» es la menor de los casos en que cuenta.',
            'Cada restricción que la limita nombra su caso: «La limita «…» ante la contingencia «…» en el caso alta 2028», por ejemplo.',
            'La lista de ventanas la muestra como «Estudio …», y su encabezado dice en cuántos casos escenario × año es firme.',
          ],
        },
      ],
    },
    {
      id: 'si-se-retira',
      title: '¿Y si se retira una solicitud?',
      blocks: [
        {
          kind: 'p',
          text: 'En la explicación de cada solicitud (si la ventana tiene más de una), «¿Y si se retira …?» calcula otra vez la ventana sin ella: una ventana nueva, sobre el mismo caso (o la misma versión del estudio), con las mismas opciones y las demás solicitudes en el mismo orden, calculada como cualquier otra. La ventana original no cambia. La nueva aparece en «Mis ventanas» con el nombre de la original seguido de «— sin …».',
        },
        {
          kind: 'p',
          text: 'Su vista empieza por «¿Quién sube?», que compara cada regla con la ventana original:',
        },
        {
          kind: 'list',
          items: [
            'lo que la solicitud retirada tenía asignado, que queda libre;',
            'cada solicitud cuya asignación cambia en 0,05 MW o más: «Sube …» o «Baja …», con los MW de antes y de después;',
            'cuántos MW de más toman las demás y cómo cambia el total asignado.',
          ],
        },
        {
          kind: 'p',
          text: 'Las reglas no reparten lo liberado de forma simple: con la regla justa, una solicitud en 0 MW puede igual cambiar los niveles de las demás, y con máximo total los empates se deshacen de nuevo. Por eso la comparación dice también quién baja, y no supone que los MW liberados vayan a los competidores. Desde la API, `POST /api/windows/{id}/withdraw` retira varias solicitudes a la vez.',
        },
      ],
    },
    {
      id: 'descargas-de-la-ventana',
      title: 'Descargas y archivo de auditoría',
      blocks: [
        {
          kind: 'list',
          items: [
            '«Descargar Excel» y «Descargar CSV» descargan la asignación de las tres reglas: cada solicitud con sus datos, sus MW por sí sola, sus MW y su estado con cada regla, y lo que la limita con la regla de orden de prioridad.',
            '«Archivo de auditoría» descarga un JSON con las solicitudes y las opciones, la huella SHA-256 del archivo del caso y de esas entradas, el solucionador y, por regla, las asignaciones con las restricciones que las limitan y sus precios sombra: lo necesario para que un tercero reproduzca la asignación.',
          ],
        },
      ],
    },
    {
      id: 'limites-de-las-ventanas',
      title: 'Lo que una ventana no hace',
      blocks: [
        {
          kind: 'list',
          items: [
            'La regla justa es la más sensible: cuando restricciones distintas detienen varias solicitudes casi en el mismo nivel, el redondeo del solucionador decide el desempate. Holgura solo da por detenida una solicitud cuando la restricción la frena de verdad; en una ventana de 200 solicitudes en ACTIVSg2000, tres cálculos que encontraron las restricciones en distinto orden dieron el mismo total y cada asignación igual con diferencias de menos de 0,07 MW.',
            'Más allá del primer nivel, la regla justa exacta puede depender de décimas de MW: si la restricción que detiene a unas solicitudes apenas depende de otras (factores de distribución de milésimas), quitar una fracción mínima a las primeras liberaría cientos de MW para las otras, y la regla exacta no lo hace. En esa ventana de 200 solicitudes, el primer nivel es firme (35 solicitudes al 2,96 %), pero el segundo quedó entre 2,98 % y 6,34 % al cambiar solo el ajuste interno del solucionador. Holgura usa siempre el mismo ajuste, así que la misma ventana da lo mismo cada vez; en ventanas grandes, lee los niveles siguientes como indicativos y compáralos con «Máximo total».',
            'El mapa de una ventana sobre un estudio es la red base del estudio (la que dibuja Resultados): las marcas dicen el estado de cada solicitud en la asignación firme, no en qué escenario y año la detiene su restricción; eso lo dice su explicación.',
            'Usa el modelo DC, como las capacidades por barra: no se limitan tensiones ni potencia reactiva.',
            'Con las contingencias del caso, las interfaces con límite de su archivo .mon (la suma de los flujos de sus ramas) todavía no se vigilan en las ventanas, aunque sí en la capacidad por barra; el encabezado de la ventana dice cuántas quedan fuera.',
            'Una ventana admite hasta 5.000 solicitudes, y el tiempo crece con ellas y con la red: la regla justa es la más lenta, porque resuelve un problema por nivel. Si el solucionador se queda sin memoria, la ventana lo dice y pide dividirla en ventanas con menos solicitudes.',
            'Si al terminar alguna restricción queda por encima de su límite por el redondeo del solucionador, o si la regla justa no pudo resolver un nivel, la tarjeta de la regla lo dice.',
          ],
        },
      ],
    },
  ],
};
