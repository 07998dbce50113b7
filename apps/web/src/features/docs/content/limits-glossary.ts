import type { DocSection } from './types';

export const limitsSection: DocSection = {
  id: 'limites-conocidos',
  title: 'Límites conocidos',
  subsections: [
    {
      id: 'limites-del-calculo',
      title: 'Del cálculo',
      blocks: [
        {
          kind: 'list',
          items: [
            'El análisis N-1, los niveles de flexibilidad y las capacidades de conexión usan el modelo DC: sirven para filtrar y comparar. Se verifican con un flujo de carga AC la restricción que limita cada cifra y, cuando lo pides, la capacidad de una barra; no se limitan tensiones ni potencia reactiva.',
            'Las contingencias del análisis de un caso subido son salidas de rama (líneas y transformadores); no incluye salidas de generadores.',
            'Los enlaces HVDC, los dispositivos FACTS, las máquinas de inducción y las correcciones de impedancia de transformadores no se modelan; cada registro de esos aparece como aviso. Los interruptores cerrados (y las ramas de impedancia nula) unen sus barras y no son contingencias ni se monitorean; los abiertos no forman parte de la red.',
            'Por caso se guardan como máximo 300 restricciones y las 50 mayores cargas post-contingencia.',
            'Las capacidades de conexión son indicativas: una conexión a la vez, ni simultáneas ni aditivas. Para repartir la capacidad entre muchas solicitudes a la vez está [Ventanas de asignación](#ventanas-de-asignacion).',
          ],
        },
      ],
    },
    {
      id: 'limites-de-uso',
      title: 'Del uso',
      blocks: [
        {
          kind: 'list',
          items: [
            'Archivos de hasta 10 MB (200 MB una vez descomprimidos), con extensión .raw, .m, .txt, .xz o .bin.',
            'Cada servidor fija cuánto calcula para que ningún usuario haga esperar a los demás; por defecto: casos de hasta 50.000 barras, 30 minutos por análisis o por caso de un estudio, estudios de hasta 5.000 casos (escenarios × años) y unas 2 horas estimadas, 3 análisis en curso y 500 MB guardados por usuario. Lo que pasa de esos límites se rechaza con un mensaje que dice cuánto pide y cuánto admite el servidor.',
            'Los análisis esperan en una cola justa: el siguiente es el del usuario que lleva más tiempo sin calcular, y los casos pequeños tienen su propio carril. La barra de progreso muestra el puesto en la cola, y «Cancelar» detiene un análisis en cola o en curso.',
            'El progreso de un análisis llega en vivo por eventos del servidor; si el navegador no los recibe (por ejemplo, con sesión SAX, que se autentica con un token y no con una cookie), la página consulta el estado cada segundo.',
            'Las redes de la demo y del estudio de demostración son redes sintéticas públicas (ACTIVSg200 y ACTIVSg2000, Texas A&M University), no la red colombiana; sus escenarios, intercambios y proyectos son ilustrativos.',
          ],
        },
      ],
    },
  ],
};

