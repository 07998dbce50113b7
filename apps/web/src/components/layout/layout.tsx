import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { es } from '../../strings/es';
import { AddressNotice } from './address-notice';
import { Header } from './header';

// The footer (its links, icons and words) loads after the first paint: it is below the first
// screen, and appending it after the page moves nothing above it (issue #20).
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));

export const MAIN_CONTENT_ID = 'contenido';

type LayoutProps = {
  userMenu?: ReactNode;
  /** Defaults to the matched child route. */
  children?: ReactNode;
};

/** Skip link, fixed header, the page, and the footer. */
export function Layout({ userMenu, children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-sky-800 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-sky-500"
      >
        {es.a11y.skipToContent}
      </a>
      <Header userMenu={userMenu} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pt-20 focus:outline-none">
        <AddressNotice />
        {children ?? <Outlet />}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
