import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { es } from '../../strings/es';
import { Footer } from './footer';
import { Header } from './header';

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
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
