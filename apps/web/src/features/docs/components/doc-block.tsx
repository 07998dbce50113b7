import type { Block } from '../content/types';
import { InlineText } from './inline-text';
import { MathFormula } from './math-formula';

/** One block of the guide: paragraph, list, formula, table, code sample, terms or note. */
export function DocBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'p':
      return (
        <p className="leading-relaxed text-slate-700">
          <InlineText text={block.text} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item) => (
        <li key={item} className="pl-1 leading-relaxed">
          <InlineText text={item} />
        </li>
      ));
      return block.ordered === true ? (
        <ol className="list-decimal space-y-2 pl-6 text-slate-700">{items}</ol>
      ) : (
        <ul className="list-disc space-y-2 pl-6 text-slate-700">{items}</ul>
      );
    }
    case 'formula':
      return (
        <figure className="rounded-xl border border-sky-100 bg-sky-50/60 px-4 py-4">
          <div className="overflow-x-auto py-1">
            <MathFormula math={block.math} />
          </div>
          <figcaption className="mt-3 text-sm leading-relaxed text-slate-600">
            <InlineText text={block.caption} />
          </figcaption>
        </figure>
      );
    case 'table':
      return (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="bg-slate-50 px-4 py-2 text-left font-semibold text-slate-800">
              {block.caption}
            </caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="border-t border-slate-200 px-4 py-2">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join('|')} className="align-top">
                  {row.map((cell, i) => (
                    <td
                      key={`${i}:${cell}`}
                      className="border-t border-slate-200 px-4 py-2 text-slate-700"
                    >
                      <InlineText text={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <figure>
          <figcaption className="mb-2 text-sm font-medium text-slate-600">
            {block.caption}
          </figcaption>
          {/* Wrapped, not scrolled: a keyboard user reads it all without a scroll container. */}
          <pre className="whitespace-pre-wrap break-words rounded-xl bg-slate-900 p-4 text-sm leading-relaxed text-slate-100">
            <code>{block.code}</code>
          </pre>
        </figure>
      );
    case 'terms':
      return (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,14rem)_1fr]">
          {block.items.map((item) => (
            <div key={item.term} className="contents">
              <dt className="font-semibold text-slate-900">
                <InlineText text={item.term} />
              </dt>
              <dd className="text-slate-700">
                <InlineText text={item.definition} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'note':
      return (
        <p
          role="note"
          className="rounded-xl border-l-4 border-amber-400 bg-amber-50 px-4 py-3 text-slate-700"
        >
          <InlineText text={block.text} />
        </p>
      );
  }
}
