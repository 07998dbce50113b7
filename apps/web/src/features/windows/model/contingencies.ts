import type { WindowDetailResponse } from '@holgura/contracts';
import { esWindows } from '../../../strings/es-windows';

const t = esWindows.view.contingencies;

/** What the header says of a window's contingencies: the line, and the .mon's unwatched interfaces. */
export type ContingencyLines = { line: string; interfaces: string | null };

/**
 * Which contingencies a window runs on (issue #30). Once done, its result says it: the set with
 * its counts and how many were not screened (per scenario × year case over a study), or null for
 * every branch — a window computed before the option existed has no set either. Before that, the
 * option alone.
 */
export function contingencyLines(
  item: Pick<WindowDetailResponse, 'options' | 'study' | 'result'>,
): ContingencyLines {
  const study = item.study != null;
  if (item.result === null) {
    return {
      line: item.options.contingencies === 'case-set' ? t.caseSet(study) : t.everyBranch,
      interfaces: null,
    };
  }
  const set = item.result.contingencySet;
  if (set == null) return { line: t.everyBranch, interfaces: null };
  return {
    line: `${t.set(study, set.fileName, set.counts)}${notScreenedText(set.notScreened, study)}`,
    interfaces:
      set.interfacesNotWatched > 0 ? t.interfacesNotWatched(set.interfacesNotWatched) : null,
  };
}

/** Nothing when every contingency was screened; over a study, the same count or the largest. */
function notScreenedText(notScreened: readonly number[], study: boolean): string {
  const most = Math.max(0, ...notScreened);
  if (most === 0) return '';
  if (!study) return t.notScreened(most);
  return notScreened.every((n) => n === most) ? t.notScreenedEach(most) : t.notScreenedUpTo(most);
}
