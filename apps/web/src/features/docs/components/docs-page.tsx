import { API_DOCS_PATH } from '@holgura/contracts/first-load-paths';
import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { esDocs as t } from '../../../strings/es-docs';
import { docSections } from '../content';
import { DocBlock } from './doc-block';
import { InlineText } from './inline-text';

export const TOC_ID = 'indice';

const tocLinkClass =
  'block rounded px-2 py-1 hover:bg-sky-50 hover:text-sky-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500';

function TableOfContents() {
  return (
    <nav aria-labelledby={`${TOC_ID}-titulo`} id={TOC_ID} className="scroll-mt-24">
      <h2
        id={`${TOC_ID}-titulo`}
        className="text-sm font-semibold uppercase tracking-wider text-slate-500"
      >
        {t.tocTitle}
      </h2>
      <ol className="mt-3 space-y-3 text-sm">
        {docSections.map((section) => (
          <li key={section.id}>
            <a className={`${tocLinkClass} font-semibold text-slate-900`} href={`#${section.id}`}>
              {section.title}
            </a>
            <ol className="mt-1 space-y-0.5 border-l border-slate-200 pl-2 text-slate-600">
              {section.subsections.map((sub) => (
                <li key={sub.id}>
                  <a className={tocLinkClass} href={`#${sub.id}`}>
                    {sub.title}
                  </a>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * How many of the guide's sections to render: the first at once, then one more per task. All of
 * them in one go are some 1,400 elements and 40,000 px of text on a phone, one long task before
 * the page answers (issue #20); a section at a time keeps each task short.
 */
function useSectionsShown(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setShown(shown + 1)), 0);
    return () => window.clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}

/**
 * Brings a deep link (/documentacion#glosario) into view once the lazily loaded text exists, all
 * of it: the sections above the target must be there for it to stay where it is brought.
 */
function useScrollToHash(complete: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2 || !complete) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.();
  }, [hash, complete]);
}

/** /documentacion: the user guide, with a table of contents of anchor links. */
export function DocsPage() {
  const shown = useSectionsShown(docSections.length);
  useScrollToHash(shown === docSections.length);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <title>{t.pageTitle}</title>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">{t.intro}</p>
        <p className="mt-2 text-slate-600">
          {t.apiNote}{' '}
          <a
            className="font-medium text-sky-700 underline underline-offset-2 hover:text-sky-900"
            href={API_DOCS_PATH}
          >
            {t.apiLink}
          </a>
          .
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto">
          <TableOfContents />
        </aside>

        <div className="min-w-0 max-w-3xl space-y-16">
          {docSections.slice(0, shown).map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="space-y-8">
              <div>
                <h2
                  id={section.id}
                  tabIndex={-1}
                  className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
                >
                  {section.title}
                </h2>
                {section.intro !== undefined && (
                  <p className="mt-3 leading-relaxed text-slate-700">
                    <InlineText text={section.intro} />
                  </p>
                )}
              </div>
              {section.subsections.map((sub) => (
                <section key={sub.id} aria-labelledby={sub.id} className="space-y-4">
                  <h3
                    id={sub.id}
                    tabIndex={-1}
                    className="scroll-mt-24 text-lg font-semibold text-slate-900 focus:outline-none"
                  >
                    {sub.title}
                  </h3>
                  {sub.blocks.map((block, i) => (
                    <DocBlock key={`${sub.id}-${i}`} block={block} />
                  ))}
                </section>
              ))}
              <p>
                <a
                  className="text-sm font-medium text-sky-700 underline underline-offset-2 hover:text-sky-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
                  href={`#${TOC_ID}`}
                >
                  {t.backToContents}
                </a>
              </p>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
