import { errorMessages, type ErrorCode } from '@holgura/contracts';
import type { DocSection } from './types';

/** The upload errors a user can meet, with when; the texts come from the API's catalogue. */
const uploadErrors: [ErrorCode, string][] = [
  [
    'UPLOAD_CONTENT_TYPE',
    'El nombre no termina en .raw, .m, .txt, .xz o .bin y el archivo no es de texto.',
  ],
  ['INPUT_TOO_LARGE', 'El archivo pesa más de 10 MB, o descomprimido pasa de 200 MB.'],
  ['UPLOAD_EMPTY', 'El archivo no tiene contenido.'],
  ['AUTH_TOKEN_INVALID', 'La sesión venció durante la subida (HTTP 401).'],
  ['INPUT_XZ_CORRUPT', 'Un archivo que empieza como xz pero está cortado o dañado.'],
  ['INPUT_EMPTY', 'El archivo solo tiene espacios o líneas en blanco.'],
  ['PARSE_MATPOWER_SYNTAX', 'Una línea del caso MATPOWER no se puede interpretar.'],
  ['PARSE_MATPOWER_FIELD_INVALID', 'Un valor de una tabla no es un número.'],
  ['PARSE_MATPOWER_SECTION_MISSING', 'Falta mpc.bus, mpc.gen, mpc.branch o mpc.baseMVA.'],
  ['PARSE_MATPOWER_ROW_LENGTH', 'Una fila tiene menos columnas que las del formato 2.'],
  ['PARSE_RAW_REVISION_UNSUPPORTED', 'El campo REV del registro de identificación no es 29–35.'],
  ['PARSE_RAW_FIELD_INVALID', 'Un campo de un registro no tiene un valor válido.'],
  ['PARSE_RAW_SECTION_TRUNCATED', 'Falta el cierre (0 / END OF …) de una sección.'],
  ['PARSE_RAW_BUS_UNKNOWN', 'Una carga, rama o generador nombra una barra inexistente.'],
  ['PARSE_RAW_BUS_DUPLICATE', 'Dos registros de barra con el mismo número.'],
  ['MODEL_BRANCH_ZERO_REACTANCE', 'Una rama en servicio tiene X = 0: el flujo DC no existe.'],
  ['LINALG_SINGULAR', 'El sistema de ecuaciones de la red no tiene solución única.'],
  [
    'MODEL_VALUE_NOT_FINITE',
    'Una demanda, impedancia, generación, tensión o ángulo es infinito o no es un número.',
  ],
  [
    'MODEL_CASE_TOO_LARGE',
    'El caso tiene más barras de las que analiza el servidor (50.000 por defecto).',
  ],
  ['UPLOAD_RATE_LIMITED', 'Más subidas por minuto de las que admite el servidor (10 por defecto).'],
  [
    'STORAGE_QUOTA_EXCEEDED',
    'Tus archivos y resultados guardados pasarían del espacio por usuario (500 MB por defecto).',
  ],
  [
    'JOB_TIME_LIMIT',
    'El cálculo pasó del tiempo máximo del servidor (30 minutos por defecto) y se detuvo.',
  ],
  ['JOB_CANCELLED', 'Pulsaste «Cancelar» mientras el análisis estaba en cola o en curso.'],
  ['JOB_WORKER_CRASHED', 'El proceso de análisis se detuvo tres veces con el mismo archivo.'],
];

