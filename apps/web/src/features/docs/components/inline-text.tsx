import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

const linkClass =
  'font-medium text-sky-700 underline decoration-sky-300 underline-offset-2 hover:text-sky-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 rounded-sm';

// `code` spans and [label](href) links: all the markup the guide's prose needs.
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

function InlineLink({ label, href }: { label: string; href: string }) {
  if (href.startsWith('/')) {
    return (
      <Link className={linkClass} to={href}>
        {label}
      </Link>
    );
  }
  if (href.startsWith('#')) {
    return (
      <a className={linkClass} href={href}>
        {label}
      </a>
    );
  }
  return (
    <a className={linkClass} href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** Renders a prose string of the guide, turning its `code` spans and [links](…) into elements. */
export function InlineText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [, code, label, href] = match;
    if (code !== undefined) {
      parts.push(
        <code
          key={index}
          className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800"
        >
          {code}
        </code>,
      );
    } else if (label !== undefined && href !== undefined) {
      parts.push(<InlineLink key={index} label={label} href={href} />);
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? <Fragment key={`t${i}`}>{part}</Fragment> : part,
      )}
    </>
  );
}
