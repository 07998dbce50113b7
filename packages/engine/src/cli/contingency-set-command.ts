import { readFile } from 'node:fs/promises';
import { baseCaseSummary, baseCaseToV1 } from '../report/base-case-v1';
import type { ContingencySet, UnresolvedLine } from '../contingency/sets/contingency-set';
import {
  contingencyName,
  leadingWords,
  readContingencyDefinitions,
} from '../contingency/sets/read-definitions';
import type { GenerationPickup } from '../contingency/sets/outage-flows';
import type { ExpandedRule } from '../contingency/sets/psse-con';
import { readMonitored, type MonitoredDefinition } from '../contingency/sets/psse-mon';
import { readSubsystems, type SubsystemSet } from '../contingency/sets/psse-sub';
import { busbarCapacityOnSet, interfaceOfMonitored } from '../contingency/sets/busbar-on-set';
import { allBusbarCapacitiesOnSet } from '../contingency/sets/busbars-on-set';
import { screenContingencySet } from '../contingency/sets/screen-set';
import type { PostRating } from '../contingency/n1';
import type { SlackRule } from '../base/base-dispatch';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import { busLabel, branchDisplayName } from '../model/display-names';
import { busIndex, type Network } from '../model/network';
import { EngineError } from '../util/engine-error';
import type { N1CommandOptions } from './commands';
import type { CommandOutput, Table } from './format';

export const PICKUPS = ['slack', 'headroom'] as const satisfies readonly GenerationPickup[];

