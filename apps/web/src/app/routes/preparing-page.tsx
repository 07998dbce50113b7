import { Construction } from 'lucide-react';
import { es } from '../../strings/es';

type PreparingPageProps = { title: string; body: string };

/** A titled page for a module that is not built yet: says so, shows no invented data. */
export function PreparingPage({ title, body }: PreparingPageProps) {
  return (
    <section aria-labelledby="pagina-titulo">
      <title>{`${title} · ${es.brand.name}`}</title>
      <div className="bg-gradient-to-br from-slate-950 to-sky-950">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <h1
            id="pagina-titulo"
            className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {title}
          </h1>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex max-w-3xl gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
            <Construction aria-hidden="true" className="h-6 w-6" />
          </span>
          <div>
            <p className="font-semibold text-slate-900">{es.pages.preparing}</p>
            <p className="mt-1 leading-relaxed text-slate-600">{body}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
