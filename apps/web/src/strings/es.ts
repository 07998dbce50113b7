/**
 * Every word the user sees, in Spanish (es-CO). Components read from here; nothing user-visible
 * is written inline in JSX.
 */
export const es = {
  brand: {
    name: 'Holgura',
    tagline: 'Análisis N-1 y capacidad de conexión',
  },
  meta: {
    home: 'Holgura · Capacidad de conexión y análisis N-1 de la red de transmisión',
  },
  a11y: {
    skipToContent: 'Saltar al contenido',
    mainNav: 'Navegación principal',
    mobileNav: 'Navegación móvil',
    footerNav: 'Enlaces rápidos',
    homeLink: 'Holgura, ir al inicio',
    opensInNewTab: '(se abre en una pestaña nueva)',
  },
  nav: {
    home: 'Inicio',
    analysis: 'Análisis',
    results: 'Resultados',
    demo: 'Demo',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
  },
  userMenu: {
    button: 'Menú de usuario',
    signIn: 'Iniciar sesión',
    signOut: 'Cerrar sesión',
    signedInAs: 'Sesión iniciada como',
    signedOutHint: 'Inicia sesión para analizar casos y consultar resultados.',
    saxUser: 'Usuario SAX',
    signedOutToast: 'Sesión cerrada',
  },
  auth: {
    checking: 'Verificando sesión...',
    dialogTitle: 'Acceso a Holgura',
    dialogDescription:
      'Ingresa con tu cuenta corporativa SAX o con una cuenta de Holgura para analizar casos y consultar resultados.',
    close: 'Cerrar',
    tabsLabel: 'Método de acceso',
    tabSax: 'SAX',
    tabHolgura: 'Holgura',
    saxIntro:
      'Usa la cuenta de tu organización. Se abrirá una ventana del proveedor de identidad SAX para confirmar tu acceso.',
    continueWithSax: 'Continuar con SAX',
    accountTabsLabel: 'Cuenta de Holgura',
    tabSignIn: 'Iniciar sesión',
    tabSignUp: 'Registrarse',
    email: 'Correo electrónico',
    password: 'Contraseña',
    firstName: 'Nombre',
    lastName: 'Apellido',
    company: 'Empresa',
    submitSignIn: 'Iniciar sesión',
    submitSignUp: 'Crear cuenta',
    errorTitle: 'Error',
    signInFailed: 'No se pudo iniciar sesión',
    signUpFailed: 'No se pudo crear la cuenta',
    accountsNotEnabled: 'El acceso con cuentas aún no está habilitado en este servidor.',
    saxNotEnabled: 'El inicio de sesión con SAX aún no está habilitado en este servidor.',
  },
  landing: {
    hero: {
      eyebrow: 'Red de transmisión de Colombia · Plan de Expansión',
      title: 'Descubre cuántos MW admite cada barra de la red antes de solicitar la conexión',
      subtitle:
        'Holgura ejecuta el análisis de contingencias N-1 sobre los casos del Plan de Expansión, identifica las restricciones que limitan la generación y calcula la capacidad de conexión en cada barra, para cada escenario de demanda y cada año de proyección.',
      cta: 'Pruebalo ahora',
      ctaSignedOut: 'Iniciar sesión requerido',
      ctaHint: 'Inicia sesión para acceder a todas las funcionalidades',
      secondary: 'Ver la demo',
      highlights: ['Contingencias N-1', 'Sensibilidades PTDF/LODF', 'Capacidad por barra'],
    },
    stats: {
      title: 'Holgura en cifras',
      note: 'Cifras calculadas a partir de los análisis almacenados en este servidor.',
      loading: 'Cargando cifras...',
      error: 'No se pudieron cargar las cifras. Intenta de nuevo más tarde.',
      totalCapacity: 'Capacidad total analizada',
      projectionYears: 'Años de proyección',
      busbarsEvaluated: 'Barras evaluadas',
      contingenciesAnalysed: 'Contingencias analizadas',
      scenariosAnalysed: 'Escenarios analizados',
      mwUnit: 'MW',
    },
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
      body: 'Sube un caso de red en formato .bin o .txt y obtén las restricciones, las sensibilidades de los generadores y la capacidad de conexión por barra.',
      demo: 'Explorar la demo guiada',
      contact: 'Escríbenos',
    },
  },
  pages: {
    preparing: 'Módulo en preparación',
    analysis: {
      title: 'Análisis de flexibilidad',
      body: 'Este módulo se está preparando. Aquí podrás subir un caso de red, ver los niveles de flexibilidad, las restricciones de cada nivel y el efecto de los generadores sobre cada restricción.',
    },
    results: {
      title: 'Capacidad de conexión en barras',
      body: 'Este módulo se está preparando. Aquí podrás consultar la capacidad de conexión de cada barra por escenario de demanda y año de proyección del Plan de Expansión.',
    },
    demo: {
      title: 'Demo - Análisis de Restricción',
      body: 'La demo guiada está en preparación. Mostrará, sobre un caso de demostración almacenado, cómo una contingencia y un despacho crítico sobrecargan un elemento de la red y qué generadores pueden aliviarlo.',
    },
    backHome: 'Volver al inicio',
    notFound: {
      title: 'Oops! Page not found',
      body: 'La página que buscas no existe o cambió de dirección.',
      code: 'Error 404',
    },
  },
  footer: {
    description:
      'Plataforma de análisis de contingencias N-1, restricciones de generación y capacidad de conexión en barras para la red de transmisión de Colombia.',
    linksTitle: 'Enlaces rápidos',
    documentation: 'Documentación',
    apiReference: 'Referencia de la API',
    support: 'Soporte técnico',
    expansionPlan: 'Plan de Expansión',
    expansionPlanSource: 'UPME',
    comingSoon: 'Próximamente',
    contactTitle: 'Contacto',
    contactBody: 'Consultas técnicas sobre los modelos, los datos y el acceso a la plataforma.',
    supportEmail: 'soporte@holgura.co',
    location: 'Colombia',
    rights: 'Holgura',
  },
  errors: {
    network: 'No se pudo conectar con el servidor.',
    invalidResponse: 'El servidor respondió con datos no válidos.',
    http: (status: number) => `Error del servidor (${status})`,
  },
} as const;

export type Strings = typeof es;
