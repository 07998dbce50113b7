import type { Network } from '../../model/network';
import type { UnresolvedLine } from './contingency-set';
import {
  Cursor,
  branchesOf,
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
 * PSS/E monitored element files (`.mon`, issue #30): which branches the screen watches, the
 * interfaces (named sums of flows with a limit) and the voltage ranges a planner asks for.
 *
 * ```text
 * MONITOR BRANCHES IN SUBSYSTEM 'S'       every branch with both ends in S
 * MONITOR TIES FROM SUBSYSTEM 'S'         every branch with exactly one end in S
 * MONITOR BRANCH FROM BUS i TO BUS j CKT c
 * EXCLUDE BRANCH FROM BUS i TO BUS j CKT c   out of the monitored branches, wherever it is
 *                                            written (exclusions apply after every MONITOR)
 * MONITOR VOLTAGE RANGE SUBSYSTEM 'S' vmin vmax   recorded only: a DC screen has no voltages
 * MONITOR INTERFACE 'NAME' RATING r MW    a named sum of flows and its limit, its members to END:
 *   BRANCH FROM BUS i TO BUS j CKT c [k]  each member's flow from i to j times k (default 1)
 * END
 * END                                     the file's final END
 * ```
 *
 * The subsystem rules take branches in service that are not closed switches or jumpers
 * (docs/analysis.md §1: those are topology, never monitored); a branch named explicitly is
 * monitored whatever it is. `BRANCH` may be written `BRANCHES`, `LINE` or `LINES`; `TIES`,
 * `TIE`. Interface coefficients are stored against the case's own from → to direction: a member
 * written from the case's to-bus to its from-bus gets −k, so Σ coefficient · flow is the
 * interface's flow in the direction the file writes. An interface with an unresolved member is
 * left out whole and listed, as is a second one under a name already used.
 */
export interface InterfaceMember {
  /** 0-based branch row. */
  readonly branch: number;
  /** Applied to the branch's flow from its from-bus to its to-bus. */
  readonly coefficient: number;
}

export interface MonitoredInterface {
  readonly name: string;
  readonly line: number;
  readonly members: readonly InterfaceMember[];
  /** The RATING written, MW; null when the file gives none. */
  readonly limitMw: number | null;
}

export interface VoltageRange {
  readonly subsystem: string;
  readonly line: number;
  /** 0-based bus indices of the subsystem. */
  readonly buses: readonly number[];
  readonly vminPu: number;
  readonly vmaxPu: number;
}

export interface MonitoredDefinition {
  /** Monitored branches, 0-based rows, ascending, exclusions applied. */
  readonly branches: readonly number[];
  readonly interfaces: readonly MonitoredInterface[];
  /**
   * Bus voltage ranges to watch. Recorded, never checked: a DC screen has no bus voltages, so
   * Holgura cannot say whether a contingency takes a bus outside them.
   */
  readonly voltageRanges: readonly VoltageRange[];
  readonly unresolved: readonly UnresolvedLine[];
}

export interface MonitoredOptions {
  /** The subsystems the file names (readSubsystems). */
  readonly subsystems?: SubsystemSet;
}

interface OpenInterface {
  readonly header: Statement;
  readonly name: string;
  readonly limitMw: number | null;
  readonly members: InterfaceMember[];
  bad: boolean;
  readonly duplicate: boolean;
}

/** Reads a `.mon` file against the case. */
export function readMonitored(
  text: string,
  net: Network,
  options: MonitoredOptions = {},
): MonitoredDefinition {
  const index = indexCase(net);
  const monitored = new Set<number>();
  const excluded = new Set<number>();
  const interfaces: MonitoredInterface[] = [];
  const names = new Map<string, number>();
  const voltageRanges: VoltageRange[] = [];
  const unresolved: UnresolvedLine[] = [];
  let open: OpenInterface | null = null;
  let finished = false;

  const close = (block: OpenInterface, neverClosed: string | null) => {
    open = null;
    if (block.duplicate) return;
    if (neverClosed !== null || block.bad || block.members.length === 0) {
      const reason =
        neverClosed ??
        (block.bad
          ? `interface '${block.name}' left out: a line of it is unresolved`
          : `interface '${block.name}' has no member branch`);
      unresolved.push(unresolvedLine(block.header, 'BLOCK_DROPPED', reason));
      return;
    }
    interfaces.push({
      name: block.name,
      line: block.header.line,
      members: block.members,
      limitMw: block.limitMw,
    });
  };

  for (const statement of readStatements(text)) {
    if (finished) {
      unresolved.push(unresolvedLine(statement, 'SYNTAX', "after the file's final END: not read"));
      continue;
    }
    try {
      const cursor = new Cursor(statement);
      const word = cursor.peekWord();
      const header = word === 'MONITOR' && statement.tokens[1]?.text.toUpperCase() === 'INTERFACE';
      // A header that does not tokenize still opens its block (left out), so its lines stay in it.
      if (statement.error !== undefined && !header) throw new Unresolved('SYNTAX', statement.error);
      const current = open as OpenInterface | null;
      if (current !== null) {
        if (word === 'END') {
          cursor.accept('END');
          cursor.expectEnd();
          close(current, null);
          continue;
        }
        if (word === 'MONITOR' || word === 'EXCLUDE') {
          close(
            current,
            `interface '${current.name}' is never closed (no END before line ${statement.line})`,
          );
        } else {
          current.members.push(parseMember(cursor, index));
          continue;
        }
      }
      if (word === 'END') {
        cursor.accept('END');
        cursor.expectEnd();
        finished = true;
        continue;
      }
      if (word === 'EXCLUDE') {
        cursor.accept('EXCLUDE');
        cursor.expect('BRANCH after EXCLUDE', 'BRANCH', 'LINE');
        const rows = index.branch(parseBranchName(cursor));
        cursor.expectEnd();
        for (const k of rows) excluded.add(k);
        continue;
      }
      if (word !== 'MONITOR') {
        throw new Unresolved(
          'KEYWORD_UNKNOWN',
          `a .mon file holds MONITOR and EXCLUDE lines; "${statement.tokens[0]!.text}" starts neither`,
        );
      }
      cursor.accept('MONITOR');
      const what = cursor.peekWord();
      switch (what) {
        case 'BRANCH':
        case 'BRANCHES':
        case 'LINE':
        case 'LINES': {
          cursor.accept(what);
          if (cursor.accept('IN') !== undefined) {
            cursor.expect('SUBSYSTEM after IN', 'SUBSYSTEM');
            const subsystem = subsystemNamed(options.subsystems, cursor.expectText('a label'));
            cursor.expectEnd();
            for (const k of branchesOf(net, subsystem.buses, 'in')) monitored.add(k);
          } else {
            const rows = index.branch(parseBranchName(cursor));
            cursor.expectEnd();
            for (const k of rows) monitored.add(k);
          }
          break;
        }
        case 'TIE':
        case 'TIES': {
          cursor.accept(what);
          cursor.expect(`FROM after ${what}`, 'FROM');
          cursor.expect('SUBSYSTEM after FROM', 'SUBSYSTEM');
          const subsystem = subsystemNamed(options.subsystems, cursor.expectText('a label'));
          cursor.expectEnd();
          for (const k of branchesOf(net, subsystem.buses, 'tie')) monitored.add(k);
          break;
        }
        case 'VOLTAGE': {
          cursor.accept('VOLTAGE');
          const kind = cursor.peekWord();
          if (kind !== 'RANGE') {
            throw new Unresolved(
              'KEYWORD_NOT_SUPPORTED',
              `MONITOR VOLTAGE ${kind ?? ''}: only MONITOR VOLTAGE RANGE is read (and recorded: a DC screen has no voltages)`,
            );
          }
          cursor.accept('RANGE');
          cursor.expect('SUBSYSTEM after RANGE', 'SUBSYSTEM');
          const label = cursor.expectText('a label');
          const a = cursor.expectNumber('the lowest voltage, pu');
          const b = cursor.expectNumber('the highest voltage, pu');
          cursor.expectEnd();
          const subsystem = subsystemNamed(options.subsystems, label);
          const buses: number[] = [];
          for (let i = 0; i < net.buses.count; i++) if (subsystem.buses[i]) buses.push(i);
          voltageRanges.push({
            subsystem: subsystem.label,
            line: statement.line,
            buses,
            vminPu: Math.min(a, b),
            vmaxPu: Math.max(a, b),
          });
          break;
        }
        case 'INTERFACE': {
          cursor.accept('INTERFACE');
          const name = cursor.expectText("the interface's name").trim();
          let limitMw: number | null = null;
          if (statement.error === undefined) {
            if (cursor.accept('RATING') !== undefined) {
              limitMw = cursor.expectNumber('the rating, MW');
              cursor.accept('MW');
            }
            cursor.expectEnd();
          }
          const key = labelKey(name);
          const first = names.get(key);
          open = {
            header: statement,
            name,
            limitMw,
            members: [],
            bad: false,
            duplicate: first !== undefined,
          };
          if (first !== undefined) {
            throw new Unresolved(
              'DUPLICATE_LABEL',
              `interface '${name}' is already defined (line ${first}): this one is not read`,
            );
          }
          names.set(key, statement.line);
          if (statement.error !== undefined) throw new Unresolved('SYNTAX', statement.error);
          break;
        }
        default:
          throw new Unresolved(
            'KEYWORD_UNKNOWN',
            `MONITOR ${what ?? ''}: expected BRANCHES, TIES, BRANCH, VOLTAGE RANGE or INTERFACE`,
          );
      }
    } catch (error) {
      if (!(error instanceof Unresolved)) throw error;
      unresolved.push(unresolvedLine(statement, error.code, error.message));
      const current = open as OpenInterface | null;
      if (current !== null && error.code !== 'DUPLICATE_LABEL') current.bad = true;
    }
  }
  const last = open as OpenInterface | null;
  if (last !== null) close(last, `interface '${last.name}' is never closed (no END)`);
  for (const k of excluded) monitored.delete(k);
  return {
    branches: [...monitored].sort((a, b) => a - b),
    interfaces,
    voltageRanges,
    unresolved,
  };
}

/** `BRANCH FROM BUS i TO BUS j CKT c [k]`: one member of an interface. */
function parseMember(cursor: Cursor, index: CaseIndex): InterfaceMember {
  const word = cursor.peekWord();
  if (word !== 'BRANCH' && word !== 'LINE') {
    throw new Unresolved(
      word === undefined ? 'SYNTAX' : 'KEYWORD_UNKNOWN',
      'an interface member is BRANCH FROM BUS i TO BUS j CKT c [coefficient], or END',
    );
  }
  cursor.accept(word);
  const name = parseBranchName(cursor);
  if (name.buses.length !== 2) {
    throw new Unresolved('SYNTAX', 'an interface member is a branch between two buses');
  }
  const coefficient = cursor.acceptNumber() ?? 1;
  cursor.expectEnd();
  const [k] = index.branch(name);
  const writtenFrom = index.bus(name.buses[0]!);
  const { fromBus, toBus } = index.net.branches;
  // A branch from a bus to itself has no direction to flip.
  const reversed = fromBus[k!] !== writtenFrom && toBus[k!] === writtenFrom;
  return { branch: k!, coefficient: reversed ? -coefficient : coefficient };
}
