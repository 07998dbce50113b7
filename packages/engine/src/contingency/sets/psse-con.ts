import type { Network } from '../../model/network';
import {
  countContingencies,
  type Contingency,
  type ContingencySet,
  type UnresolvedLine,
} from './contingency-set';
import {
  branchesOf,
  Cursor,
  indexCase,
  labelKey,
  parseBranchName,
  readStatements,
  Unresolved,
  unresolvedLine,
  type CaseIndex,
  type Statement,
} from './psse-definitions';
import { subsystemNamed, type SubsystemSet } from './psse-sub';

/**
 * PSS/E contingency description files (`.con`, issue #30), as ACCC and MUST read them: named
 * contingencies with the elements they take out, and automatic rules over the subsystems of a
 * `.sub` file.
 *
 * ```text
 * CONTINGENCY 'NAME'
 *   OPEN BRANCH FROM BUS i TO BUS j CKT c      also DISCONNECT / TRIP, and LINE for BRANCH;
 *                                              FROM BUS i TO BUS j TO BUS k: a 3-winding
 *                                              transformer, its three windings
 *   REMOVE MACHINE id FROM BUS i               also REMOVE UNIT, TRIP MACHINE / UNIT
 *   DISCONNECT BUS i                           every branch and machine at bus i (those in
 *                                              service; the bus becomes an island, which the
 *                                              screen reports with the MW it cuts off)
 * END
 * SINGLE BRANCH IN SUBSYSTEM 'S'     one contingency per branch with both ends in S
 * SINGLE TIE FROM SUBSYSTEM 'S'      one per branch with exactly one end in S
 * DOUBLE BRANCH IN SUBSYSTEM 'S'     one per pair of those branches (n·(n−1)/2)
 * DOUBLE TIE FROM SUBSYSTEM 'S'      one per pair of ties
 * PARALLEL BRANCH IN SUBSYSTEM 'S'   one per set of two or more circuits between the same two
 *                                    buses (both in S), all out together
 * SINGLE MACHINE IN SUBSYSTEM 'S'    one per machine at a bus of S (also UNIT)
 * END                                the file's final END
 * ```
 *
 * Automatic rules take only equipment in service: never an out-of-service branch or unit, never
 * a closed switch or jumper (docs/analysis.md §1). Rules are not merged: a branch two rules
 * cover is a contingency of each. Their contingencies are labelled by the rule and a counter
 * that runs through the file, then the elements: `SINGLE 1: 7104-7002(1)`,
 * `DOUBLE 7: 7104-7002(1) + 7002-7227(1)`, `PARALLEL 2: 7184-7347(1,2,3)`,
 * `SINGLE MACHINE 3: 7098(1)` — a branch as from-to(circuit) in the case's own direction, a
 * machine as bus(id); stable for one file on one case. A rule that would give more than
 * `maxExpansion` contingencies (default 50,000) is refused with its line.
 *
 * An element line that cannot be resolved is listed with its line and why, and its contingency
 * is left out whole (listed too, BLOCK_DROPPED): never screened on a partial definition. So are
 * a second contingency under a label already used and one never closed. Changes that are not
 * outages (CLOSE, SET, CHANGE, ALTER, INCREASE, DECREASE, MOVE, ADD…) and outages of what the
 * screen does not model (loads, shunts, DC lines…) are unresolved. `SKIP` blocks are not read
 * (their meaning in PSS/E is not pinned down here): the SKIP line is listed, and the lines to
 * its END are ignored.
 */
export interface PsseContingencyOptions {
  /** The subsystems the rules name (readSubsystems). */
  readonly subsystems?: SubsystemSet;
  /**
   * The RAW file's machine ids, one per generator in case order (LoadedCase.generatorIds);
   * without them a bus's machines are '1', '2', … in case order (as MATPOWER cases have none).
   */
  readonly generatorIds?: readonly string[];
  /** The most contingencies one automatic rule may give; more is refused (default 50,000). */
  readonly maxExpansion?: number;
}

export const DEFAULT_MAX_EXPANSION = 50_000;

/** An automatic rule of the file and how many contingencies it gave. */
export interface ExpandedRule {
  readonly line: number;
  readonly text: string;
  readonly contingencies: number;
}

export interface PsseContingencySet extends ContingencySet {
  readonly rules: readonly ExpandedRule[];
}

interface OpenContingency {
  readonly header: Statement;
  readonly label: string;
  readonly branches: number[];
  readonly generators: number[];
  readonly badLines: number[];
  readonly duplicate: boolean;
}

