import type { DocSection } from './types';

/** «Comparar dos casos» and the reports (issue #29). */
export const compareReportSection: DocSection = {
  id: 'comparar-e-informes',
  title: 'Comparar casos e informes',
  intro:
    'Lo que un planeador revisa después de agregar un proyecto o de pasar de un año a otro, y el documento que entrega: dos casos lado a lado, barra por barra, y un informe en PDF o Excel de un caso o de un estudio.',
  subsections: [
    {
      id: 'comparar-dos-casos',
      title: 'Comparar dos casos',
      blocks: [
        {
          kind: 'p',
          text: 'En [Resultados](/resultados), «Comparar dos casos» pone lado a lado dos escenarios o dos años del estudio mostrado (por defecto, el primer y el último año del primer escenario); en [Análisis](/analisis), el caso seleccionado frente a otro de tus casos analizados. Se compara la capacidad N-1 de cada barra de la red, emparejada por número de barra; nada se consulta hasta pulsar «Comparar», y el enlace de la página conserva la comparación.',
        },
        {
          kind: 'list',
          items: [
            'El resumen cuenta las barras con cifra en ambos casos y cuántas suben, bajan o no cambian (menos de 0,05 MW de diferencia).',
            'La tabla lista las barras cuya capacidad más cambió, de mayor a menor diferencia (B − A), con la restricción que limita en cada caso; «Mostrar más barras» amplía la lista a 100 y a 500.',
            'Una barra con cifra en un solo caso (fuera de la isla de transferencia o ausente del otro caso) va al final, sin diferencia.',
            '«Restricciones que aparecen en B» son las que limitan alguna barra en B y ninguna en A; «Restricciones que desaparecen en B», al revés. Cada una dice cuántas barras limita y cuántos MW cambiaron en ellas. Una restricción es la misma en ambos casos cuando nombra el mismo elemento monitoreado y la misma contingencia.',
            'La cifra comparada es la atribuible o la estricta, a elección.',
          ],
        },
        {
          kind: 'note',
          text: 'Si los dos casos se calcularon con opciones distintas (el tope, la capacidad poscontingencia, el umbral del factor de distribución, la generación que compensa o quién toma el desbalance), la página lo dice junto a las cifras: cada diferencia mezcla entonces el cambio de la red con el de las opciones.',
        },
      ],
    },
    {
      id: 'informes',
      title: 'Informes en PDF y Excel',
      blocks: [
        {
          kind: 'p',
          text: '«Descargar informe (PDF)» y «Descargar informe (Excel)» están junto a cada estudio con resultados en [Estudios](/estudios) y en Resultados, y junto a cada caso analizado en Análisis. El informe está en español, fechado en hora de Colombia y numerado «Página N de M»; el Excel trae lo mismo en hojas, con las cifras como números.',
        },
        {
          kind: 'list',
          items: [
            'El de un estudio: las entradas (años, escenarios, crecimiento, intercambios, proyectos, barras), las opciones del cálculo, la capacidad de cada barra por escenario y año con su elemento limitante y su contingencia, un gráfico por barra, el mapa de la red y el método en una página.',
            'El de un caso: el archivo y sus revisiones, las opciones, el análisis N-1, la flexibilidad, el resumen e histograma de la capacidad por barra, las 50 barras con menos y con más capacidad (en el Excel, todas) y el método.',
            'Las cifras llevan las mismas marcas que en pantalla: una violación previa a la conexión, el tope alcanzado, el margen de la generación que compensa, una verificación AC que difiere más de 5 %.',
          ],
        },
      ],
    },
  ],
};
