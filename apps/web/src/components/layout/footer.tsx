import { ExternalLink, Mail, MapPin, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { es } from '../../strings/es';

const t = es.footer;
const linkClass =
  'inline-flex items-center gap-1.5 rounded text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-300';

function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2 text-slate-400">
      {children}
      <span className="rounded-full border border-slate-600 px-2 py-0.5 text-xs text-slate-300">
        {t.comingSoon}
      </span>
    </span>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
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
              <ComingSoon>{t.documentation}</ComingSoon>
            </li>
            <li>
              <ComingSoon>{t.apiReference}</ComingSoon>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${t.supportEmail}`}>
                {t.support}
              </a>
            </li>
            <li>
              <a
                className={linkClass}
                href="https://www.upme.gov.co"
                target="_blank"
                rel="noopener noreferrer"
              >
                {t.expansionPlan}
                <span className="text-slate-400">({t.expansionPlanSource})</span>
                <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                <span className="sr-only">{es.a11y.opensInNewTab}</span>
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
            <p>
              <a className={linkClass} href={`mailto:${t.supportEmail}`}>
                <Mail aria-hidden="true" className="h-4 w-4" />
                {t.supportEmail}
              </a>
            </p>
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