export const uploadSection: DocSection = {
  id: 'preparar-y-subir',
  title: 'Cómo preparar y subir un caso',
  intro:
    'Un caso es la red completa en un solo archivo: barras, cargas, generadores y ramas, con sus capacidades. En [Análisis](/analisis) lo subes con la sesión iniciada y Holgura calcula el análisis N-1 y la flexibilidad.',
  subsections: [
    {
      id: 'formatos',
      title: 'Formatos aceptados',
      blocks: [
        {
          kind: 'table',
          caption: 'Formatos de caso que lee Holgura',
          head: ['Formato', 'Qué se lee', 'Observaciones'],
          rows: [
            [
              'MATPOWER (`.m`, versión 2)',
              '`mpc.baseMVA`, `mpc.bus`, `mpc.gen`, `mpc.branch`; opcionales `mpc.bus_name` (nombres de barra) y `mpc.genfuel` (tecnología de cada unidad)',
              '`mpc.gencost` y `mpc.gentype` se ignoran: no cambian un flujo de carga.',
            ],
            [
              'PSS/E RAW, revisiones 29 a 35',
              'Identificación del caso, barras, cargas, compensaciones fijas y maniobrables (en su valor inicial), generadores, líneas, transformadores de 2 y 3 devanados, áreas, zonas y propietarios',
              'Un transformador de 3 devanados se convierte en una barra estrella y tres ramas. Si falta REV, se toma del comentario del programa que escribió el archivo o de la forma del registro de barra, con un aviso.',
            ],
          ],
        },
        {
          kind: 'p',
          text: 'El formato se reconoce por el contenido, no por el nombre del archivo. Los registros que el motor no modela (enlaces HVDC, dispositivos FACTS, máquinas de inducción, agrupaciones de líneas multisección, …) no se descartan en silencio: cada uno aparece como aviso en el resultado, con su línea. Los interruptores cerrados del PSS/E (versión 35, y las ramas cuyo circuito empieza por `@` o `*`) y las ramas de impedancia nula unen sus barras: no son contingencias ni se monitorean, y el aviso dice cuántos hay.',
        },
        {
          kind: 'p',
          text: 'Cada barra se identifica por su número; cada rama por (barra de origen, barra de destino, circuito); cada generador por (barra, identificador de máquina). En las tablas, una barra se muestra con su nombre del archivo o, si no tiene, como `B<número>`; una rama como `<barra de origen>-<barra de destino>`, con el circuito al final cuando no es `1`; una planta como `G <barra>`, y las máquinas de una misma barra forman una sola planta.',
        },
      ],
    },
    {
      id: 'compresion',
      title: 'Compresión y nombre del archivo',
      blocks: [
        {
          kind: 'list',
          items: [
            '`.raw` (también `.RAW`) y `.m`: el caso tal como lo escriben PSS/E y MATPOWER.',
            '`.txt`: el caso en texto plano, MATPOWER o PSS/E RAW.',
            '`.xz` y `.bin`: el caso comprimido con xz. Holgura lo reconoce por sus primeros bytes (`FD 37 7A 58 5A 00`), no por el nombre, y lo descomprime antes de leerlo.',
          ],
        },
        {
          kind: 'p',
          text: 'La página de subida acepta nombres que terminan en `.raw`, `.m`, `.txt`, `.xz` o `.bin`, en mayúsculas o minúsculas, o archivos de tipo `text/plain`. Comprimir un caso grande lo deja bajo el límite de 10 MB:',
        },
        {
          kind: 'code',
          caption: 'Comprimir un caso con xz (Linux o macOS)',
          code: 'xz -k -9 caso.raw          # crea caso.raw.xz y conserva el original',
        },
      ],
    },
    {
      id: 'limites-de-archivo',
      title: 'Límites de tamaño',
      blocks: [
        {
          kind: 'table',
          caption: 'Límites que aplica el servidor',
          head: ['Límite', 'Valor', 'Qué pasa si se supera'],
          rows: [
            [
              'Archivo subido',
              '10 MB',
              'La página lo rechaza antes de enviarlo; el servidor responde 413 con «El archivo supera el tamaño máximo permitido (10MB)».',
            ],
            [
              'Caso comprimido, una vez descomprimido',
              '200 MB',
              'La lectura se detiene en cuanto se pasa: un archivo que crece sin medida al descomprimirse es una entrada inválida.',
            ],
            [
              'Cuerpo JSON de las demás solicitudes a la API',
              '1 MB',
              'Respuesta 413 «La solicitud es demasiado grande».',
            ],
          ],
        },
      ],
    },
    {
      id: 'despues-de-subir',
      title: 'Qué pasa después de subirlo',
      blocks: [
        {
          kind: 'list',
          ordered: true,
          items: [
            'El servidor guarda el archivo y, en una sola operación, registra el caso y un análisis en cola. Desde ese momento el análisis se ejecuta aunque el servidor se reinicie.',
            'Un proceso de cálculo lo toma y avanza por etapas: «Leyendo el caso» (5 %), «Analizando contingencias N-1» (20 %), «Calculando la flexibilidad y las restricciones» (55 %), «Verificando con flujo de carga AC» (80 %) y «Guardando resultados» (95 %).',
            'La barra de progreso de la tarjeta de subida sigue esas etapas en vivo y, mientras espera, su puesto en la cola; «Cancelar» lo detiene. Si el proceso de cálculo se detiene, el análisis se reintenta (tres intentos en total).',
            'Al terminar, el caso aparece en «Casos disponibles»: selecciónalo para ver «Resultados del caso seleccionado».',
          ],
        },
        {
          kind: 'note',
          text: 'Si el caso no tiene unidades con margen para subir, el análisis N-1 se guarda igual y el resultado explica, como aviso, por qué no hay niveles de flexibilidad.',
        },
      ],
    },
    {
      id: 'errores',
      title: 'Errores posibles',
      blocks: [
        {
          kind: 'p',
          text: 'Un archivo mal formado nunca detiene el servidor: el análisis termina con un mensaje que, cuando se sabe, nombra la línea y el campo, por ejemplo «Un campo del archivo PSS/E RAW no es válido (línea 12, campo BASKV)».',
        },
        {
          kind: 'table',
          caption: 'Mensajes de error de la subida y del análisis',
          head: ['Mensaje', 'Cuándo aparece'],
          rows: uploadErrors.map(([code, when]) => [errorMessages[code], when]),
        },
      ],
    },
  ],
};
