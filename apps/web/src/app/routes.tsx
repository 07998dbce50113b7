import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AnalisisRoute } from './routes/analisis';
import { DemoRoute } from './routes/demo';
import { DocumentacionRoute } from './routes/documentacion';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { ResultadosRoute } from './routes/resultados';
import { RootLayout } from './routes/root-layout';

// The studies screens' modules (and their strings) load on demand, not with every page; they
// wait in the root layout's Suspense, while the session is checked.
const EstudiosRoute = lazy(() =>
  import('./routes/estudios').then((module) => ({ default: module.EstudiosRoute })),
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
      { path: 'demo', element: <DemoRoute /> },
      { path: 'documentacion', element: <DocumentacionRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
