type SectionHeadingProps = {
  id: string;
  title: string;
  intro: string;
  tone?: 'light' | 'dark';
};

export function SectionHeading({ id, title, intro, tone = 'light' }: SectionHeadingProps) {
  return (
    <div className="max-w-3xl">
      <h2
        id={id}
        className={
          tone === 'dark'
            ? 'text-2xl font-bold tracking-tight text-white sm:text-3xl'
            : 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl'
        }
      >
        {title}
      </h2>
      <p
        className={
          tone === 'dark'
            ? 'mt-3 text-base leading-relaxed text-slate-300 sm:text-lg'
            : 'mt-3 text-base leading-relaxed text-slate-600 sm:text-lg'
        }
      >
        {intro}
      </p>
    </div>
  );
}
