import type { DocSection } from './types';

export const capacitySection: DocSection = {
  id: 'resultados',
  title: 'Capacidad de conexión en Resultados',
  intro:
    '[Resultados](/resultados) muestra cuántos MW admite cada barra de un estudio, en cada escenario de demanda y año, sin que ningún elemento supere su límite ante ninguna contingencia N-1.',
  subsections: [
    {
      id: 'capacidad-de-una-barra',
      title: 'Cómo se calcula la capacidad de una barra',
      blocks: [
        {
          kind: 'p',
          text: 'Se conecta en la barra b una unidad nueva y se sube su generación T; el resto de generadores en servicio baja en proporción a lo que puede bajar (P0 − Pmin), a partir del [despacho base](#despacho-base) de cada caso. La capacidad es el FCITC de esa transferencia (ver [Restricciones](#restricciones)), con el tope del estudio como Tmax (2000 MW por defecto), y nunca pasa de lo que esos generadores pueden bajar en total: más allá, saldrían de sus límites.',
        },
        {
          kind: 'formula',
          caption:
            'Capacidad de conexión de la barra b: la menor transferencia que lleva alguna restricción a su límite, sin pasar del tope del estudio ni del margen para bajar de la generación que compensa.',
          math: [
            { sub: ['Capacidad', 'b'] },
            '=',
            'min',
            '(',
            { sub: ['T', 'max'] },
            ',',
            'Σ',
            '(',
            { sub: ['P', '0'] },
            '−',
            { sub: ['P', 'min'] },
            ')',
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
          kind: 'terms',
          items: [
            { term: 'Capacidad (MW)', definition: 'El valor anterior, con un decimal.' },
            {
              term: 'Elemento limitante',
              definition:
                'El elemento monitoreado de la restricción que da el mínimo. «Ninguno: se alcanza el tope del estudio» cuando ninguna restricción limita antes de Tmax; «Margen de la generación que compensa» cuando lo que limita no es la red sino cuánto pueden bajar los demás generadores.',
            },
            {
              term: 'Contingencia',
              definition: 'La rama fuera de servicio en esa restricción (o ninguna, en N-0).',
            },
            {
              term: 'Escenario y Año',
              definition: 'Salen del nombre del caso, `<escenario>_<año>` (p. ej. `alta_2028`).',
            },
            {
              term: 'Condición',
              definition: 'El texto del escenario en el archivo de estudio.',
            },
          ],
        },
      ],
    },
    {
      id: 'familias-y-casos',
      title: 'Barras, escenarios y años',
      blocks: [
        {
          kind: 'list',
          items: [
            'Cada barra del estudio es una familia: «Barra ID» es su número y «Cantidad Escenarios» el número de casos escenario × año que tiene.',
            'Cada caso es la red base con el crecimiento de la demanda por área hasta ese año, los multiplicadores de demanda del escenario, sus intercambios internacionales y todos los proyectos en servicio ese año.',
            'El efecto de un proyecto es la diferencia de capacidad de la barra con y sin él en la red.',
            'Las pestañas «Todos» y una por año filtran las tarjetas; el gráfico muestra la capacidad de la barra por año, una línea por escenario, y su tabla de datos.',
          ],
        },
      ],
    },
    {
      id: 'capacidades-indicativas',
      title: 'Por qué las capacidades son indicativas',
      blocks: [
        {
          kind: 'list',
          items: [
            'Cada capacidad supone una sola conexión nueva, en esa barra, con el resto de la red como en el caso. Por eso no son simultáneas ni aditivas: conectar en dos barras a la vez no da la suma de sus capacidades, porque ambas conexiones cargan los mismos elementos.',
            'Se calculan con el modelo DC (sin pérdidas, tensiones ni límites de reactivos), adecuado para comparar barras y escenarios, no para reemplazar un estudio de conexión detallado.',
            'Si la red ya tiene una violación N-1 antes de la conexión y la unidad nueva la empeora, esa violación es de la red, no de la conexión: se informa como «Violación previa a la conexión» y no limita (opción `preExistingViolations: "ignore"`, la predeterminada, la cifra atribuible). Con `"limit"` la capacidad de esa barra es 0 MW (la cifra estricta, ver [Violaciones existentes y las dos cifras](#violaciones-existentes)).',
          ],
        },
      ],
    },
  ],
};
