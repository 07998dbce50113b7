import { lazy, Suspense } from 'react';
import { StatsStrip } from '../../../components/stats-strip/stats-strip';
import { es } from '../../../strings/es';
import { useStats } from '../api/get-stats';
import type { LandingAuthStatus } from '../types';
import { Hero } from './hero';

// The sections below the first screen (their icons and words) load after the first paint: the
// phone's first screen is the hero, and its largest text never waits for them (issue #20).
const LandingSections = lazy(() => import('./sections'));

export function LandingPage({ authStatus }: { authStatus: LandingAuthStatus }) {
  const stats = useStats();
  return (
    <>
      <Hero authStatus={authStatus} />
      <StatsStrip stats={stats} texts={es.landing.stats} testIdPrefix="stat-" />
      {/* A screen tall while they load, so the footer stays below the fold: nothing shifts. */}
      <Suspense fallback={<div className="min-h-dvh" />}>
        <LandingSections />
      </Suspense>
    </>
  );
}
