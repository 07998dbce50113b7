import { StatsStrip } from '../../../components/stats-strip/stats-strip';
import { es } from '../../../strings/es';
import { useStats } from '../api/get-stats';
import type { LandingAuthStatus } from '../types';
import { Hero } from './hero';
import {
  AudiencesSection,
  BenefitsSection,
  FinalCtaSection,
  QuestionsSection,
  WhySection,
} from './sections';

export function LandingPage({ authStatus }: { authStatus: LandingAuthStatus }) {
  const stats = useStats();
  return (
    <>
      <Hero authStatus={authStatus} />
      <StatsStrip stats={stats} texts={es.landing.stats} testIdPrefix="stat-" />
      <WhySection />
      <QuestionsSection />
      <AudiencesSection />
      <BenefitsSection />
      <FinalCtaSection />
    </>
  );
}
