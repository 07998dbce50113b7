import { BrowserRouter, useRoutes } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app in react-router's declarative mode: it has no loaders or actions, and the data router
 * (createBrowserRouter) would add 17 KB gzip to every page's first load (docs/performance.md).
 */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
