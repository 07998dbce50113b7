import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

type CardProps = {
  /** The heading's id: the section is named by it. */
  titleId: string;
  title: string;
  /** 2: a card on the page; 3: a panel inside a card (lighter frame, smaller heading). */
  level?: 2 | 3;
  /** Under the title: a caption, or an element of the caller's (a total with an id). */
  subtitle?: ReactNode;
  /** Beside the title (refresh, downloads, a view toggle). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A titled section of a screen: the frame every card and panel of /analisis and /resultados share. */
export function Card({
  titleId,
  title,
  level = 2,
  subtitle,
  actions,
  children,
  className,
}: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        level === 2
          ? 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'
          : 'min-w-0 rounded-xl border border-slate-200 p-4',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div>
          <Heading
            id={titleId}
            className={cn('font-semibold text-slate-900', level === 2 ? 'text-lg' : 'text-base')}
          >
            {title}
          </Heading>
          {typeof subtitle === 'string' ? (
            <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          ) : (
            subtitle
          )}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