const OUTAGE_VERBS = ['OPEN', 'DISCONNECT', 'TRIP', 'REMOVE'];
const CHANGE_VERBS = [
  'CLOSE',
  'SET',
  'CHANGE',
  'ALTER',
  'INCREASE',
  'DECREASE',
  'MOVE',
  'ADD',
  'RAISE',
  'LOWER',
  'REDUCE',
  'BLOCK',
  'DISPATCH',
  'INSERT',
  'RETURN',
];
const RULE_WORDS = ['SINGLE', 'DOUBLE', 'PARALLEL'];

/** Reads a `.con` file against the case. */
export function readPsseContingencies(
  text: string,
  net: Network,
  options: PsseContingencyOptions = {},
): PsseContingencySet {
  const index = indexCase(net, options.generatorIds);
  const maxExpansion = options.maxExpansion ?? DEFAULT_MAX_EXPANSION;
  const contingencies: Contingency[] = [];
  const labels = new Map<string, number>();
  const counters = new Map<string, number>();
  const rules: ExpandedRule[] = [];
  const unresolved: UnresolvedLine[] = [];
  let open: OpenContingency | null = null;
  let skip: Statement | null = null;
  let finished = false;

  const close = (block: OpenContingency, neverClosed: string | null) => {
    open = null;
    if (block.duplicate) return;
    let reason: string | null = neverClosed;
    if (reason === null && block.badLines.length > 0) {
      const lines = block.badLines;
      reason =
        `contingency '${block.label}' left out: ` +
        `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} ${lines.length > 1 ? 'are' : 'is'} unresolved`;
    }
    if (reason === null && block.branches.length + block.generators.length === 0) {
      reason = `contingency '${block.label}' takes nothing out`;
    }
    if (reason !== null) {
      unresolved.push(unresolvedLine(block.header, 'BLOCK_DROPPED', reason));
      return;
    }
    labels.set(labelKey(block.label), block.header.line);
    contingencies.push({
      label: block.label,
      branches: block.branches,
      generators: block.generators,
      line: block.header.line,
    });
  };

  const generated = (prefix: string, elements: string, line: number): string => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    let label = `${prefix} ${n}: ${elements}`;
    if (labels.has(labelKey(label))) label += ` (line ${line})`;
    labels.set(labelKey(label), line);
    return label;
  };

  for (const statement of readStatements(text)) {
    if (finished) {
      unresolved.push(unresolvedLine(statement, 'SYNTAX', "after the file's final END: not read"));
      continue;
    }
    const first = statement.tokens[0]!;
    const word = first.quoted ? undefined : first.text.toUpperCase();
    if (skip !== null) {
      if (word === 'END' && statement.tokens.length === 1) {
        unresolved.push(skipped(skip, statement.line));
        skip = null;
      }
      continue;
    }
    try {
      // A header that does not tokenize still opens its block (left out), so its lines stay in it.
      if (statement.error !== undefined && word !== 'CONTINGENCY') {
        throw new Unresolved('SYNTAX', statement.error);
      }
      const cursor = new Cursor(statement);
      const current = open as OpenContingency | null;
      if (current !== null) {
        if (word === 'END') {
          cursor.accept('END');
          cursor.expectEnd();
          close(current, null);
          continue;
        }
        if (word === 'CONTINGENCY' || word === 'SKIP' || RULE_WORDS.includes(word ?? '')) {
          close(
            current,
            `contingency '${current.label}' is never closed (no END before line ${statement.line})`,
          );
        } else {
          takeOut(cursor, index, current);
          continue;
        }
      }
      if (word === 'END') {
        cursor.accept('END');
        cursor.expectEnd();
        finished = true;
      } else if (word === 'CONTINGENCY') {
        cursor.accept('CONTINGENCY');
        const label = cursor.done()
          ? `line ${statement.line}`
          : cursor.expectText('a label').trim();
        if (statement.error === undefined) cursor.expectEnd();
        const firstLine = labels.get(labelKey(label));
        open = {
          header: statement,
          label,
          branches: [],
          generators: [],
          badLines: [],
          duplicate: firstLine !== undefined,
        };
        if (firstLine !== undefined) {
          throw new Unresolved(
            'DUPLICATE_LABEL',
            `contingency '${label}' is already defined (line ${firstLine}): this one is not read`,
          );
        }
        // Claimed now, so a later duplicate is caught even before this one closes.
        labels.set(labelKey(label), statement.line);
        if (statement.error !== undefined) throw new Unresolved('SYNTAX', statement.error);
      } else if (word === 'SKIP') {
        skip = statement;
      } else if (word !== undefined && RULE_WORDS.includes(word)) {
        const list = expandRule(cursor, index, options.subsystems, maxExpansion);
        for (const c of list) {
          contingencies.push({
            label: generated(c.prefix, c.elements, statement.line),
            branches: c.branches,
            generators: c.generators,
            line: statement.line,
          });
        }
        rules.push({ line: statement.line, text: statement.text, contingencies: list.length });
      } else if (word !== undefined && [...OUTAGE_VERBS, ...CHANGE_VERBS].includes(word)) {
        throw new Unresolved('SYNTAX', `${word} outside a CONTINGENCY block`);
      } else {
        throw new Unresolved(
          'KEYWORD_UNKNOWN',
          `a .con file holds CONTINGENCY blocks and SINGLE, DOUBLE or PARALLEL rules; "${first.text}" starts none`,
        );
      }
    } catch (error) {
      if (!(error instanceof Unresolved)) throw error;
      unresolved.push(unresolvedLine(statement, error.code, error.message));
      const current = open as OpenContingency | null;
      if (current !== null && error.code !== 'DUPLICATE_LABEL') {
        current.badLines.push(statement.line);
      }
    }
  }
  const last = open as OpenContingency | null;
  if (last !== null) close(last, `contingency '${last.label}' is never closed (no END)`);
  if (skip !== null) unresolved.push(skipped(skip, null));
  // A contingency claimed its label when opened; the list is in file order already.
  return { contingencies, unresolved, counts: countContingencies(contingencies), rules };
}

