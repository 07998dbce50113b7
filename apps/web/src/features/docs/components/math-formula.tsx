import { createElement, type ReactNode } from 'react';
import type { MathNode } from '../content/types';

// Tokens rendered as MathML operators; everything else that is not a number is an identifier.
const OPERATORS = new Set(['=', '+', '−', '·', '×', '/', '(', ')', '|', ',', '<', '>', '≤', '≥']);
const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** MathML elements: React has no JSX typings for them, so they are made by name. */
function m(tag: string, key: string | number | undefined, ...children: ReactNode[]) {
  return createElement(tag, key === undefined ? null : { key }, ...children);
}

function renderNode(node: MathNode, key?: string | number): ReactNode {
  if (typeof node === 'string') {
    if (NUMBER.test(node)) return m('mn', key, node);
    if (OPERATORS.has(node)) return m('mo', key, node);
    return m('mi', key, node);
  }
  if ('text' in node) return m('mtext', key, node.text);
  if ('sub' in node) return m('msub', key, renderNode(node.sub[0], 0), renderNode(node.sub[1], 1));
  if ('frac' in node) {
    return m('mfrac', key, renderNode(node.frac[0], 0), renderNode(node.frac[1], 1));
  }
  if ('abs' in node) {
    return m('mrow', key, m('mo', 0, '|'), renderNode(node.abs, 1), m('mo', 2, '|'));
  }
  return m('mrow', key, ...node.row.map((child, i) => renderNode(child, i)));
}

/** A formula as MathML, which Chromium and Firefox typeset natively: no math library. */
export function MathFormula({ math }: { math: MathNode[] }) {
  return createElement(
    'math',
    { display: 'block', className: 'text-lg text-slate-900' },
    m('mrow', undefined, ...math.map((node, i) => renderNode(node, i))),
  );
}
