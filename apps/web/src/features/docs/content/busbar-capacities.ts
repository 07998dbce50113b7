import type { DocSection } from './types';

/** /analisis «Capacidad por barra» (issue #17, decision 016). */
export const busbarCapacitiesSection: DocSection = {
  id: 'capacidad-por-barra',
  title: 'Capacidad por barra en Análisis',
  intro:
    'Para cada caso analizado, [Análisis](/analisis) calcula también cuántos MW admitiría una unidad nueva en cada una de sus barras, con seguridad N-1: es lo primero que busca quien quiere conectar generación. Se muestra en la sección «Capacidad por barra», bajo los resultados del caso.',
  subsections: [
    {
      id: 'capacidad-de-cada-barra',
      title: 'Cómo se calcula',
      blocks: [
        {
          kind: 'p',
          text: 'La capacidad de una barra es la FCITC de una transferencia desde una unidad nueva en esa barra (ver [Restricciones](#restricciones)): la unidad sube T MW y las demás unidades en servicio bajan en proporción a lo que pueden bajar (P0 − Pmin). Es el mismo cálculo que [la capacidad de una barra de un estudio](#capacidad-de-una-barra) en Resultados, hecho para todas las barras del caso a la vez.',
        },
        {
          kind: 'formula',
          caption:
            'Capacidad de la barra b: la menor transferencia que lleva alguna restricción a su límite, sin pasar del tope.',
          math: [
            { sub: ['Capacidad', 'b'] },
            '=',
            'min',
            '(',
            { sub: ['T', 'max'] },
            ',',
            { sub: ['min', 'c'] },
            { sub: ['T', 'b'] },
            '(',
            'c',
            ')',
            ')',
          ],
        },
        {
          kind: 'list',
          items: [
            'El tope es 2.000 MW: una barra que ninguna restricción limita antes queda «en el tope».',
            'Tras cada contingencia el límite es la capacidad de emergencia (`RATE_B`), o la máxima (`RATE_A`) si el archivo no trae la de emergencia; se analizan las salidas de todas las ramas en servicio.',
            'Una restricción cuyo factor de distribución para esa barra es menor que 0,01 en valor absoluto no la limita.',
            'Una barra fuera de la isla eléctrica que hospeda la transferencia no tiene capacidad: se muestra «Fuera de la isla».',
            'Se calcula en un trabajo propio, después del análisis del caso: la sección muestra su progreso y, al terminar, la tabla. En una máquina de dos núcleos tarda alrededor de 1,5 s en un caso de 2.000 barras y de 4 a 14 s en uno de 10.000.',
            'Un caso analizado antes de que existiera este cálculo muestra el botón «Calcular la capacidad por barra»; si el cálculo falló, dice por qué y ofrece «Calcular de nuevo».',
          ],
        },
      ],
    },
    {
      id: 'dos-cifras-por-barra',
      title: 'Las dos cifras de cada barra',
      blocks: [
        {
          kind: 'p',
          text: 'Como en el análisis de flexibilidad (ver [Violaciones existentes y las dos cifras](#violaciones-existentes)), una violación que la red ya tiene sin la unidad nueva, y que la inyección en la barra empeora, deja en 0 MW la cifra estricta de esa barra aunque la conexión no la haya causado. Un mapa en el que la mayoría de las barras dice 0 no le dice nada a un planeador; por eso cada barra tiene dos cifras, y la atribuible se muestra primero.',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Atribuible (MW)',
              definition:
                'La capacidad de la que es responsable la conexión misma: las violaciones existentes que la inyección empeora se dejan aparte y no la limitan.',
            },
            {
              term: 'Estricta (MW)',
              definition:
                'La regla tal como está escrita: una violación existente que la inyección empeora la limita a 0 MW. Cuando es eso lo que la fija, la celda dice «por la violación existente».',
            },
            {
              term: 'Violación existente que empeora',
              definition:
                'De las violaciones existentes que la inyección en esa barra empeora, la que más empeora (mayor factor de distribución en el sentido de la violación), con su contingencia: la razón de que la cifra estricta sea 0. «Ninguna» si la inyección no empeora ninguna.',
            },
          ],
        },
        {
          kind: 'list',
          items: [
            'El resumen de arriba es del caso completo, sin filtros: barras calculadas, mediana de la cifra elegida, barras en 0 MW (con las de la otra cifra al lado), barras en el tope, y en cuántas barras la cifra estricta es 0 solo por una violación existente.',
            'Por ejemplo, en ACTIVSg2000 ninguna barra tiene capacidad atribuible 0 MW y 1.000 de sus 2.000 barras tienen estricta 0 MW; en ACTIVSg10k son 6.053 de 10.000 barras, con una mediana atribuible de 218,5 MW. La inyección en una sola barra empeora violaciones que la transferencia de todas las unidades no mueve.',
          ],
        },
      ],
    },
    {
      id: 'tabla-histograma-y-mapa',
      title: 'Tabla, histograma, mapa y descargas',
      blocks: [
        {
          kind: 'terms',
          items: [
            {
              term: 'Barra, Nombre, kV, Área',
              definition:
                'El número de la barra, su nombre, su tensión base y su área en el archivo.',
            },
            {
              term: 'Atribuible (MW) o Estricta (MW)',
              definition:
                'La cifra elegida con el botón «Atribuible / Estricta», con un decimal; la otra cifra va en la columna de la derecha.',
            },
            {
              term: 'Elemento limitante y Contingencia',
              definition:
                'La restricción que fija la cifra elegida: el elemento monitoreado y la rama fuera de servicio («SOBRECARGA RED COMPLETA» si es el caso base). «Ninguno antes del tope» cuando la barra llega al tope.',
            },
          ],
        },
        {
          kind: 'list',
          items: [
            'La tabla llega del servidor de a una página (10, 25, 50, 100 o 200 barras) y se ordena en el servidor por cualquiera de las columnas con flecha; empieza por la mayor capacidad.',
            '«Buscar barra» acepta un número de barra exacto o parte del nombre, sin distinguir mayúsculas, y busca al dejar de escribir. «Tensión mínima (kV)» deja las barras de esa tensión base o más (se acepta la coma decimal, p. ej. 13,8); «Área» las de esa área.',
            'La dirección de la página guarda el caso, la página, el orden, la cifra y los filtros: un enlace o una recarga muestran lo mismo.',
            '«Descargar Excel» y «Descargar CSV» descargan todas las barras que cumplen los filtros, en el orden de la tabla, con las dos cifras, sus elementos limitantes, sus factores de distribución, la violación existente que más empeora y la verificación AC de la cifra atribuible donde se pidió (24 columnas; las de AC quedan vacías en las barras sin verificar).',
          ],
        },
        {
          kind: 'p',
          text: 'El histograma cuenta las barras que cumplen los filtros en cada intervalo de la cifra elegida. Los intervalos son fijos para un mismo tope (0 MW aparte; 0–25, 25–50, 50–100, 100–150, 150–200, 200–300, 300–400, 400–500, 500–750, 750–1.000, 1.000–1.500, 1.500–2.000; el tope aparte), así que los histogramas de dos casos se comparan intervalo por intervalo. «Ver los datos del histograma en una tabla» muestra los mismos números.',
        },
        {
          kind: 'table',
          caption: 'Colores del mapa de capacidad por barra',
          head: ['Capacidad', 'Color'],
          rows: [
            ['0 MW', 'rojo oscuro'],
            ['más de 0 y menos de 50 MW', 'rojo'],
            ['50 a menos de 150 MW', 'naranja'],
            ['150 a menos de 300 MW', 'amarillo'],
            ['300 a menos de 500 MW', 'verde limón'],
            ['500 MW a menos del tope', 'verde'],
            ['el tope (2.000 MW)', 'verde azulado'],
            ['fuera de la isla de la transferencia', 'gris'],
          ],
        },
        {
          kind: 'p',
          text: '«Ver el mapa de capacidad» dibuja la red del caso con cada barra de ese color, en la cifra elegida; la leyenda dice cuántas barras tiene cada intervalo y, al pasar sobre una barra, se ve su capacidad. Las barras del histograma usan los mismos colores.',
        },
        {
          kind: 'note',
          text: 'Estas capacidades son indicativas por las mismas razones que las de un estudio (ver [Por qué las capacidades son indicativas](#capacidades-indicativas)): una conexión a la vez, con el modelo DC.',
        },
      ],
    },
    {
      id: 'verificacion-ac-por-barra',
      title: 'Verificación AC de una barra',
      blocks: [
        {
          kind: 'p',
          text: '«Verificar en AC», en la columna «Verificación AC» de la tabla, comprueba la cifra de una barra con flujos de carga AC (Newton–Raphson) que respetan los límites de potencia reactiva de las unidades: una unidad que llega a su límite deja de sostener su tensión. Se ofrece en toda barra con cifra, también en las que llegan al tope: un caso sin capacidades de las ramas no tiene límite térmico, pero sí de tensión. Se verifica el caso base (N-0) y al menos 10 contingencias: las primeras del ranking DC de la barra y la salida de cada rama conectada a ella. En cada flujo se revisa la MVA de cada rama frente a la capacidad en uso (la de emergencia tras una contingencia), la tensión de cada barra frente a los límites del caso, la potencia reactiva de la unidad de referencia dentro de su rango y que el flujo converja.',
        },
        {
          kind: 'p',
          text: 'Si todo cumple con la cifra DC, la celda dice «AC confirma la cifra DC». Si no, la capacidad AC es la mayor inyección que cumple en todos esos flujos, buscada entre 0 MW y la cifra DC con una precisión de 0,1 MW, y la celda dice cuánto baja y qué la limita, por ejemplo «AC: 346,8 MW · tensión en Concord V2 tras Olive – Sorenson ckt 1» («en la red completa» si es en N-0). Tarda alrededor de medio segundo en un caso de 2.000 barras y de 2 a 4 s en uno de 10.000, y queda guardada con el resultado: la tabla y las descargas la muestran.',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Térmica',
              definition:
                'Una rama supera su capacidad en MVA. Si AC confirma la cifra DC, la limita la restricción DC de la fila.',
            },
            {
              term: 'Tensión',
              definition: 'La tensión de una barra sale de los límites del caso (en p.u.).',
            },
            {
              term: 'Potencia reactiva',
              definition:
                'Las unidades de una barra llegaron a su límite de reactivos y su tensión sale de los límites, o la unidad de referencia necesita más reactivos (Mvar) de los que da su rango.',
            },
            {
              term: 'No convergencia',
              definition:
                'El flujo de carga AC no converge: la red no puede llevar esa inyección en esa condición.',
            },
          ],
        },
        {
          kind: 'p',
          text: 'Los límites que el caso ya incumple con 0 MW en la barra no fijan la cifra atribuible: la celda los cuenta aparte («N violaciones previas, no atribuibles»). En la cifra estricta, una de ellas que la inyección empeora la deja en 0 MW, como en DC.',
        },
      ],
    },
    {
      id: 'archivo-de-contingencias',
      title: 'Con tus propias contingencias',
      blocks: [
        {
          kind: 'p',
          text: 'Por defecto cada rama en servicio sale una a la vez (N-1). En la tarjeta «Contingencias» del caso seleccionado puedes subir la lista con que planeas: una tabla de cambios de MATPOWER (contab, como las listas públicas de ACTIVSg) o un archivo .con de PSS/E. Una contingencia puede sacar varias ramas a la vez (un doble circuito, N-2), una unidad de generación o ambas; la capacidad de cada barra se calcula de nuevo con ese conjunto y el caso base (N-0), y el resultado anterior se sigue mostrando mientras tanto.',
        },
        {
          kind: 'list',
          items: [
            'Contab: las filas con la misma etiqueta son una contingencia; solo se leen salidas (BR_STATUS o GEN_STATUS en 0). En un .con, los bloques CONTINGENCY … END con OPEN BRANCH FROM BUS i TO BUS j CIRCUIT c, REMOVE MACHINE id FROM BUS i y DISCONNECT BUS i. Las reglas automáticas por subsistema (SINGLE / DOUBLE / PARALLEL BRANCH IN SUBSYSTEM) necesitan su archivo .sub: elige el .con y el .sub a la vez (hasta tres archivos; se reconocen por su contenido, no por su nombre).',
            'Con un archivo .mon de elementos vigilados, solo sus ramas y sus interfaces con límite (MONITOR INTERFACE … RATING r MW: la suma de los flujos de sus ramas, cada una con su coeficiente) limitan la capacidad de cada barra y el análisis N-1 con el conjunto. Una capacidad que fija una interfaz la nombra: «Interfaz «NOMBRE»». Sus rangos de tensión se leen y se listan, pero no se verifican: un flujo DC no tiene tensiones.',
            'Al guardar el conjunto se hace el análisis N-1 con él («Análisis N-1 con estas contingencias»): cuántas contingencias se calcularon, cuáles aíslan barras y cuánta carga dejan sin suministro, las sobrecargas y las mayores cargas, nombradas con las etiquetas de tu archivo.',
            'El archivo se lee contra el caso antes de guardarlo. Si una línea no corresponde a ningún elemento del caso (una barra o un circuito que no existe, un cambio que no es una salida), no se guarda nada: la tarjeta lista cada línea con su número y cómo corregirla. Nunca se calcula con una parte de tu lista.',
            'La unidad que sale se reemplaza con las demás unidades de su isla en proporción a su margen de subida (Pmax − P0) y deja de participar en la generación que compensa la conexión.',
            'Una contingencia que separa la red en islas, o que saca una unidad que nadie puede reemplazar, no se evalúa: la capacidad por barra dice cuántas quedaron así.',
            'La tabla nombra una contingencia de varios elementos con su etiqueta y lo que saca: «Contingencia 10008: A – B ckt 1 + A – B ckt 2». Las descargas y el informe del caso dicen con qué archivo se calculó.',
            'Sin archivo, «O elige reglas» arma el conjunto en el caso: cada rama, los circuitos paralelos entre dos barras juntos (un doble circuito), cada unidad que genera, solo de cierta tensión o más y en ciertas áreas o zonas. Se muestra y se descarga como un archivo, con las reglas por nombre.',
            'Un estudio construido sobre uno de tus casos analizados se calcula con el conjunto de ese caso tal como está cuando envías la versión: cada escenario y año lo lee de nuevo contra su propia red, y si una línea deja de resolverse en alguno, ese caso se detiene y lo dice. Cambiar o quitar después el conjunto del caso no cambia el estudio hasta que envíes una versión nueva. Un estudio sobre un archivo de red subido usa cada rama en servicio, una a la vez; [Mis estudios](/estudios) y [Resultados](/resultados) dicen con qué contingencias se calculó cada uno.',
            '«Volver a todas las ramas» quita el archivo (o las reglas) y calcula de nuevo con N-1. La flexibilidad del caso saca cada rama, una a la vez, salvo que elijas «Las del caso» en [Opciones del análisis](#opciones-del-analisis) y recalcules (las cifras dicen con cuáles se calculó); al cambiar o quitar el conjunto, las flexibilidades calculadas con él se descartan. El análisis N-1 con tus contingencias está en la tarjeta del conjunto.',
            '«Verificar en AC» de una barra calculada con tu archivo aplica su contingencia limitante completa: sus ramas fuera, y sus unidades fuera con su producción repartida entre las demás de su isla según su margen de subida. Si el límite es una interfaz del .mon, compara la suma de sus flujos activos con su valor.',
          ],
        },
      ],
    },
    {
      id: 'potencia-de-cortocircuito',
      title: 'Potencia de cortocircuito',
      blocks: [
        {
          kind: 'p',
          text: 'Bajo «Capacidad por barra», la tarjeta «Potencia de cortocircuito» calcula, cuando lo pides, el cortocircuito trifásico de cada barra del caso al estilo IEC 60909: la red de secuencia positiva con las impedancias serie de las ramas y sus tomas (sin cargas, capacitancia de las líneas ni compensaciones) y cada unidad en servicio con su impedancia de fuente. El máximo usa c = 1,1; el mínimo, c = 1,0, es el menor entre el caso base y la salida de cada rama que no aísla nada, y la tabla dice qué salida lo da. La corriente es el máximo sobre √3·kV.',
        },
        {
          kind: 'list',
          items: [
            'Un archivo RAW de PSS/E trae la impedancia de cada máquina (ZSORCE: ZR, ZX sobre su MBASE) y la de su transformador elevador (RT, XT): se usan tal cual.',
            'Un caso MATPOWER no trae datos de máquinas, y las exportaciones RAW públicas suelen traer en todas las unidades el valor de relleno ZX = 1,0 sobre MBASE = SBASE: con esos datos la cifra no significaría nada, así que la tarjeta lo dice y pide una reactancia subtransitoria X″d (p.u. sobre el MBASE de cada unidad; 0,2 es un valor típico) para las unidades sin datos.',
            'Las barras van de la más débil (menor potencia mínima N-1) a la más fuerte: ahí una planta de inversores tiene menos red que la sostenga. La columna «MW por red débil (SCR ≥ 3)» da cuántos MW de una planta de inversores admite cada barra con esa razón de cortocircuito mínima (la potencia mínima N-1 entre 3). En un caso de 10.000 barras tarda unos segundos. El último cálculo queda guardado con el caso: «Capacidad por barra» muestra esa cifra en su columna «Red débil (MW)» (ver [Variable limitante](#variable-limitante)).',
            'Por línea de comandos, `holgura shortcircuit CASO --xd 0.2` da lo mismo, y `holgura capacity CASO --bus N --short-circuit` añade a la capacidad de cada barra el límite por red débil (la razón de cortocircuito mínima, 3 por defecto) y, con `--breaker-ratings`, el de la capacidad de interrupción de los interruptores; la capacidad es la menor y se dice qué variable la limita.',
          ],
        },
      ],
    },
    {
      id: 'variable-limitante',
      title: 'Variable limitante y verificación AC de todas las barras',
      blocks: [
        {
          kind: 'p',
          text: 'La UPME publica para cada barra su capacidad y la variable que la limita: térmica, tensión o cortocircuito. La tabla de «Capacidad por barra» termina con las mismas columnas. «Red débil (MW)» es lo que admite una planta de inversores en la barra con una razón de cortocircuito de al menos 3: aparece cuando calculas la potencia de cortocircuito del caso en la tarjeta de abajo, y su encabezado dice «sin calcular», «sin datos de máquinas» (un caso MATPOWER, hasta que des una X″d) o «datos de relleno» cuando no hay cifra: nunca se inventa una. «Capacidad (MW)» es la menor entre la cifra verificada en AC (la DC mientras la barra no está verificada) y la de red débil, y «Variable limitante» dice cuál la fija, en las palabras de la UPME.',
        },
        {
          kind: 'terms',
          items: [
            {
              term: 'Térmica',
              definition:
                'Una rama llega a su capacidad. Sin verificación AC, la tabla añade «sin verificar en AC»: la cifra es la DC.',
            },
            {
              term: 'Tensión, potencia reactiva, no convergencia',
              definition:
                'Lo que la verificación AC encuentra antes que la cifra DC (ver [Verificación AC de una barra](#verificacion-ac-por-barra)).',
            },
            {
              term: 'Cortocircuito (red débil)',
              definition:
                'La cifra de red débil es menor que la térmica (o la AC): con más MW la razón de cortocircuito bajaría de 3.',
            },
            {
              term: 'Ninguna antes del tope',
              definition:
                'Nada limita la barra antes del tope del cálculo (o del margen de la generación que compensa).',
            },
          ],
        },
        {
          kind: 'p',
          text: '«Verificar todas en AC», sobre la tabla, hace la verificación AC de cada barra de la tabla (con los filtros que tenga: área, tensión mínima, búsqueda) que aún no lo está, en la cifra que se muestra (atribuible o estricta). Antes de pedirla dice cuántas barras son y cuánto tardaría en este servidor: unos 4 minutos las 2.000 barras de ACTIVSg2000 con dos hilos, una fracción de segundo por barra en casos de cientos. Corre en segundo plano con dos hilos, las barras de menor capacidad primero, y muestra su avance («AC: 340 de 2.000 barras»); la tabla, el mapa y las descargas se llenan a medida que cada tanda queda guardada, y puedes cancelarla cuando quieras.',
        },
        {
          kind: 'list',
          items: [
            'Si se cancela, falla o el servidor se reinicia a mitad, lo ya verificado queda guardado: pedirla de nuevo sigue con las barras que faltan.',
            'Si tardaría más que el máximo del servidor (60 minutos por defecto), no se ofrece: filtra la tabla por área o tensión para verificar menos barras a la vez, o verifica las que te interesen una por una. En un caso de 10.000 barras cada barra toma unos 2 s.',
            'Entre tandas de barras cede su turno a los cálculos de otros usuarios que esperan, así que una verificación larga no los detiene.',
            'Una barra verificada así dice su cifra AC y la variable; su flujo AC en el límite DC («AC … % · DC … %») se calcula si pides «Verificar en AC» en esa barra.',
            'En el mapa de capacidad, «Colorear el mapa por: Variable limitante» pinta cada barra con el color de su variable (el mismo punto de color que en la tabla), y la leyenda cuenta las barras de cada una; elige una variable de la leyenda (con el ratón o con Tab y Enter) para ver solo sus barras.',
            'Las descargas (Excel y CSV) llevan «Red débil», «Capacidad, la menor» y «Variable limitante», y una fila que dice de dónde sale la cifra de red débil.',
          ],
        },
      ],
    },
    {
      id: 'capacidad-por-barra-en-resultados',
      title: 'En Resultados, para cada caso de un estudio',
      blocks: [
        {
          kind: 'p',
          text: 'Un estudio, el tuyo o el de demostración, calcula, además de las barras que pide, la capacidad de todas las barras de la red de cada escenario y año: la red con el crecimiento, los multiplicadores de demanda, los intercambios y los proyectos en servicio de ese año, no el caso base. Así un estudio cubre, por ejemplo, todas las barras de un nivel de tensión. Se calcula con el tope, la capacidad poscontingencia y el corte del factor de distribución del estudio, en el mismo trabajo que el estudio y caso por caso.',
        },
        {
          kind: 'list',
          items: [
            'En [Resultados](/resultados), al elegir una tarjeta («Ver generadores»), la sección «Capacidad por barra del caso» muestra la tabla, el histograma, el mapa y las descargas de su escenario y año, iguales a los de Análisis; todas las tarjetas de un mismo escenario y año muestran la misma tabla.',
            'La cifra del estudio para una barra es la estricta de la tabla si el estudio limita con las violaciones existentes, o la atribuible si las deja aparte.',
            'Las versiones de un estudio calculadas antes de que existiera no la tienen: al guardar una nueva versión se calcula. El estudio de demostración la incluye en cada escenario y año.',
          ],
        },
      ],
    },
  ],
};
