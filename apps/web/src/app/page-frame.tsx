import { Suspense, type ReactNode } from 'react';
import { PAGE_SPINNER_CLASSES, Spinner } from '../components/ui/spinner';
import { RequireAuth } from '../features/auth/components/require-auth';
import { es } from '../strings/es';

type PageFrameProps = { title: string; intro: string; children: ReactNode };

/** A screen's document title and title banner (h1 and intro), above what the route renders. */
export function PageFrame({ title, intro, children }: PageFrameProps) {
  return (
    <section aria-labelledby="pagina-titulo">
      <title>{`${title} · ${es.brand.name}`}</title>
      <div className="bg-gradient-to-br from-slate-950 to-sky-950">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <h1
            id="pagina-titulo"
            className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {title}
          </h1>
          <p className="mt-3 max-w-3xl text-slate-300">{intro}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * A screen that needs sign-in (docs/product.md §2): the session check, then its lazily loaded code behind a
 * spinner, then its frame and content together.
 */
export function SignedInPage(props: PageFrameProps) {
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner label={es.auth.checking} className={PAGE_SPINNER_CLASSES} />}>
        <PageFrame {...props} />
      </Suspense>
    </RequireAuth>
  );
}
