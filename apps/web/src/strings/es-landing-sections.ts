/**
 * The landing page's sections below the first screen (why, questions, audiences, benefits, the
 * final call to action), es-CO: they load with those sections, after the first paint.
 */
export const esLandingSections = {
  why: {
    title: '¿Por qué Holgura?',
    intro:
      'Conectar un proyecto o aprobar un despacho exige saber qué pasa cuando falla un elemento de la red. Holgura responde con el detalle que un estudio eléctrico necesita.',
    items: [
      {
        title: 'Criterio N-1 en cada caso',
        body: 'Cada caso se evalúa con la salida de un elemento a la vez, líneas y transformadores, y los flujos resultantes se comparan con la capacidad de emergencia de cada elemento.',
      },
      {
        title: 'Resultados trazables',
        body: 'Cada restricción indica el elemento monitoreado, la contingencia que la activa y los generadores que la alivian o la agravan, para que puedas verificar cada número.',
      },
      {
        title: 'Sobre el Plan de Expansión',
        body: 'Los casos incorporan los proyectos de transmisión del plan de expansión de referencia, organizados por escenario de demanda y año de proyección.',
      },
    ],
  },
  questions: {
    title: 'Preguntas que responde',
    intro:
      'Las preguntas que llegan a un área de planeamiento, con una respuesta calculada sobre la red.',
    items: [
      {
        question: '¿Cuántos MW puedo conectar en esta barra?',
        answer:
          'La capacidad de conexión de la barra: la inyección adicional que la red soporta sin superar ningún límite ante las contingencias N-1 evaluadas.',
      },
      {
        question: '¿Qué restricciones limitan la generación?',
        answer:
          'Los pares de elemento monitoreado y elemento en contingencia ordenados por su impacto, con el flujo de cada elemento frente a su límite.',
      },
      {
        question: '¿Qué generadores alivian una restricción?',
        answer:
          'La sensibilidad de cada generador sobre el elemento limitante muestra qué redespacho reduce el flujo y cuántos MW libera.',
      },
      {
        question: '¿Cómo cambia la capacidad entre escenarios y años del Plan de Expansión?',
        answer:
          'La misma barra comparada en cada escenario de demanda y año de proyección, para ver cuándo entra un proyecto y cuánta capacidad habilita.',
      },
    ],
  },
  audiences: {
    title: 'Para quién',
    intro: 'Un mismo modelo de red para quienes operan, invierten, asesoran y regulan.',
    items: [
      {
        title: 'Operadores de red',
        body: 'Verifican la seguridad del despacho ante contingencias y anticipan qué elementos se sobrecargan cuando cambia la generación.',
      },
      {
        title: 'Generadores y desarrolladores',
        body: 'Estiman cuántos MW admite una barra antes de solicitar un punto de conexión y comparan ubicaciones alternativas para su proyecto.',
      },
      {
        title: 'Consultores técnicos',
        body: 'Reproducen estudios de flujo de carga y contingencias con resultados trazables a cada elemento, escenario y año.',
      },
      {
        title: 'Entidades de gobierno',
        body: 'Contrastan el efecto de los proyectos del Plan de Expansión sobre la capacidad disponible en cada zona del sistema.',
      },
    ],
  },
  benefits: {
    title: 'Beneficios técnicos',
    intro: 'Métodos de la ingeniería de sistemas de potencia, sin cajas negras.',
    items: [
      {
        title: 'Análisis N-1 con precisión de MATPOWER',
        body: 'Flujos de potencia DC y de Newton-Raphson contrastados con los casos de referencia de MATPOWER.',
      },
      {
        title: 'Sensibilidades PTDF y LODF',
        body: 'Factores de distribución de transferencia y de salida de líneas calculados con matrices dispersas, a la escala del sistema nacional.',
      },
      {
        title: 'Capacidad de conexión por barra',
        body: 'La inyección máxima adicional en cada barra antes de que se active la primera restricción N-1, con el elemento que la limita.',
      },
      {
        title: 'Multi-escenario y multi-año',
        body: 'Un mismo estudio recorre los escenarios de demanda y los años de proyección del Plan de Expansión para comparar resultados.',
      },
    ],
    cta: 'Explorar Capacidades',
  },
  finalCta: {
    title: 'Lleva tu próximo estudio de conexión a Holgura',
    body: 'Sube un caso de red PSS/E (.raw) o MATPOWER (.m) y obtén las restricciones, las sensibilidades de los generadores y la capacidad de conexión por barra.',
    demo: 'Explorar la demo guiada',
    contact: 'Escríbenos',
  },
} as const;
