import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { es } from '../../strings/es';

const t = es.pages.notFound;

export function NotFoundRoute() {
  return (
    <section
      aria-labelledby="no-encontrado-titulo"
      className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center sm:py-32"
    >
      <title>{`${t.code} · ${es.brand.name}`}</title>
      <p className="text-sm font-semibold uppercase tracking-widest text-sky-700">{t.code}</p>
      <h1
        id="no-encontrado-titulo"
        className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl"
      >
        {t.title}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{t.body}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        <Home aria-hidden="true" className="h-5 w-5" />
        {es.pages.backHome}
      </Link>
    </section>
  );
}
