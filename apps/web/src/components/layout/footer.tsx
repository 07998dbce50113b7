import { API_DOCS_PATH } from '@holgura/contracts/first-load-paths';
import { BookOpen, ExternalLink, FileCode, Mail, MapPin, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { useSupportEmail } from '../../lib/client-config';
import { es } from '../../strings/es';
import { esFooter } from '../../strings/es-footer';

const t = esFooter;
const linkClass =
  'inline-flex items-center gap-1.5 rounded text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-300';

/** UPME, which publishes the Plan de Expansión de Referencia Generación – Transmisión. */
export const EXPANSION_PLAN_URL = 'https://www.upme.gov.co';

function NewTabHint() {
  return (
    <>
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
      <span className="sr-only">{es.a11y.opensInNewTab}</span>
    </>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  // From GET /api/config (SUPPORT_EMAIL); absent until it has loaded.
  const supportEmail = useSupportEmail();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-md md:col-span-2 lg:col-span-1">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-slate-800 text-teal-300">
              <Zap aria-hidden="true" className="h-4 w-4" fill="currentColor" />
            </span>
            {es.brand.name}
          </p>
          <p className="mt-4 text-sm leading-relaxed">{t.description}</p>
        </div>

        <nav aria-label={es.a11y.footerNav}>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">
            {t.linksTitle}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link className={linkClass} to="/documentacion">
                <BookOpen aria-hidden="true" className="h-4 w-4" />
                {t.documentation}
              </Link>
            </li>
            <li>
              <a
                className={linkClass}
                href={API_DOCS_PATH}
                target="_blank"
                rel="noopener noreferrer"
              >
                <FileCode aria-hidden="true" className="h-4 w-4" />
                {t.apiReference}
                <span className="text-slate-400">({t.apiReferenceHint})</span>
                <NewTabHint />
              </a>
            </li>
            <li>
              {supportEmail === null ? (
                <span className="text-slate-400">{t.support}</span>
              ) : (
                <a className={linkClass} href={`mailto:${supportEmail}`}>
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  {t.support}
                </a>
              )}
            </li>
            <li>
              <a
                className={linkClass}
                href={EXPANSION_PLAN_URL}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t.expansionPlan}
                <span className="text-slate-400">({t.expansionPlanSource})</span>
                <NewTabHint />
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">
            {t.contactTitle}
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="leading-relaxed">{t.contactBody}</p>
            {supportEmail !== null && (
              <p>
                <a className={linkClass} href={`mailto:${supportEmail}`}>
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  {supportEmail}
                </a>
              </p>
            )}
            <p className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="h-4 w-4" />
              {t.location}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © {year} {t.rights}
        </p>
      </div>
    </footer>
  );
}
