import type { Warning } from '../../model/network';
import type { SectionKey } from './layout';
import { SECTION_TITLE } from './layout';
import { unclosedQuoteError } from './records';
import type { Section } from './sections';
import { parseFortranNumber, tokenize } from './tokenize';

/** Lines per record of the fixed-size categories the engine does not model. */
const LINES_PER_RECORD: Partial<Record<SectionKey, number>> = {
  twoTerminalDc: 3,
  vscDc: 3,
  multiSectionLine: 1,
  interArea: 1,
  facts: 1,
  inductionMachine: 1,
};

const WHY: Partial<Record<SectionKey, string>> = {
  twoTerminalDc: 'HVDC is not modelled, its converters inject nothing',
  vscDc: 'HVDC is not modelled, its converters inject nothing',
  multiTerminalDc: 'HVDC is not modelled, its converters inject nothing',
  multiSectionLine: 'the sections are read as separate branches',
  interArea: 'scheduled transfers are not modelled',
  facts: 'FACTS devices are not modelled',
  inductionMachine: 'induction machines are not modelled, they inject nothing',
  impedanceCorrection: 'transformer impedance correction is not applied',
  gne: 'GNE devices are not modelled',
  substation: 'node-breaker data is not modelled (the bus-branch data is used)',
  systemWide: 'solution parameters and rating-set names do not change the network',
};

/**
 * One warning per record of a category the engine does not model, naming the record and its line
 * (never silently dropped, docs/analysis.md §1). Variable-length categories (impedance correction in
 * v35, GNE, substations) get one warning for the section.
 */
export function warnUnmodelled(
  key: SectionKey,
  section: Section,
  lines: readonly string[],
  rev: number,
  warnings: Warning[],
): void {
  const recs = section.lines;
  if (recs.length === 0) return;
  const title = SECTION_TITLE[key];
  // Not modelled is not unread: a line PSS/E itself could not read is refused here too.
  for (const i of recs) {
    const tokens = tokenize(lines[i]);
    if (tokens.unclosedQuote >= 0) throw unclosedQuoteError(tokens, i + 1, null, title);
  }
  const why = WHY[key] ?? 'not modelled';
  const perRecord = key === 'impedanceCorrection' && rev <= 34 ? 1 : (LINES_PER_RECORD[key] ?? 0);
  if (key === 'multiTerminalDc') {
    for (let k = 0; k < recs.length;) {
      const f = tokenize(lines[recs[k]]).fields;
      const extra = [1, 2, 3].reduce((s, c) => s + (parseFortranNumber(f[c] ?? '') || 0), 0);
      pushRecord(warnings, title, f[0] ?? '', recs[k] + 1, why);
      k += 1 + Math.max(extra, 0);
    }
    return;
  }
  if (perRecord === 0) {
    const line = recs[0] + 1;
    warnings.push({
      code: 'PARSE_RAW_SECTION_IGNORED',
      message: `lines ${line}–${recs[recs.length - 1] + 1}: ${recs.length} lines of ${title} data ignored (${why})`,
      line,
    });
    return;
  }
  for (let k = 0; k < recs.length; k += perRecord) {
    const f = tokenize(lines[recs[k]]).fields;
    const label =
      key === 'facts' || key === 'twoTerminalDc' || key === 'vscDc'
        ? f[0]
        : f.slice(0, 3).join(' ');
    pushRecord(warnings, title, (label ?? '').trim(), recs[k] + 1, why);
  }
}

function pushRecord(
  warnings: Warning[],
  title: string,
  label: string,
  line: number,
  why: string,
): void {
  warnings.push({
    code: 'PARSE_RAW_RECORD_IGNORED',
    message: `line ${line}: ${title} record '${label}' ignored (${why})`,
    line,
  });
}