export async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'latin1');
  } catch (error) {
    throw new EngineError(
      'INPUT_UNREADABLE',
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

export interface ContingencyFileOptions {
  /** PSS/E machine ids of the case's generators (LoadedCase.generatorIds). */
  readonly generatorIds?: readonly string[];
  readonly subsystems?: SubsystemSet;
}

/**
 * A contingency definitions file for `n1 --contingencies` (issue #30): a MATPOWER change table
 * (`contab`, as the public ACTIVSg lists) or a PSS/E `.con` file (its subsystems from
 * `--subsystems`), told apart by content. Read as text; what it names is checked against the
 * case.
 */
export async function readContingencyFile(
  file: string,
  net: Network,
  options: ContingencyFileOptions = {},
): Promise<ContingencySet & { readonly rules?: readonly ExpandedRule[] }> {
  return readContingencyDefinitions(await readText(file), net, file, options);
}

/** `--subsystems FILE`: a PSS/E subsystem file (.sub), recognised by its SUBSYSTEM blocks. */
export async function readSubsystemsFile(file: string, net: Network): Promise<SubsystemSet> {
  const text = await readText(file);
  if (!leadingWords(text).has('SUBSYSTEM')) {
    throw new EngineError(
      'CONTINGENCY_FILE_INVALID',
      `${file} is not a PSS/E subsystem file: it has no SUBSYSTEM block`,
    );
  }
  return readSubsystems(text, net);
}

/** `--monitored FILE`: a PSS/E monitored element file (.mon), recognised by MONITOR lines. */
export async function readMonitoredFile(
  file: string,
  net: Network,
  subsystems: SubsystemSet | undefined,
): Promise<MonitoredDefinition> {
  const text = await readText(file);
  if (!leadingWords(text).has('MONITOR')) {
    throw new EngineError(
      'CONTINGENCY_FILE_INVALID',
      `${file} is not a PSS/E monitored element file: it has no MONITOR line`,
    );
  }
  return readMonitored(text, net, subsystems === undefined ? {} : { subsystems });
}

/** What `--contingencies FILE [--subsystems FILE] [--monitored FILE]` name. */
export interface SetFileOptions {
  readonly contingencies: string;
  readonly subsystems?: string | undefined;
  readonly monitored?: string | undefined;
}

/**
 * The files of `--contingencies`, `--subsystems` and `--monitored` read against the case (the
 * .sub first, as the others name its subsystems), each stage said on `progress`.
 */
export async function readSetFiles(
  files: SetFileOptions,
  net: Network,
  generatorIds: readonly string[] | undefined,
  progress?: { stage(text: string): void },
): Promise<{
  set: Awaited<ReturnType<typeof readContingencyFile>>;
  subsystems?: SubsystemSet;
  monitored?: MonitoredDefinition;
}> {
  let subsystems: SubsystemSet | undefined;
  if (files.subsystems !== undefined) {
    progress?.stage(`reading ${files.subsystems}…`);
    subsystems = await readSubsystemsFile(files.subsystems, net);
  }
  let monitored: MonitoredDefinition | undefined;
  if (files.monitored !== undefined) {
    progress?.stage(`reading ${files.monitored}…`);
    monitored = await readMonitoredFile(files.monitored, net, subsystems);
  }
  progress?.stage(`reading ${files.contingencies}…`);
  const set = await readContingencyFile(files.contingencies, net, {
    ...(generatorIds === undefined ? {} : { generatorIds }),
    ...(subsystems === undefined ? {} : { subsystems }),
  });
  return {
    set,
    ...(subsystems === undefined ? {} : { subsystems }),
    ...(monitored === undefined ? {} : { monitored }),
  };
}

/** `--subsystems` or `--monitored` without `--contingencies`. */
export function setFilesWithoutContingencies(options: {
  contingencies?: string | undefined;
  subsystems?: string | undefined;
  monitored?: string | undefined;
}): EngineError | null {
  return options.contingencies === undefined &&
    (options.subsystems !== undefined || options.monitored !== undefined)
    ? new EngineError('CLI_USAGE', '--subsystems and --monitored go with --contingencies FILE')
    : null;
}

export interface N1SetCommandOptions extends N1CommandOptions {
  readonly pickup: GenerationPickup;
}

/** What `--subsystems` and `--monitored` read, beside the contingency file. */
export interface N1SetInputs {
  readonly subsystems?: SubsystemSet;
  readonly monitored?: MonitoredDefinition;
}

const lineList = (lines: readonly UnresolvedLine[]) =>
  lines
    .slice(0, 5)
    .map((u) => `line ${u.line}: ${u.reason}`)
    .join('; ');

/** `holgura n1 CASE --contingencies FILE`: the N-1 screen on the file's contingencies. */
export function n1OnSet(
  net: Network,
  set: ContingencySet & { readonly rules?: readonly ExpandedRule[] },
  options: N1SetCommandOptions,
  inputs: N1SetInputs = {},
): CommandOutput {
  const t0 = performance.now();
  const list = set.contingencies;
  const { monitored, subsystems } = inputs;
  const r = screenContingencySet(net, list, {
    top: options.top,
    postRating: options.postRating,
    minKv: options.minKv,
    slack: options.slack,
    pickup: options.pickup,
    ...(monitored === undefined
      ? {}
      : { monitored: monitored.branches, interfaces: monitored.interfaces }),
  });
  const baseCase = baseCaseToV1(net, r.baseCase);
  const monitoredFile =
    monitored === undefined
      ? undefined
      : {
          branches: monitored.branches.length,
          unrated: monitored.branches.filter((k) => !(net.branches.rateAMva[k]! > 0)).length,
          interfaces: monitored.interfaces.map((i) => ({
            name: i.name,
            line: i.line,
            limitMw: i.limitMw,
            members: i.members.map((m) => ({ branch: m.branch + 1, coefficient: m.coefficient })),
          })),
          voltageRanges: monitored.voltageRanges.map((v) => ({
            subsystem: v.subsystem,
            line: v.line,
            buses: v.buses.length,
            vminPu: v.vminPu,
            vmaxPu: v.vmaxPu,
          })),
          unresolved: monitored.unresolved,
        };
  const entries = [...r.baseCaseTop, ...r.top]
    .sort(
      (a, b) => b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
    )
    .slice(0, options.top);
  const label = (c: number) => (c < 0 ? null : list[c]!.label);
  const json = {
    contingencies: r.counts,
    unresolved: set.unresolved,
    ...(set.rules === undefined ? {} : { rules: set.rules }),
    ...(subsystems === undefined
      ? {}
      : {
          subsystems: {
            read: [...subsystems.subsystems.values()].map((sub) => ({
              label: sub.label,
              line: sub.line,
              buses: sub.busCount,
            })),
            unresolved: subsystems.unresolved,
          },
        }),
    ...(monitoredFile === undefined ? {} : { monitoredFile }),
    evaluated: r.evaluated,
    islanding: r.islanding.map((i) => ({ ...i, contingency: label(i.contingency) })),
    skipped: r.skipped.map((s) => ({ ...s, contingency: label(s.contingency) })),
    pickupShort: r.pickupShort.map((s) => ({ ...s, contingency: label(s.contingency) })),
    pickup: options.pickup,
    monitored: r.nMonitored,
    baseCaseOverloads: r.baseCaseOverloads,
    overloadedPairs: r.overloadedPairs,
    interfaces: r.interfaces.map((item) => ({
      ...item,
      worst:
        item.worst === null ? null : { ...item.worst, contingency: label(item.worst.contingency) },
    })),
    top: entries.map((e) => ({
      monitored: e.monitored + 1,
      contingency: label(e.contingency),
      flowMw: e.flowMw,
      limitMva: e.limitMva,
      loadingPercent: e.loading * 100,
    })),
    baseCase,
    timingsMs: { ...r.timingsMs, total: performance.now() - t0 },
  };
  const { counts } = r;
  const table: Table = {
    summary: [
      `contingencies: ${counts.total} (${counts.branch} single branch, ${counts.multiBranch} several branches, ` +
        `${counts.generator} units, ${counts.mixed} mixed); ${r.evaluated} screened, ` +
        `${r.islanding.length} islanding, ${r.skipped.length} skipped`,
      ...(set.rules === undefined || set.rules.length === 0
        ? []
        : [
            `automatic rules: ` +
              set.rules.map((rule) => `line ${rule.line}: ${rule.contingencies}`).join('; '),
          ]),
      ...(set.unresolved.length === 0
        ? []
        : [
            `unresolved lines: ${set.unresolved.length} (not in the set): ` +
              lineList(set.unresolved),
          ]),
      ...(subsystems === undefined
        ? []
        : [
            `subsystems: ${subsystems.subsystems.size} (` +
              [...subsystems.subsystems.values()]
                .map((sub) => `${sub.label}: ${sub.busCount} buses`)
                .join(', ') +
              ')',
            ...(subsystems.unresolved.length === 0
              ? []
              : [
                  `unresolved subsystem lines: ${subsystems.unresolved.length}: ` +
                    lineList(subsystems.unresolved),
                ]),
          ]),
      ...(monitoredFile === undefined
        ? []
        : [
            `monitored file: ${monitoredFile.branches} branches` +
              (monitoredFile.unrated === 0
                ? ''
                : ` (${monitoredFile.unrated} without RATE_A, so not monitored)`) +
              `; ${monitoredFile.voltageRanges.length} voltage ranges read, not screened ` +
              '(a DC screen has no voltages)',
            ...(monitoredFile.unresolved.length === 0
              ? []
              : [
                  `unresolved monitored-file lines: ${monitoredFile.unresolved.length}: ` +
                    lineList(monitoredFile.unresolved),
                ]),
          ]),
      `monitored branches: ${r.nMonitored}; lost units made up by: ${options.pickup}`,
      ...r.interfaces.map(
        (item) =>
          `interface ${item.name}: ${item.baseFlowMw.toFixed(2)} MW before any outage` +
          (item.worst === null
            ? ''
            : `, at most ${item.worst.flowMw.toFixed(2)} MW after ${label(item.worst.contingency)}`) +
          (item.limitMw === null
            ? ' (no rating)'
            : `; limit ${item.limitMw} MW, exceeded after ${item.overloads} contingencies`),
      ),
      `base-case overloads: ${r.baseCaseOverloads}; overloaded (monitored, contingency) pairs: ${r.overloadedPairs}`,
      `post-contingency rating: ${options.postRating}; contingency "-" = base case (N-0)`,
      ...baseCaseSummary(baseCase),
    ],
    columns: [
      { header: 'monitored' },
      { header: 'monitoredName' },
      { header: 'contingency' },
      { header: 'contingencyName' },
      { header: 'flowMw', decimals: 2 },
      { header: 'limitMva', decimals: 2 },
      { header: 'loadingPercent', decimals: 2 },
    ],
    rows: entries.map((e, i) => {
      const row = json.top[i]!;
      return [
        row.monitored,
        branchDisplayName(net, e.monitored),
        row.contingency,
        e.contingency < 0 ? null : contingencyName(net, list[e.contingency]!),
        row.flowMw,
        row.limitMva,
        row.loadingPercent,
      ];
    }),
  };
  return { json, table };
}

export interface CapacityOnSetOptions {
  readonly capMw: number;
  readonly postRating: PostRating;
  readonly preExisting: 'limit' | 'ignore';
  readonly slack: SlackRule;
  readonly pickup: GenerationPickup;
  /** A .mon: only its branches and its rated interfaces are watched. */
  readonly monitored?: MonitoredDefinition;
}

/** A limit's 1-based branch row; null for a .mon interface (a sum of flows, not one branch). */
const branchOneBased = (monitored: number): number | null =>
  interfaceOfMonitored(monitored) === null ? monitored + 1 : null;

/** A limit's element: its branch, or «interface NAME» of the .mon. */
function monitoredName(
  net: Network,
  monitored: number,
  file: MonitoredDefinition | undefined,
): string {
  const flowgate = interfaceOfMonitored(monitored);
  return flowgate === null
    ? branchDisplayName(net, monitored)
    : `interface ${file?.interfaces[flowgate]?.name ?? flowgate + 1}`;
}

/** What the output says of a .mon: what it watched (its branches and rated interfaces). */
function monitoredNote(net: Network, monitored: MonitoredDefinition | undefined) {
  if (monitored === undefined) return { json: {}, lines: [] as string[] };
  const unrated = monitored.branches.filter((k) => !(net.branches.rateAMva[k]! > 0)).length;
  const json = {
    monitoredFile: {
      branches: monitored.branches.length,
      unrated,
      interfaces: monitored.interfaces.length,
      unresolved: monitored.unresolved,
    },
  };
  const rated = monitored.interfaces.filter((i) => i.limitMw !== null).length;
  const lines = [
    `monitored file: only its ${monitored.branches.length} branches are watched` +
      (unrated === 0 ? '' : ` (${unrated} without RATE_A, so not)`) +
      (monitored.interfaces.length === 0
        ? ''
        : `, and its ${rated} rated interfaces` +
          (rated === monitored.interfaces.length
            ? ''
            : ` (${monitored.interfaces.length - rated} without a rating, not limits)`)),
    ...(monitored.unresolved.length === 0
      ? []
      : [
          `unresolved monitored-file lines: ${monitored.unresolved.length}: ` +
            lineList(monitored.unresolved),
        ]),
  ];
  return { json, lines };
}

/** `holgura capacity CASE --bus N --contingencies FILE`: each bus's capacity on the file's set. */
export function capacityOnSet(
  net: Network,
  busNumbers: readonly number[],
  set: ContingencySet,
  options: CapacityOnSetOptions,
): CommandOutput {
  const lookup = makeBusLookup(net.buses.number);
  const list = set.contingencies;
  const results = busNumbers.map((number) => {
    const bus = indexOfBus(lookup, number);
    const r = busbarCapacityOnSet(net, bus, list, {
      capMw: options.capMw,
      postRating: options.postRating,
      preExisting: options.preExisting,
      slack: options.slack,
      pickup: options.pickup,
      ...(options.monitored === undefined
        ? {}
        : { monitored: options.monitored.branches, interfaces: options.monitored.interfaces }),
    });
    const limiting = r.limiting;
    const contingency =
      limiting === null || limiting.contingency < 0 ? null : list[limiting.contingency]!;
    return {
      bus: number,
      name: busLabel(net, bus),
      capacityMw: r.capacityMw,
      limitingBranch: limiting === null ? null : branchOneBased(limiting.monitored),
      monitoredName:
        limiting === null ? null : monitoredName(net, limiting.monitored, options.monitored),
      contingency: contingency?.label ?? null,
      contingencyName: contingency === null ? null : contingencyName(net, contingency),
      preExistingViolation: limiting?.preExistingViolation ?? false,
      notScreened: r.notScreened.map((c) => list[c]!.label),
    };
  });
  const note = monitoredNote(net, options.monitored);
  const json = {
    contingencies: set.counts,
    unresolved: set.unresolved,
    ...note.json,
    pickup: options.pickup,
    capMw: options.capMw,
    results,
  };
  const table: Table = {
    summary: [
      `contingencies: ${set.counts.total} (${set.counts.branch} single branch, ${set.counts.multiBranch} several branches, ` +
        `${set.counts.generator} units, ${set.counts.mixed} mixed), plus the base case (N-0)`,
      ...note.lines,
      ...(set.unresolved.length === 0
        ? []
        : [
            `unresolved lines: ${set.unresolved.length} (not in the set): ${lineList(set.unresolved)}`,
          ]),
      `lost units made up by: ${options.pickup}; cap ${options.capMw} MW`,
    ],
    columns: [
      { header: 'bus' },
      { header: 'name' },
      { header: 'capacityMw', decimals: 2 },
      { header: 'monitoredName' },
      { header: 'contingency' },
      { header: 'contingencyName' },
    ],
    rows: results.map((r) => [
      r.bus,
      r.name,
      r.capacityMw,
      r.monitoredName,
      r.contingency,
      r.contingencyName,
    ]),
  };
  return { json, table };
}

export interface AllCapacitiesOnSetOptions extends CapacityOnSetOptions {
  readonly onProgress?: (fraction: number) => void;
}

/**
 * `holgura capacity CASE --all --contingencies FILE`: every bus's capacity on the file's set,
 * both figures, the limiting constraint named by the file's own label for its contingency.
 */
export function allCapacitiesOnSet(
  net: Network,
  set: ContingencySet,
  options: AllCapacitiesOnSetOptions,
): CommandOutput {
  const list = set.contingencies;
  const result = allBusbarCapacitiesOnSet(net, list, {
    capMw: options.capMw,
    postRating: options.postRating,
    slack: options.slack,
    pickup: options.pickup,
    ...(options.monitored === undefined
      ? {}
      : { monitored: options.monitored.branches, interfaces: options.monitored.interfaces }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  const strictFigures = options.preExisting === 'limit';
  const chosen = strictFigures ? result.strict : result.attributable;
  const chosenSet = strictFigures
    ? result.setContingency.strict
    : result.setContingency.attributable;
  const results = Array.from(result.buses, (b, i) => {
    const computed = result.status[i] === 0;
    const monitored = chosen.monitored[i]!;
    const index = monitored === -1 ? -1 : chosenSet[i]!;
    const contingency = index < 0 ? null : list[index]!;
    return {
      bus: net.buses.number[b]!,
      name: busLabel(net, busIndex(b)),
      capacityMw: computed ? chosen.capacityMw[i]! : null,
      strictMw: computed ? result.strict.capacityMw[i]! : null,
      attributableMw: computed ? result.attributable.capacityMw[i]! : null,
      limitingBranch: monitored === -1 ? null : branchOneBased(monitored),
      monitoredName: monitored === -1 ? null : monitoredName(net, monitored, options.monitored),
      contingency: contingency?.label ?? null,
      contingencyName: contingency === null ? null : contingencyName(net, contingency),
    };
  });
  const notScreened = result.notScreened.map((n) => ({
    contingency: list[n.contingency]!.label,
    kind: n.kind,
    disconnectedMw: Number.isNaN(n.disconnectedMw) ? null : n.disconnectedMw,
  }));
  const note = monitoredNote(net, options.monitored);
  const json = {
    contingencies: set.counts,
    unresolved: set.unresolved,
    ...note.json,
    notScreened,
    pickup: options.pickup,
    capMw: options.capMw,
    preExisting: options.preExisting,
    nMonitored: result.nMonitored,
    timingsMs: { ...result.timingsMs, extras: result.extras.ms },
    extras: result.extras,
    results,
  };
  const { counts } = set;
  const table: Table = {
    summary: [
      `contingencies: ${counts.total} (${counts.branch} single branch, ${counts.multiBranch} several branches, ` +
        `${counts.generator} units, ${counts.mixed} mixed), plus the base case (N-0); ` +
        `${notScreened.length} not screened (islanding or nobody to pick up a lost unit)`,
      ...note.lines,
      ...(set.unresolved.length === 0
        ? []
        : [
            `unresolved lines: ${set.unresolved.length} (not in the set): ${lineList(set.unresolved)}`,
          ]),
      `${results.length} buses; capacityMw is the ${strictFigures ? 'strict' : 'attributable'} figure; lost units made up by: ${options.pickup}; cap ${options.capMw} MW`,
      `contingency "-" = base case (N-0); monitoredName "-" = the cap (or the sink's room) binds first`,
    ],
    columns: [
      { header: 'bus' },
      { header: 'name' },
      { header: 'capacityMw', decimals: 1 },
      { header: 'monitoredName' },
      { header: 'contingency' },
      { header: 'contingencyName' },
      { header: 'strictMw', decimals: 1 },
      { header: 'attributableMw', decimals: 1 },
    ],
    rows: results.map((r) => [
      r.bus,
      r.name,
      r.capacityMw,
      r.monitoredName,
      r.contingency,
      r.contingencyName,
      r.strictMw,
      r.attributableMw,
    ]),
  };
  return { json, table };
}
