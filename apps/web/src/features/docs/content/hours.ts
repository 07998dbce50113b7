import type { DocSection, MathNode } from './types';

/** g(t), c(t): a function of the hour. */
const ofT = (name: string): MathNode => ({ row: [name, '(', 't', ')'] });

/** /analisis «Un año de horas» (issue #32, docs/analysis.md §13). */
export const hoursSection: DocSection = {
  id: 'un-ano-de-horas',
  title: 'Un año de horas',
  intro:
    '«Si conecto X MW de solar en esta barra, ¿cuántos MWh al año perderé?». La capacidad de una barra cambia cada hora con la demanda y con lo que generan las demás plantas. En [Análisis](/analisis), la sección «Un año de horas» de un caso analizado calcula la capacidad N-1 de una barra en cada hora de tus perfiles horarios y, con ella, cuántos MW son firmes y cuánta energía perdería una planta por recortes.',
  subsections: [
    {
      id: 'el-caso-de-cada-hora',
      title: 'Los perfiles y el caso de cada hora',
      blocks: [
        {
          kind: 'p',
          text: 'Los perfiles son una tabla de cambios horaria de MATPOWER (como `scenarios_ACTIVSg2000.m`) o un CSV (o un libro de Excel, como la plantilla) con una fila por hora y las columnas `hora`, `area N` (MW), `area N factor`, `unidad BARRA[/n]` (MW), `unidad BARRA[/n] fc` (fracción de su Pmax), `estado BARRA[/n]` (1 o 0) y `tecnologia COMBUSTIBLE fc`; la sección ofrece una plantilla, en Excel o CSV, con una columna por área en su demanda del caso. Un archivo que nombra un área o una unidad que el caso no tiene no se guarda, y el mensaje dice la línea o la columna.',
        },
        {
          kind: 'p',
          text: 'El caso de la hora t parte del caso base del análisis (sus límites y su [despacho base](#despacho-base)): la demanda de cada área con perfil se multiplica por su factor de esa hora, cada unidad con perfil produce lo que dice el archivo y una unidad con estado 0 sale de servicio. Lo que no cuadra lo toman las unidades en servicio sin perfil, en proporción a su margen en la dirección necesaria (Pmax − P0 para subir, P0 − Pmin para bajar). La capacidad de esa hora es la de [Capacidad por barra](#capacidad-de-cada-barra) en ese caso, con el mismo tope y la cifra que elijas en «Cifra»: la atribuible (por omisión; las violaciones que la red ya tiene sin la planta no la limitan) o la estricta (no pueden empeorar). Son las cifras de cada rama en servicio, una a la vez: un archivo de contingencias del caso no se aplica a las horas.',
        },
        {
          kind: 'note',
          text: 'Una hora es infactible cuando a las unidades sin perfil no les alcanza el margen: el caso de esa hora no existe. Las horas infactibles se dejan fuera de todas las cifras del año y la sección dice cuántas son junto a las cifras. Con ACTIVSg2000 y sus escenarios son 3.077 de 8.784: sus unidades no pueden bajar de su Pmin (32,6 GW) y la demanda baja hasta 23,1 GW. Para estudiarlas, incluye en el archivo el despacho (o el estado) de las unidades.',
        },
      ],
    },
    {
      id: 'potencia-firme-y-recorte',
      title: 'Potencia firme y MW con un porcentaje de recorte',
      blocks: [
        {
          kind: 'p',
          text: 'Una planta de X MW con perfil g(t) (lo que produce por MW instalado, entre 0 y 1) entrega X·g(t) en la hora t; lo que pasa de la capacidad c(t) de la barra se recorta. Sin planta, las cifras son para una producción constante (g = 1).',
        },
        {
          kind: 'formula',
          caption:
            'Potencia firme: los MW que caben en todas las horas factibles sin recortar nada.',
          math: [
            { sub: ['P', 'firme'] },
            '=',
            { sub: ['min', { row: [ofT('g'), '>', '0'] }] },
            { frac: [ofT('c'), ofT('g')] },
          ],
        },
        {
          kind: 'formula',
          caption:
            'MW con α % de la energía recortada: la mayor X que cumple esta desigualdad (α = 1, 3 y 5 %).',
          math: [
            { sub: ['Σ', 't'] },
            'max',
            '(',
            '0',
            ',',
            'X',
            '·',
            ofT('g'),
            '−',
            ofT('c'),
            ')',
            '≤',
            'α',
            '·',
            { sub: ['Σ', 't'] },
            'X',
            '·',
            ofT('g'),
          ],
        },
        {
          kind: 'list',
          items: [
            'Una cifra que llega al tope del cálculo se muestra como «≥ tope del estudio»: más allá la red no se revisó.',
            'La sección da además la capacidad mínima, mediana y máxima, las horas que limita la red, la curva de duración, la capacidad media por mes y hora del día, las restricciones que limitan y cuántas horas cada una, y «Descargar CSV» con la capacidad de cada hora.',
            '«Simular una planta» toma su tamaño y su perfil (producción constante, el promedio de las unidades con perfil de una tecnología, o un archivo con un valor por hora) y da su energía del año, los MWh y el porcentaje recortados, las horas con recorte y dónde del año los pierde.',
          ],
        },
      ],
    },
  ],
};
