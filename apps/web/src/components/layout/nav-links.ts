import { es } from '../../strings/es';

export const navLinks = [
  { to: '/', label: es.nav.home, end: true },
  { to: '/analisis', label: es.nav.analysis, end: false },
  { to: '/resultados', label: es.nav.results, end: false },
  { to: '/estudios', label: es.nav.studies, end: false },
  { to: '/ventanas', label: es.nav.windows, end: false },
  { to: '/demo', label: es.nav.demo, end: false },
] as const;
