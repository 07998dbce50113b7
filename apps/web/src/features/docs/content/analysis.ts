import type { DocSection, MathNode } from './types';

const lodf: MathNode = { sub: ['LODF', { row: ['m', ',', 'k'] }] };
const absF: MathNode = { abs: 'f' };

export const analysisSection: DocSection = {
  id: 'analisis',
  title: 'Qué significan las cifras de Análisis',
  intro:
    'Todo lo que muestra [Análisis](/analisis) lo calcula el motor de Holgura con un flujo de carga DC (el de `rundcpf` de MATPOWER) a partir del [despacho base](#despacho-base) del caso. Las potencias están en MW y los límites en MVA, en la base del caso.',
  subsections: [
    {
      id: 'despacho-base',
      title: 'Despacho base y revisiones del archivo',
      blocks: [
        {
          kind: 'p',
          text: 'Un flujo DC no tiene pérdidas, pero el despacho del archivo sí las cubre: su generación supera su demanda (en ACTIVSg2000, en 1.615,5 MW, el 2,41 % de la demanda). Antes de cualquier cifra, Holgura reparte esa diferencia entre las unidades en servicio en proporción a su generación; una unidad que llega a su Pmax o su Pmin se queda ahí y las demás se reparten el resto. Ese es el despacho base: de él parten el análisis N-1, la flexibilidad y la capacidad por barra, y cada resultado lo dice en una frase («Despacho base: …»).',
        },
        {
          kind: 'p',
          text: 'MATPOWER (`rundcpf`) le da toda la diferencia a la unidad de referencia. En ACTIVSg2000 esa unidad, de 1.236 MW en el archivo, quedaría en −379 MW: el transformador que la conecta parecería vacío y la capacidad en su barra (7098) sería 1.811 MW; con el despacho base distribuido es 191,3 MW. La opción «Despacho base: Único» de [Opciones del análisis](#opciones-del-analisis) reproduce el cálculo de MATPOWER.',
        },
        {
          kind: 'p',
          text: 'Lo que el archivo no dice, o dice de una forma que cambia las cifras, aparece como aviso «Revisa el archivo» al lado de las cifras que afecta, en palabras de la red:',
        },
        {
          kind: 'table',
          caption: 'Revisiones del archivo y qué significan para las cifras',
          head: ['Cuándo', 'Qué hace Holgura'],
          rows: [
            [
              'Una unidad no tiene límite real de generación (Pmax o Pmin infinito, o de 9.999 MW o más, como escriben PSS/E y los casos PEGASE).',
              'Toma como Pmax su generación inicial más 2.000 MW y como Pmin su generación inicial, o 0; así ninguna cifra es infinita.',
            ],
            ['Una unidad tiene Pmax menor que Pmin.', 'No sube ni da margen para bajar.'],
            [
              'Una unidad genera fuera de [Pmin, Pmax] por más de 1 MW.',
              'Su margen para subir o para bajar cuenta como 0.',
            ],
            [
              'La generación y la demanda de una isla difieren en más del 5 % de su demanda.',
              'Es más que unas pérdidas: el despacho del archivo no describe su demanda. Se reparte igual, y se avisa.',
            ],
            [
              'Las unidades no pueden tomar la diferencia dentro de sus límites.',
              'Se reparte más allá de ellos para que la isla quede equilibrada, y se dice cuántos MW.',
            ],
            [
              'Ramas en servicio sin capacidad (`RATE_A` = 0), o ninguna con capacidad.',
              'No se vigilan. Si ninguna rama tiene capacidad, no hay límite de red: la FCITC es Tmax y cada capacidad es el tope, y se dice así al lado de la cifra.',
            ],
            [
              'Islas con demanda y sin generación.',
              'Quedan sin tensión y fuera de todas las cifras.',
            ],
            [
              'Dos ramas con las mismas barras y el mismo circuito.',
              'Los resultados las distinguen por su fila en el archivo.',
            ],
          ],
        },
        {
          kind: 'p',
          text: 'Un valor infinito donde no tiene sentido (una demanda, una impedancia, una generación, una tensión o un ángulo) no es un aviso sino un error que nombra el campo y la fila: con él ninguna cifra sería cierta.',
        },
      ],
    },
    {
      id: 'contingencias-n-1',
      title: 'Contingencias N-1',
      blocks: [
        {
          kind: 'p',
          text: 'Una contingencia es la salida de una rama (línea o transformador) en servicio; se analizan todas. Los elementos monitoreados son las ramas en servicio con capacidad distinta de cero. En el caso base (N-0) el límite es la capacidad máxima (`RATE_A`); después de una contingencia es la capacidad de emergencia (`RATE_B`) cuando el archivo la trae, y si no, la capacidad máxima. Una rama con `RATE_A` igual a cero no se monitorea.',
        },
        {
          kind: 'formula',
          caption:
            'Flujo post-contingencia del elemento monitoreado m cuando sale la rama k: su flujo en el caso base más la parte del flujo de k que se redistribuye sobre m.',
          math: [
            'f',
            '(',
            'm',
            '|',
            'k',
            ')',
            '=',
            'f',
            '(',
            'm',
            ')',
            '+',
            lodf,
            '·',
            'f',
            '(',
            'k',
            ')',
          ],
        },
        {
          kind: 'formula',
          caption: 'Carga de un elemento: el valor absoluto de su flujo frente a su límite L.',
          math: ['Carga', '=', { frac: [absF, 'L'] }, '×', '100', { text: ' %' }],
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Contingencias analizadas',
              definition: 'Cuántas salidas de rama se simularon.',
            },
            {
              term: 'Contingencias que separan la red',
              definition:
                'Ramas cuya salida divide la red en islas (puentes). No se tratan como una contingencia normal: se informan aparte, y la isla sin generación queda desenergizada.',
            },
            {
              term: 'Elementos monitoreados',
              definition: 'Cuántas ramas se vigilan frente a su límite.',
            },
            {
              term: 'Sobrecargas en caso base',
              definition: 'Elementos que ya superan su capacidad máxima sin ninguna contingencia.',
            },
            {
              term: 'Pares con sobrecarga post-contingencia',
              definition:
                'Parejas (elemento monitoreado, contingencia) en las que el flujo post-contingencia supera el límite post-contingencia del elemento.',
            },
            {
              term: 'Mayores cargas post-contingencia',
              definition:
                'Las 50 parejas con mayor carga (y aparte las mayores del caso base), con su flujo, su límite, su carga y su estado.',
            },
          ],
        },
      ],
    },
    {
      id: 'bandas-de-carga',
      title: 'Estados de carga',
      blocks: [
        {
          kind: 'p',
          text: 'El estado de un elemento depende de su carga (valor absoluto del flujo sobre el límite). La barra de carga está llena al 130 %.',
        },
        {
          kind: 'table',
          caption: 'Estados de carga por porcentaje del límite',
          head: ['Carga', 'Estado que se muestra'],
          rows: [
            ['más de 130 %', 'SOBRECARGA EXTREMA'],
            ['más de 100 % y hasta 130 %', 'Sobrecarga'],
            ['más de 90 % y hasta 100 %', 'Crítico'],
            ['más de 75 % y hasta 90 %', 'Alerta'],
            ['más de 50 % y hasta 75 %', 'Moderado'],
            ['hasta 50 %', 'Normal'],
            ['elemento que salió por la contingencia', 'Fuera de servicio'],
          ],
        },
      ],
    },
    {
      id: 'grupo-de-estudio',
      title: 'Grupo de estudio',
      blocks: [
        {
          kind: 'p',
          text: 'El grupo de estudio son las unidades cuya generación sube en el análisis de flexibilidad. El panel «Grupo de estudio» dice cuál se usó, cuántas unidades suben, su margen (Tmax) y por qué se eligió. Son unidades, no plantas: una unidad eólica y una a gas de la misma barra quedan en grupos distintos si el grupo es por combustible.',
        },
        {
          kind: 'list',
          items: [
            'Regla por defecto, cuando quien sube el caso no elige: las unidades eólicas y solares (columna `genfuel` de MATPOWER) si tienen margen para subir de al menos 1 MW y al menos el 1 % de su capacidad; si no, todas las unidades en servicio con margen. Un caso sin `genfuel` estudia todas las unidades.',
            'Por ejemplo, ACTIVSg2000 ya despacha sus unidades eólicas y solares al máximo (0,03 MW de margen): la regla estudia todas las unidades, con Tmax de 12.477 MW.',
            'Con «Elegir otro grupo» se calcula el mismo caso con otro grupo. Cada grupo es un cálculo aparte, con su progreso; su resultado queda guardado y la tabla «Grupos calculados» permite volver a cualquiera. Pedir un grupo ya calculado muestra el que existe, sin calcularlo de nuevo.',
          ],
        },
        {
          kind: 'table',
          caption: 'Criterios para elegir el grupo de estudio',
          head: ['Criterio', 'Unidades que suben', 'Sumidero (las que bajan)'],
          rows: [
            [
              'Unidades eólicas y solares',
              'Las de combustible eólico o solar',
              'Las demás unidades, según P0 − Pmin',
            ],
            [
              'Todas las unidades',
              'Toda unidad en servicio con margen',
              'Las cargas, según su demanda',
            ],
            [
              'Por combustible',
              'Las de ese combustible (`genfuel`)',
              'Las demás unidades, según P0 − Pmin',
            ],
            [
              'Por área o por zona',
              'Las de barras de esa área o zona del caso',
              'Las demás unidades, según P0 − Pmin',
            ],
            [
              'Por nivel de tensión',
              'Las de barras de esa tensión base o más',
              'Las demás unidades, según P0 − Pmin',
            ],
            [
              'Unidades elegidas a mano',
              'Las buscadas por número o nombre de barra, o por máquina (hasta 5.000)',
              'Las demás unidades, según P0 − Pmin',
            ],
          ],
        },
        {
          kind: 'note',
          text: 'Las opciones sin margen para subir aparecen deshabilitadas. Un grupo que el caso no tiene, o cuyas unidades no tienen margen, no se calcula: su fila en «Grupos calculados» dice por qué.',
        },
      ],
    },
    {
      id: 'niveles-y-flexibilidad',
      title: 'Niveles y flexibilidad',
      blocks: [
        {
          kind: 'p',
          text: 'El análisis de flexibilidad aumenta la generación del [grupo de estudio](#grupo-de-estudio) y la compensa bajando, en igual cantidad, la del sumidero. Tmax es el margen total del grupo: la suma de Pmax − P0 de sus unidades.',
        },
        {
          kind: 'formula',
          caption:
            'Transferencia del nivel ℓ: los niveles reparten Tmax en N = 5 escalones iguales.',
          math: [{ sub: ['T', 'ℓ'] }, '=', { frac: ['ℓ', 'N'] }, '·', { sub: ['T', 'max'] }],
        },
        {
          kind: 'formula',
          caption:
            'Flexibilidad del nivel: la parte del aumento previsto en ese nivel que la red admite con seguridad N-1.',
          math: [
            'Flexibilidad',
            '=',
            '100',
            '·',
            'min',
            '(',
            '1',
            ',',
            { frac: ['FCITC', { sub: ['T', 'ℓ'] }] },
            ')',
          ],
        },
        {
          kind: 'table',
          caption: 'Colores del indicador de flexibilidad',
          head: ['Flexibilidad', 'Color'],
          rows: [
            ['80 % o más', 'verde'],
            ['60 % a menos de 80 %', 'amarillo'],
            ['40 % a menos de 60 %', 'naranja'],
            ['20 % a menos de 40 %', 'rojo anaranjado'],
            ['menos de 20 %', 'rojo'],
          ],
        },
        {
          kind: 'p',
          text: 'Junto al indicador se muestran Tmax y FCITC en MW (ver [Restricciones](#restricciones)) y la flexibilidad exacta del nivel seleccionado, con 4 decimales.',
        },
      ],
    },
    {
      id: 'restricciones',
      title: 'Restricciones, PTDF, LODF y FCITC',
      blocks: [
        {
          kind: 'p',
          text: 'Una restricción c es una pareja (elemento monitoreado m, contingencia k). Sin contingencia es el caso base, y la columna «Elemento en Contingencia» dice «SOBRECARGA RED COMPLETA».',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'PTDF',
              definition:
                'Factor de distribución de transferencia de potencia: los MW que cambian en una rama por cada MW inyectado en una barra y retirado en la barra de referencia.',
            },
            {
              term: 'LODF',
              definition:
                'Factor de distribución por salida de línea: la fracción del flujo de la rama k que pasa a la rama m cuando k sale de servicio.',
            },
          ],
        },
        {
          kind: 'formula',
          caption:
            'Factor de distribución de la restricción c: cuántos MW de flujo sobre m (con k fuera) produce cada MW de la transferencia. d(x) es el PTDF de la rama x aplicado a la transferencia (fuente menos sumidero).',
          math: ['d', '(', 'c', ')', '=', 'd', '(', 'm', ')', '+', lodf, '·', 'd', '(', 'k', ')'],
        },
        {
          kind: 'formula',
          caption:
            'Transferencia a la que c alcanza su límite L, con f el flujo de c en la condición original (T = 0), cuando d > 0.',
          math: [
            'T',
            '(',
            'c',
            ')',
            '=',
            'max',
            '(',
            '0',
            ',',
            { frac: [{ row: ['L', '−', 'f'] }, 'd'] },
            ')',
          ],
        },
        {
          kind: 'formula',
          caption: 'La misma transferencia cuando d < 0 (el flujo crece en sentido contrario).',
          math: [
            'T',
            '(',
            'c',
            ')',
            '=',
            'max',
            '(',
            '0',
            ',',
            { frac: [{ row: ['L', '+', 'f'] }, { row: ['−', 'd'] }] },
            ')',
          ],
        },
        {
          kind: 'formula',
          caption:
            'FCITC (capacidad de transferencia incremental ante la primera contingencia): la menor T(c) entre todas las restricciones, sin pasar de Tmax. La restricción que da el mínimo es la que limita.',
          math: [
            'FCITC',
            '=',
            'min',
            '(',
            { sub: ['T', 'max'] },
            ',',
            { sub: ['min', 'c'] },
            'T',
            '(',
            'c',
            ')',
            ')',
          ],
        },
        {
          kind: 'list',
          items: [
            'Las restricciones de un nivel son las que se sobrecargan con su despacho: T(c) ≤ T(ℓ). Se ordenan por «Impacto» = |d(c)|, de mayor a menor, con 6 decimales.',
            'Una restricción con |d(c)| menor que 0,01 no limita la transferencia (sí cuenta en el análisis N-1).',
            'Una restricción que ya está por encima de su límite sin transferencia (T = 0), y que la transferencia empeora, es una [violación existente](#violaciones-existentes): tiene T(c) = 0 en la cifra estricta y se marca con la condición violada y su carga: «Violada tras la contingencia (115,6 %)», o «Violada en el caso base (…)» si no tiene contingencia.',
            'Se guardan como máximo 300 restricciones por caso: las que llegan a su límite con menor transferencia T(c).',
          ],
        },
      ],
    },
    {
      id: 'violaciones-existentes',
      title: 'Violaciones existentes y las dos cifras',
      blocks: [
        {
          kind: 'p',
          text: 'Muchas redes ya tienen algún elemento por encima de su límite tras alguna contingencia antes de subir ninguna generación. Si la regla T(c) = 0 se aplicara a todas, un caso así daría FCITC 0 y flexibilidad 0 % en todos los niveles, aunque la transferencia no tenga nada que ver con esa sobrecarga. Por eso Análisis da dos cifras, y muestra primero la atribuible.',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Violación existente',
              definition:
                'Una pareja (elemento monitoreado, contingencia o caso base) cuyo flujo supera su límite en la condición original, T = 0. Se evalúa con el mismo límite que las restricciones: el de emergencia tras una contingencia.',
            },
            {
              term: 'La empeora',
              definition:
                'La transferencia aumenta esa sobrecarga: su factor de distribución, en valor absoluto, es de al menos 0,01 y va hacia el límite violado.',
            },
            {
              term: 'La alivia',
              definition:
                'La transferencia reduce esa sobrecarga. Sigue por encima de su límite hasta que la transferencia llega a (|f| − L) / |d| MW, el valor que se muestra como «dentro de su límite desde …». No limita ninguna de las dos cifras.',
            },
            {
              term: 'No la afecta',
              definition:
                'Su factor de distribución es menor que 0,01 en valor absoluto: la transferencia casi no la mueve.',
            },
            {
              term: 'Cifra estricta',
              definition:
                'La regla tal como está escrita: toda violación existente que la transferencia empeora tiene T(c) = 0, así que la FCITC estricta es 0 MW y esas violaciones aparecen en todos los niveles.',
            },
            {
              term: 'Cifra atribuible',
              definition:
                'Las violaciones existentes que la transferencia empeora se listan aparte y no limitan: la FCITC atribuible es la menor T(c) de las demás restricciones. Es lo que la red admite por causa de la transferencia misma. Cuando ninguna violación empeora, ambas cifras son iguales.',
            },
          ],
        },
        {
          kind: 'formula',
          caption:
            'FCITC atribuible: el mínimo sobre las restricciones que no son violaciones existentes empeoradas (el conjunto V). La estricta es el mismo mínimo sobre todas, que vale 0 cuando V no está vacío.',
          math: [
            { sub: ['FCITC', 'atribuible'] },
            '=',
            'min',
            '(',
            { sub: ['T', 'max'] },
            ',',
            { sub: ['min', { row: ['c', '∉', 'V'] }] },
            'T',
            '(',
            'c',
            ')',
            ')',
          ],
        },
        {
          kind: 'list',
          items: [
            'El botón «Atribuible / Estricta» cambia a la vez los niveles, la FCITC, las restricciones, los generadores, el panel de la restricción, la vista de la red y las descargas.',
            'La tabla «Violaciones existentes» lista cada violación con su contingencia (o «SOBRECARGA RED COMPLETA»), su flujo y su límite sin transferencia, su carga y el efecto de la transferencia: todas las que empeora y, de las demás, las de mayor carga (hasta 200). Si hay más, dice cuántas se listan de cuántas.',
            'En el panel de la restricción, la «Condición Original» de una restricción con contingencia muestra dos lecturas del elemento monitoreado: en el caso base (N-0) y tras la contingencia, sin transferencia. Una violación tras la contingencia puede verse «Normal» en el caso base.',
            'Por ejemplo, case2383wp tiene 18.286 parejas sobre su límite sin transferencia: la transferencia de todas las unidades empeora 32, alivia 2.344 y no afecta 15.910. Su FCITC atribuible es 92,3 MW y la estricta 0 MW. En ACTIVSg2000 ninguna de sus 11 violaciones se mueve con la transferencia: ambas cifras son 587 MW.',
            'Un resultado calculado antes de que existieran las dos cifras tiene una sola (la estricta) y no muestra el botón.',
          ],
        },
      ],
    },
    {
      id: 'generadores',
      title: 'Análisis de generadores: sensibilidad y efectividad',
      blocks: [
        {
          kind: 'p',
          text: 'Para la restricción seleccionada, la pestaña «Despacho» muestra cada planta cuya sensibilidad, en valor absoluto, es de al menos 1 %:',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Sensibilidad',
              definition:
                'MW que cambia el flujo de la restricción por cada MW que sube la planta, compensado por el sumidero. Se muestra en %, con 2 decimales.',
            },
            { term: 'P0', definition: 'Despacho de la planta en el caso subido.' },
            { term: 'Pmax', definition: 'Su capacidad máxima.' },
            {
              term: 'Unidades',
              definition: 'Máquinas en servicio de la planta (las de una misma barra).',
            },
            {
              term: 'Nivel ℓ, Límite y Tmax',
              definition:
                'Su despacho en el nivel seleccionado, en la transferencia T(c) en que la restricción llega a su límite (el «Despacho Límite») y en Tmax. «Activo» si ese despacho es mayor que 0, si no «Apagado».',
            },
          ],
        },
        {
          kind: 'formula',
          caption:
            'Efectividad (pestaña «Efectividad»): cuánto movería la planta, por sí sola, el flujo de la restricción si usara todo su margen.',
          math: [
            'Efectividad',
            '=',
            'sensibilidad',
            '·',
            '(',
            { sub: ['P', 'max'] },
            '−',
            { sub: ['P', '0'] },
            ')',
          ],
        },
        {
          kind: 'formula',
          caption:
            'Ajuste manual en la vista «Despacho Límite»: mover el despacho de una planta en ΔP (arrastrando su marcador, o con las flechas en pasos de 1 % de Pmax) cambia el flujo monitoreado así, sin volver a calcular en el servidor.',
          math: ['Δ', 'f', '=', 'sensibilidad', '·', 'Δ', 'P'],
        },
      ],
    },
    {
      id: 'panel-de-la-restriccion',
      title: 'Análisis de la Restricción',
      blocks: [
        {
          kind: 'p',
          text: 'El panel compara el elemento monitoreado y el elemento en contingencia en dos momentos: «Condición Original» (T = 0, el caso tal como se subió) y «Despacho Límite» (T = T(c), cuando la restricción llega exactamente a su límite). Para cada uno muestra flujo, límite, carga y estado de carga.',
        },
      ],
    },
    {
      id: 'opciones-del-analisis',
      title: 'Opciones del análisis',
      blocks: [
        {
          kind: 'p',
          text: 'Bajo los resultados de un caso, «Opciones del análisis» cambia cómo se calculan la flexibilidad del grupo y la capacidad por barra. Al pulsar «Recalcular» ambas se calculan de nuevo con su progreso; cada combinación de opciones es un cálculo aparte que queda guardado, y volver a una ya calculada la muestra al instante. Cada cifra dice con qué opciones se calculó.',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Capacidad tras una contingencia',
              definition:
                'Emergencia (`RATE_B`, o `RATE_A` si `RATE_B` es 0; por defecto), o siempre A, B o C.',
            },
            {
              term: 'Umbral del factor de distribución',
              definition:
                'Entre 0 y 0,5 (0,01 por defecto): una restricción cuyo |d| es menor no limita.',
            },
            {
              term: 'Quién compensa la transferencia',
              definition:
                'Automático (las demás unidades según su margen para bajar, P0 − Pmin, o las cargas si suben todas), las demás unidades por su margen o por su generación inicial, o las cargas por su demanda.',
            },
            {
              term: 'Despacho base',
              definition:
                'Distribuido entre las unidades (por defecto) o único, en la unidad de referencia, como MATPOWER (ver [Despacho base](#despacho-base)).',
            },
            {
              term: 'Tope por barra (MW)',
              definition:
                'Lo más que se estudia para una conexión en una barra (2.000 MW por defecto).',
            },
            {
              term: 'Contingencias de la flexibilidad',
              definition:
                'Solo en un caso con sus propias contingencias (tarjeta «Contingencias»): cada rama en servicio, una a la vez (por defecto), o las del caso. Con las del caso, la frase junto a las cifras dice cuántas son y cuántas no se evaluaron (separan la red o dejan sin unidades la fuente o el sumidero), y las tablas nombran cada contingencia como en tu archivo: «Contingencia 12: A – B ckt 1 + C – D ckt 1». Al cambiar o quitar el conjunto, las flexibilidades calculadas con él se descartan. La capacidad por barra usa siempre las contingencias del caso.',
            },
          ],
        },
      ],
    },
    {
      id: 'verificacion-ac',
      title: 'Verificación con flujo de carga AC',
      blocks: [
        {
          kind: 'p',
          text: 'El análisis usa el modelo DC, que ignora pérdidas, flujos reactivos y tensiones. Para saber cuánto importa eso, Holgura resuelve un flujo de carga AC completo (Newton–Raphson) con el despacho límite de la restricción que limita cada cifra (la primera de cada nivel, la de la FCITC) y la contingencia aplicada, y compara la carga AC (MVA) del elemento monitoreado con la carga DC. El flujo AC parte del despacho del archivo, que cubre las pérdidas, movido por la misma transferencia. El resultado del caso guarda esta verificación.',
        },
        {
          kind: 'p',
          text: 'En «Capacidad por barra», la columna «Verificación AC» hace lo mismo para la barra que elijas: «Verificar en AC» resuelve el flujo AC con la unidad nueva en su capacidad y la contingencia de su restricción, y deja el resultado en la fila y en las descargas. Además busca la capacidad AC de la barra y la variable que la limita (ver [Verificación AC de una barra](#verificacion-ac-por-barra)).',
        },
        {
          kind: 'formula',
          caption:
            'La restricción se marca para revisión cuando la carga AC y la DC difieren en más de 5 % de la DC, o cuando el flujo AC no converge.',
          math: [
            { abs: { row: [{ sub: ['Carga', 'AC'] }, '−', { sub: ['Carga', 'DC'] }] } },
            '>',
            '0,05',
            '·',
            { sub: ['Carga', 'DC'] },
          ],
        },
      ],
    },
  ],
};
