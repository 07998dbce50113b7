import type { LandingAuthStatus } from '../types';
import { Hero } from './hero';
import {
  AudiencesSection,
  BenefitsSection,
  FinalCtaSection,
  QuestionsSection,
  WhySection,
} from './sections';
import { StatsStrip } from './stats-strip';

export function LandingPage({ authStatus }: { authStatus: LandingAuthStatus }) {
  return (
    <>
      <Hero authStatus={authStatus} />
      <StatsStrip />
      <WhySection />
      <QuestionsSection />
      <AudiencesSection />
      <BenefitsSection />
      <FinalCtaSection />
    </>
  );
}