function skipped(statement: Statement, endLine: number | null): UnresolvedLine {
  return unresolvedLine(
    statement,
    'KEYWORD_NOT_SUPPORTED',
    `SKIP blocks are not read (their meaning is not pinned down here): lines ${statement.line} to ` +
      `${endLine === null ? 'the end of the file (no END)' : endLine} ignored`,
  );
}

/** One element line of a CONTINGENCY block, its elements added to `into`. */
function takeOut(cursor: Cursor, index: CaseIndex, into: OpenContingency): void {
  const verb = cursor.peekWord();
  if (verb === undefined) throw new Unresolved('SYNTAX', 'expected an element line or END');
  if (CHANGE_VERBS.includes(verb)) {
    throw new Unresolved(
      'CHANGE_NOT_OUTAGE',
      `${verb} is not an outage: only branches, machines and buses taken out are contingencies here`,
    );
  }
  if (!OUTAGE_VERBS.includes(verb)) {
    throw new Unresolved(
      'KEYWORD_UNKNOWN',
      `"${verb}" starts no element line (OPEN, DISCONNECT or TRIP BRANCH; REMOVE or TRIP MACHINE; DISCONNECT BUS)`,
    );
  }
  cursor.accept(verb);
  const what = cursor.peekWord();
  const add = (list: number[], rows: readonly number[]) => {
    for (const r of rows) if (!list.includes(r)) list.push(r);
  };
  if ((what === 'BRANCH' || what === 'LINE') && verb !== 'REMOVE') {
    cursor.accept(what);
    const rows = index.branch(parseBranchName(cursor));
    cursor.expectEnd();
    add(into.branches, rows);
    return;
  }
  if ((what === 'MACHINE' || what === 'UNIT') && verb !== 'OPEN') {
    cursor.accept(what);
    const id = cursor.expectText('a machine id');
    cursor.expect(`FROM after ${what} ${id}`, 'FROM');
    cursor.accept('BUS');
    const bus = cursor.expectInteger('a bus number');
    cursor.expectEnd();
    add(into.generators, [index.machine(bus, id)]);
    return;
  }
  if (what === 'BUS' && verb === 'DISCONNECT') {
    cursor.accept('BUS');
    const n = cursor.expectInteger('a bus number');
    cursor.expectEnd();
    const bus = index.bus(n);
    const { branches, generators } = index.net;
    const allBranches = index.branchesAt(bus);
    const allUnits = index.generatorsAt(bus);
    if (allBranches.length + allUnits.length === 0) {
      throw new Unresolved('ELEMENT_NOT_IN_CASE', `bus ${n} has no branch and no machine`);
    }
    const liveBranches = allBranches.filter((k) => branches.inService[k] === 1);
    const liveUnits = allUnits.filter((g) => generators.inService[g] === 1);
    // Nothing in service there: name everything, so the screen says it is already out.
    const none = liveBranches.length + liveUnits.length === 0;
    add(into.branches, none ? allBranches : liveBranches);
    add(into.generators, none ? allUnits : liveUnits);
    return;
  }
  throw new Unresolved(
    'KEYWORD_NOT_SUPPORTED',
    `${verb} ${what ?? ''}: only branches (OPEN/DISCONNECT/TRIP BRANCH), machines ` +
      '(REMOVE/TRIP MACHINE) and buses (DISCONNECT BUS) are taken out here',
  );
}

interface Generated {
  readonly prefix: string;
  readonly elements: string;
  readonly branches: number[];
  readonly generators: number[];
}

