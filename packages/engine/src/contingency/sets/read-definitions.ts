import { busLabel, branchDisplayName } from '../../model/display-names';
import { busIndex, type Network } from '../../model/network';
import { EngineError } from '../../util/engine-error';
import { readContab } from './contab';
import type { Contingency, ContingencySet } from './contingency-set';
import { readPsseContingencies, type ExpandedRule } from './psse-con';
import { readStatements } from './psse-definitions';
import type { SubsystemSet } from './psse-sub';

/** The first words of a file's statements, upper-case (PSS/E definition files' keywords). */
export function leadingWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const s of readStatements(text)) {
    const first = s.tokens[0]!;
    if (!first.quoted) words.add(first.text.toUpperCase());
  }
  return words;
}

/**
 * What a contingency file is, by its content (never its name): a MATPOWER change table has a
 * `name = [` line outside `%` comments; a PSS/E `.con` file starts statements with its keywords.
 */
export function contingencyFileFormat(text: string): 'contab' | 'psse' | null {
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf('%');
    if (/^\s*\w+\s*=\s*\[/.test(at < 0 ? line : line.slice(0, at))) return 'contab';
  }
  const words = leadingWords(text);
  return ['CONTINGENCY', 'SINGLE', 'DOUBLE', 'PARALLEL'].some((w) => words.has(w)) ? 'psse' : null;
}

export interface ContingencyDefinitionOptions {
  /** PSS/E machine ids of the case's generators (LoadedCase.generatorIds). */
  readonly generatorIds?: readonly string[];
  readonly subsystems?: SubsystemSet;
}

/**
 * A contingency definitions file's text (issue #30): a MATPOWER change table (`contab`, as the
 * public ACTIVSg lists) or a PSS/E `.con` file, told apart by content, read against the case.
 * `name` only words the error of a file that is neither.
 */
export function readContingencyDefinitions(
  text: string,
  net: Network,
  name: string,
  options: ContingencyDefinitionOptions = {},
): ContingencySet & {
  readonly format: 'contab' | 'psse';
  readonly rules?: readonly ExpandedRule[];
} {
  switch (contingencyFileFormat(text)) {
    case 'contab':
      return { ...readContab(text, net), format: 'contab' };
    case 'psse':
      return {
        ...readPsseContingencies(text, net, {
          ...(options.subsystems === undefined ? {} : { subsystems: options.subsystems }),
          ...(options.generatorIds === undefined ? {} : { generatorIds: options.generatorIds }),
        }),
        format: 'psse',
      };
    default:
      throw new EngineError(
        'CONTINGENCY_FILE_INVALID',
        `${name} is neither a MATPOWER change table (chgtab = [ … ];) nor a PSS/E contingency ` +
          'file (CONTINGENCY blocks, SINGLE / DOUBLE / PARALLEL rules)',
      );
  }
}

/** A contingency in words: its branches by name, then its units by their bus. */
export function contingencyName(net: Network, c: Contingency): string {
  const parts = [
    ...c.branches.map((k) => branchDisplayName(net, k)),
    ...c.generators.map(
      (g) => `unit ${g + 1} at ${busLabel(net, busIndex(net.generators.bus[g]!))}`,
    ),
  ];
  return parts.join(' + ');
}
