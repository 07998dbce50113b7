import type { RouteObject } from 'react-router';
import { AnalisisRoute } from './routes/analisis';
import { DemoRoute } from './routes/demo';
import { DocumentacionRoute } from './routes/documentacion';
import { EstudiosRoute } from './routes/estudios';
import { EstudioEditorRoute } from './routes/estudios-editor';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { ResultadosRoute } from './routes/resultados';
import { RootLayout } from './routes/root-layout';

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