const count = (n: number) => n.toLocaleString('en-US');

/** `SINGLE|DOUBLE|PARALLEL … SUBSYSTEM 'S'`: its contingencies, or throws. */
function expandRule(
  cursor: Cursor,
  index: CaseIndex,
  subsystems: SubsystemSet | undefined,
  maxExpansion: number,
): Generated[] {
  const net = index.net;
  const kind = cursor.expect('SINGLE, DOUBLE or PARALLEL', ...RULE_WORDS);
  const element = cursor.accept('BRANCH', 'LINE', 'TIE', 'MACHINE', 'UNIT');
  const tie = element === 'TIE';
  const machine = element === 'MACHINE' || element === 'UNIT';
  const supported =
    element !== undefined && (kind === 'SINGLE' || (!machine && !(kind === 'PARALLEL' && tie)));
  if (!supported) {
    throw new Unresolved(
      'KEYWORD_NOT_SUPPORTED',
      `${kind} ${element ?? cursor.peekWord() ?? ''}: the rules read are SINGLE BRANCH|TIE|MACHINE, ` +
        'DOUBLE BRANCH|TIE and PARALLEL BRANCH',
    );
  }
  cursor.expect(tie ? 'FROM SUBSYSTEM' : 'IN SUBSYSTEM', tie ? 'FROM' : 'IN');
  cursor.expect('SUBSYSTEM', 'SUBSYSTEM');
  const label = cursor.expectText("the subsystem's label");
  cursor.expectEnd();
  const subsystem = subsystemNamed(subsystems, label);
  const written = `${kind} ${element} ${tie ? 'FROM' : 'IN'} SUBSYSTEM '${subsystem.label}'`;
  const refuse = (n: number, of: string) =>
    new Unresolved(
      'EXPANSION_TOO_LARGE',
      `${written} would give ${count(n)} contingencies (${of}), more than the cap of ` +
        `${count(maxExpansion)}: refused`,
    );

  if (machine) {
    const units: number[] = [];
    for (let g = 0; g < net.generators.count; g++) {
      if (net.generators.inService[g] === 1 && subsystem.buses[net.generators.bus[g]!]) {
        units.push(g);
      }
    }
    if (units.length > maxExpansion) throw refuse(units.length, `${count(units.length)} units`);
    return units.map((g) => ({
      prefix: 'SINGLE MACHINE',
      elements: `${net.buses.number[net.generators.bus[g]!]}(${index.machineId(g)})`,
      branches: [],
      generators: [g],
    }));
  }

  const rows = branchesOf(net, subsystem.buses, tie ? 'tie' : 'in');
  const prefix = tie ? `${kind} TIE` : kind;
  if (kind === 'SINGLE') {
    if (rows.length > maxExpansion) throw refuse(rows.length, `${count(rows.length)} branches`);
    return rows.map((k) => ({
      prefix,
      elements: index.branchTag(k),
      branches: [k],
      generators: [],
    }));
  }
  if (kind === 'DOUBLE') {
    const pairs = (rows.length * (rows.length - 1)) / 2;
    if (pairs > maxExpansion) throw refuse(pairs, `every pair of ${count(rows.length)} branches`);
    const out: Generated[] = [];
    for (let a = 0; a < rows.length; a++) {
      for (let b = a + 1; b < rows.length; b++) {
        const ka = rows[a]!;
        const kb = rows[b]!;
        out.push({
          prefix,
          elements: `${index.branchTag(ka)} + ${index.branchTag(kb)}`,
          branches: [ka, kb],
          generators: [],
        });
      }
    }
    return out;
  }
  // PARALLEL: the circuits between one pair of buses, in the order of their first row.
  const byPair = new Map<string, number[]>();
  for (const k of rows) {
    const f = net.branches.fromBus[k]!;
    const t = net.branches.toBus[k]!;
    const key = `${Math.min(f, t)} ${Math.max(f, t)}`;
    const list = byPair.get(key);
    if (list === undefined) byPair.set(key, [k]);
    else list.push(k);
  }
  const groups = [...byPair.values()].filter((g) => g.length > 1);
  if (groups.length > maxExpansion) {
    throw refuse(groups.length, `${count(groups.length)} sets of parallel circuits`);
  }
  return groups.map((group) => {
    const k = group[0]!;
    const { fromBus, toBus, circuit } = net.branches;
    const ends = `${net.buses.number[fromBus[k]!]}-${net.buses.number[toBus[k]!]}`;
    return {
      prefix,
      elements: `${ends}(${group.map((r) => (circuit[r] ?? '').trim()).join(',')})`,
      branches: group,
      generators: [],
    };
  });
}
