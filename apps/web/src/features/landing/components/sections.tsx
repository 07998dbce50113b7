import {
  ArrowRight,
  Building2,
  CalendarRange,
  Cable,
  Calculator,
  Factory,
  GitCompareArrows,
  Landmark,
  Layers,
  ListOrdered,
  Mail,
  Network,
  PlayCircle,
  PlugZap,
  RadioTower,
  ShieldCheck,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useSupportEmail } from '../../../lib/client-config';
import { esLandingSections } from '../../../strings/es-landing-sections';
import { SectionHeading } from './section-heading';

const t = esLandingSections;

const whyIcons: LucideIcon[] = [ShieldCheck, ListOrdered, CalendarRange];
const questionIcons: LucideIcon[] = [PlugZap, Cable, SlidersHorizontal, GitCompareArrows];
const audienceIcons: LucideIcon[] = [RadioTower, Factory, Calculator, Landmark];
const benefitIcons: LucideIcon[] = [ShieldCheck, Network, PlugZap, Layers];

function iconAt(icons: LucideIcon[], index: number): LucideIcon {
  return icons[index] ?? Building2;
}

export function WhySection() {
  return (
    <section aria-labelledby="por-que-titulo" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading id="por-que-titulo" title={t.why.title} intro={t.why.intro} />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {t.why.items.map((item, index) => {
            const Icon = iconAt(whyIcons, index);
            return (
              <li key={item.title} className="rounded-2xl border border-slate-200 p-6">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-sky-50 text-sky-700">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function QuestionsSection() {
  return (
    <section aria-labelledby="preguntas-titulo" id="preguntas" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading id="preguntas-titulo" title={t.questions.title} intro={t.questions.intro} />
        <ol className="mt-10 grid gap-6 md:grid-cols-2">
          {t.questions.items.map((item, index) => {
            const Icon = iconAt(questionIcons, index);
            return (
              <li
                key={item.question}
                className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{item.question}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.answer}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

export function AudiencesSection() {
  return (
    <section aria-labelledby="para-quien-titulo" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading
          id="para-quien-titulo"
          title={t.audiences.title}
          intro={t.audiences.intro}
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {t.audiences.items.map((item, index) => {
            const Icon = iconAt(audienceIcons, index);
            return (
              <li
                key={item.title}
                className="rounded-2xl border-t-4 border-sky-600 bg-slate-50 p-6 ring-1 ring-slate-200"
              >
                <Icon aria-hidden="true" className="h-7 w-7 text-sky-700" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function BenefitsSection() {
  return (
    <section
      aria-labelledby="beneficios-titulo"
      id="capacidades"
      className="bg-gradient-to-br from-slate-900 to-sky-950 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading
          id="beneficios-titulo"
          title={t.benefits.title}
          intro={t.benefits.intro}
          tone="dark"
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {t.benefits.items.map((item, index) => {
            const Icon = iconAt(benefitIcons, index);
            return (
              <li key={item.title} className="rounded-2xl border border-white/10 bg-white/5 p-6">
                <Icon aria-hidden="true" className="h-7 w-7 text-teal-300" />
                <h3 className="mt-4 text-lg font-semibold text-white">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-300">{item.body}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-10">
          <Link
            to="/resultados"
            className={buttonClasses(
              'secondary',
              'lg',
              'bg-teal-500 text-slate-950 hover:bg-teal-400',
            )}
          >
            {t.benefits.cta}
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function FinalCtaSection() {
  const supportEmail = useSupportEmail();
  return (
    <section aria-labelledby="cta-final-titulo" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="rounded-3xl bg-sky-50 px-6 py-12 text-center ring-1 ring-sky-100 sm:px-12">
          <h2
            id="cta-final-titulo"
            className="mx-auto max-w-2xl text-balance text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {t.finalCta.title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-slate-600">
            {t.finalCta.body}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/demo" className={buttonClasses('primary', 'lg')}>
              <PlayCircle aria-hidden="true" className="h-5 w-5" />
              {t.finalCta.demo}
            </Link>
            {supportEmail !== null && (
              <a href={`mailto:${supportEmail}`} className={buttonClasses('outline', 'lg')}>
                <Mail aria-hidden="true" className="h-5 w-5" />
                {t.finalCta.contact}
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Everything below the hero and the figures; loaded after the first paint (landing-page.tsx). */
export default function LandingSections() {
  return (
    <>
      <WhySection />
      <QuestionsSection />
      <AudiencesSection />
      <BenefitsSection />
      <FinalCtaSection />
    </>
  );
}
