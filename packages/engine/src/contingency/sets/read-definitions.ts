import { busLabel, branchDisplayName } from '../../model/display-names';
import { busIndex, type Network } from '../../model/network';
import { EngineError } from '../../util/engine-error';
import { readContab } from './contab';
import type { Contingency, ContingencySet, UnresolvedLine } from './contingency-set';
import { readPsseContingencies, type ExpandedRule } from './psse-con';
import { readStatements } from './psse-definitions';
import { readMonitored, type MonitoredDefinition } from './psse-mon';
import { readSubsystems, type SubsystemSet } from './psse-sub';

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

/** What a PSS/E or MATPOWER definitions file holds, by its content (never its name). */
export type DefinitionFileKind = 'contingencies' | 'subsystems' | 'monitored';

/**
 * A `.mon` starts statements with MONITOR, a `.sub` with SUBSYSTEM (a `.con` names subsystems
 * only after SINGLE / DOUBLE … IN), anything else is read as contingencies when it is a contab or
 * a `.con`; null: none of them.
 */
export function definitionFileKind(text: string): DefinitionFileKind | null {
  if (contingencyFileFormat(text) === 'contab') return 'contingencies';
  const words = leadingWords(text);
  if (words.has('MONITOR')) return 'monitored';
  if (words.has('SUBSYSTEM')) return 'subsystems';
  return contingencyFileFormat(text) === null ? null : 'contingencies';
}

/** One file of a bundle: its name (for messages) and its text. */
export interface DefinitionFile {
  readonly name: string;
  readonly text: string;
}

/** An unresolved line of a bundle, with the file it is in. */
export interface BundleUnresolvedLine extends UnresolvedLine {
  readonly file: string;
}

export interface DefinitionBundle {
  readonly set: ContingencySet & {
    readonly format: 'contab' | 'psse';
    readonly rules?: readonly ExpandedRule[];
  };
  readonly subsystems: SubsystemSet | null;
  readonly monitored: MonitoredDefinition | null;
  /** Every file's unresolved lines: subsystems first, then contingencies, then monitored. */
  readonly unresolved: readonly BundleUnresolvedLine[];
}

/**
 * A planner's definitions as PSS/E users keep them (issue #30): a contingency file (contab or
 * `.con`) with, optionally, the `.sub` its rules name and a `.mon` of what to watch. The
 * subsystems are read first, as the other two name them.
 */
export function readDefinitionBundle(
  files: { contingencies: DefinitionFile; subsystems?: DefinitionFile; monitored?: DefinitionFile },
  net: Network,
  options: Omit<ContingencyDefinitionOptions, 'subsystems'> = {},
): DefinitionBundle {
  const tag = (file: string, lines: readonly UnresolvedLine[]) =>
    lines.map((line): BundleUnresolvedLine => ({ ...line, file }));
  const subsystems =
    files.subsystems === undefined ? null : readSubsystems(files.subsystems.text, net);
  const set = readContingencyDefinitions(files.contingencies.text, net, files.contingencies.name, {
    ...options,
    ...(subsystems === null ? {} : { subsystems }),
  });
  const monitored =
    files.monitored === undefined
      ? null
      : readMonitored(files.monitored.text, net, subsystems === null ? {} : { subsystems });
  return {
    set,
    subsystems,
    monitored,
    unresolved: [
      ...(subsystems === null ? [] : tag(files.subsystems!.name, subsystems.unresolved)),
      ...tag(files.contingencies.name, set.unresolved),
      ...(monitored === null ? [] : tag(files.monitored!.name, monitored.unresolved)),
    ],
  };
}
