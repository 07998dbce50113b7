import { ArrowRight, Lock, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { es } from '../../../strings/es';
import type { LandingAuthStatus } from '../types';
import { GridIllustration } from './grid-illustration';

const t = es.landing.hero;
const HINT_ID = 'cta-hint';

function PrimaryCta({ authStatus }: { authStatus: LandingAuthStatus }) {
  if (authStatus === 'signedIn') {
    return (
      <Link
        to="/analisis"
        className={buttonClasses('primary', 'lg', 'bg-sky-400 text-slate-950 hover:bg-sky-300')}
      >
        {t.cta}
        <ArrowRight aria-hidden="true" className="h-5 w-5" />
      </Link>
    );
  }
  const checking = authStatus === 'checking';
  return (
    <Button
      size="lg"
      disabled
      aria-describedby={checking ? undefined : HINT_ID}
      aria-busy={checking}
    >
      {!checking && <Lock aria-hidden="true" className="h-4 w-4" />}
      {checking ? t.cta : t.ctaSignedOut}
    </Button>
  );
}

export function Hero({ authStatus }: { authStatus: LandingAuthStatus }) {
  return (
    <section
      aria-labelledby="hero-titulo"
      className="relative isolate overflow-hidden bg-gradient-to-br from-slate-950 via-slate-900 to-sky-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(45,212,191,0.18),transparent_55%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-teal-300/30 bg-teal-300/10 px-3 py-1 text-xs font-semibold text-teal-200 sm:text-sm">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-teal-300" />
            {t.eyebrow}
          </p>
          <h1
            id="hero-titulo"
            className="mt-6 text-balance text-3xl font-bold leading-tight tracking-tight sm:text-5xl"
          >
            {t.title}
          </h1>
          <p className="mt-6 max-w-2xl text-pretty text-base leading-relaxed text-slate-300 sm:text-lg">
            {t.subtitle}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex flex-col gap-2">
              <PrimaryCta authStatus={authStatus} />
              {authStatus === 'signedOut' && (
                <p id={HINT_ID} className="text-sm text-slate-300">
                  {t.ctaHint}
                </p>
              )}
            </div>
            <Link to="/demo" className={buttonClasses('inverse', 'lg')}>
              <PlayCircle aria-hidden="true" className="h-5 w-5" />
              {t.secondary}
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
            {t.highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-sky-400" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <GridIllustration className="hidden lg:block" />
      </div>
    </section>
  );
}
