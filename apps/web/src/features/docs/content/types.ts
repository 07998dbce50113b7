/**
 * The user guide as data: sections of typed blocks, rendered by one component. Prose strings may
 * hold `code` spans and [links](/ruta); formulas are small trees rendered as MathML, so the
 * page needs no math library.
 */

/**
 * A formula node. A plain string is one token: a number (`mn`), an operator (`mo`) or an
 * identifier (`mi`); the objects build the structure around tokens.
 */
export type MathNode =
  | string
  | { sub: [MathNode, MathNode] }
  | { frac: [MathNode, MathNode] }
  | { row: MathNode[] }
  | { abs: MathNode }
  | { text: string };

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  | {
      kind: 'formula';
      /** What the formula computes, shown under it. */
      caption: string;
      math: MathNode[];
    }
  | { kind: 'table'; caption: string; head: string[]; rows: string[][] }
  | { kind: 'code'; caption: string; code: string }
  | { kind: 'terms'; items: { term: string; definition: string }[] }
  | { kind: 'note'; text: string };

export type DocSubsection = {
  /** The anchor: lower-case Spanish words joined by hyphens, without accents. */
  id: string;
  title: string;
  blocks: Block[];
};

export type DocSection = {
  id: string;
  title: string;
  intro?: string;
  subsections: DocSubsection[];
};