export const glossarySection: DocSection = {
  id: 'glosario',
  title: 'Glosario',
  subsections: [
    {
      id: 'terminos',
      title: 'Términos que aparecen en pantalla',
      blocks: [
        {
          kind: 'terms',
          items: [
            { term: 'Barra', definition: 'Nodo de la red, identificado por su número.' },
            {
              term: 'Rama',
              definition: 'Línea o transformador entre dos barras, con su circuito.',
            },
            {
              term: 'Capacidad máxima',
              definition: 'Límite de una rama en operación normal (`RATE_A`).',
            },
            {
              term: 'Capacidad de emergencia',
              definition:
                'Límite de una rama después de una contingencia (`RATE_B`, o `RATE_A` si no se da).',
            },
            {
              term: 'Contingencia N-1',
              definition: 'Salida de servicio de un solo elemento, aquí una rama.',
            },
            {
              term: 'Elemento Monitoreado',
              definition: 'La rama cuyo flujo se compara con su límite.',
            },
            {
              term: 'Elemento en Contingencia',
              definition: 'La rama que sale de servicio en esa restricción.',
            },
            {
              term: 'SOBRECARGA RED COMPLETA',
              definition: 'Restricción del caso base: el elemento se sobrecarga sin contingencia.',
            },
            {
              term: 'Isla eléctrica',
              definition: 'Parte de la red separada del resto; sin generación queda desenergizada.',
            },
            {
              term: 'Restricción',
              definition: 'Pareja (elemento monitoreado, contingencia) que limita la generación.',
            },
            {
              term: 'Grupo de estudio',
              definition:
                'Las unidades cuya generación sube en el análisis de flexibilidad (ver [Grupo de estudio](#grupo-de-estudio)).',
            },
            {
              term: 'Sumidero',
              definition:
                'Los generadores que bajan para compensar la transferencia, en proporción a P0 − Pmin.',
            },
            {
              term: 'Transferencia (T)',
              definition: 'MW que sube la fuente y baja el sumidero a la vez.',
            },
            {
              term: 'Tmax',
              definition:
                'La transferencia máxima considerada: el margen del grupo de estudio, o el tope de un estudio de barras.',
            },
            { term: 'Nivel', definition: 'Un escalón de transferencia, ℓ/N · Tmax.' },
            {
              term: 'Flexibilidad',
              definition: 'Porcentaje del aumento de un nivel que la red admite con seguridad N-1.',
            },
            {
              term: 'FCITC',
              definition:
                'Capacidad de transferencia incremental ante la primera contingencia: la menor T(c), hasta Tmax.',
            },
            {
              term: 'PTDF',
              definition: 'Cambio de flujo en una rama por MW inyectado en una barra.',
            },
            {
              term: 'LODF',
              definition: 'Fracción del flujo de una rama que pasa a otra cuando la primera sale.',
            },
            {
              term: 'Impacto',
              definition: '|d(c)|: MW de flujo en la restricción por MW de transferencia.',
            },
            {
              term: 'Sensibilidad',
              definition: 'MW de flujo en la restricción por MW que sube una planta.',
            },
            {
              term: 'Efectividad',
              definition: 'Sensibilidad × (Pmax − P0), en MW.',
            },
            {
              term: 'Condición Original',
              definition: 'El caso tal como se subió (T = 0).',
            },
            {
              term: 'Despacho base',
              definition:
                'El despacho del archivo con su desbalance (las pérdidas AC) repartido entre las unidades en servicio: el punto de partida de todas las cifras DC.',
            },
            {
              term: 'Despacho Límite',
              definition: 'El despacho con el que la restricción llega exactamente a su límite.',
            },
            {
              term: 'Despacho Crítico',
              definition: 'En la demo, el despacho del grupo de estudio en Tmax.',
            },
            { term: 'Activo / Apagado', definition: 'Si la planta genera más de 0 MW o no.' },
            {
              term: 'Fuera de servicio',
              definition: 'El elemento que salió por la contingencia: su flujo es 0.',
            },
            {
              term: 'Capacidad de conexión',
              definition: 'MW que admite una unidad nueva en una barra con seguridad N-1.',
            },
            {
              term: 'Elemento limitante',
              definition: 'El elemento monitoreado que fija la capacidad de conexión.',
            },
            {
              term: 'Familia',
              definition: 'Una barra del estudio con todos sus casos escenario × año.',
            },
            {
              term: 'Escenario',
              definition: 'Una hipótesis de demanda e intercambios con nombre, p. ej. «alta».',
            },
            {
              term: 'Violación previa a la conexión',
              definition: 'Sobrecarga N-1 que la red ya tenía antes de conectar la unidad nueva.',
            },
            {
              term: 'Violación existente',
              definition:
                'Pareja (elemento monitoreado, contingencia) sobre su límite sin transferencia; la transferencia la empeora, la alivia o no la afecta.',
            },
            {
              term: 'Cifra atribuible',
              definition:
                'FCITC o capacidad sin contar las violaciones existentes que la transferencia empeora: lo que limita la transferencia misma. Se muestra primero.',
            },
            {
              term: 'Cifra estricta',
              definition:
                'FCITC o capacidad en que toda violación existente empeorada limita a 0 MW.',
            },
            {
              term: 'Capacidad por barra',
              definition:
                'La capacidad de conexión de cada barra de un caso analizado, en Análisis (ver [Capacidad por barra en Análisis](#capacidad-por-barra)).',
            },
            {
              term: 'Ventana de asignación',
              definition:
                'Muchas solicitudes de conexión repartidas a la vez con seguridad N-0 y N-1, con tres reglas: orden de prioridad, máximo total y justa (ver [Ventanas de asignación](#ventanas-de-asignacion)).',
            },
            {
              term: 'Asignación firme',
              definition:
                'La de una ventana sobre un estudio: una misma asignación que cabe en cada caso escenario × año a la vez.',
            },
            {
              term: 'Precio sombra',
              definition:
                'En una ventana, los MW que la regla ganaría por cada MW más de límite de la restricción que limita a una solicitud: lo que liberaría reforzar ese elemento.',
            },
          ],
        },
      ],
    },
  ],
};
