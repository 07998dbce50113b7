import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { DemoRoute } from './routes/demo';
import { DocumentacionRoute } from './routes/documentacion';
import { LandingRoute } from './routes/landing';
import { RootLayout } from './routes/root-layout';

// The signed-in screens' and the 404 page's modules (and their strings) load on demand, not with
// every page; they wait in the root layout's Suspense, while the session is checked.
const AnalisisRoute = lazy(() =>
  import('./routes/analisis').then((module) => ({ default: module.AnalisisRoute })),
);
const ResultadosRoute = lazy(() =>
  import('./routes/resultados').then((module) => ({ default: module.ResultadosRoute })),
);
const NotFoundRoute = lazy(() =>
  import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })),
);
const EstudiosRoute = lazy(() =>
  import('./routes/estudios').then((module) => ({ default: module.EstudiosRoute })),
);
const VentanasRoute = lazy(() =>
  import('./routes/ventanas').then((module) => ({ default: module.VentanasRoute })),
);
const RestablecerContrasenaRoute = lazy(() =>
  import('./routes/restablecer-contrasena').then((module) => ({
    default: module.RestablecerContrasenaRoute,
  })),
);
const EstudioEditorRoute = lazy(() =>
  import('./routes/estudios-editor').then((module) => ({ default: module.EstudioEditorRoute })),
);

/** Spec §2: the screens and their access. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'analisis', element: <AnalisisRoute /> },
      { path: 'resultados', element: <ResultadosRoute /> },
      { path: 'estudios', element: <EstudiosRoute /> },
      { path: 'estudios/nuevo', element: <EstudioEditorRoute /> },
      { path: 'estudios/:studyId/editar', element: <EstudioEditorRoute /> },
      { path: 'ventanas', element: <VentanasRoute /> },
      { path: 'demo', element: <DemoRoute /> },
      { path: 'documentacion', element: <DocumentacionRoute /> },
      // The page a password-reset mail's link opens (the server names it: RESET_PASSWORD_PAGE).
      { path: 'restablecer-contrasena', element: <RestablecerContrasenaRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
