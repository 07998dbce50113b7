import type { Network } from '../../model/network';
import type { UnresolvedLine } from './contingency-set';
import {
  Cursor,
  labelKey,
  readStatements,
  Unresolved,
  unresolvedLine,
  type Statement,
} from './psse-definitions';

/**
 * PSS/E subsystem description files (`.sub`, issue #30): named sets of buses that `.mon` and
 * `.con` files refer to.
 *
 * ```text
 * SUBSYSTEM 'LABEL'
 *   BUS i                 the bus numbered i (an error if the case has none)
 *   BUSES i TO j          every bus of the case numbered from i to j, both included
 *   AREA n                every bus of area n (an error if no bus is in it)
 *   AREAS n TO m          every bus whose area number is from n to m
 *   ZONE n  /  ZONES n TO m        the same by zone
 *   KVRANGE v1 v2         every bus whose base kV is from v1 to v2, both included
 *   JOIN 'NAME'           the buses that meet every criterion inside, to its END: criteria of
 *     AREA 1              one kind are joined (AREA 1 and AREA 2 inside a JOIN are area 1 or 2,
 *     KVRANGE 230 500     as PSS/E's bus subsystem selector reads its lists), then the kinds are
 *   END                   intersected (here: area 1's buses of 230 to 500 kV)
 * END
 * END                     the file's final END
 * ```
 *
 * The subsystem is the union of its lines and of its JOINs. Ranges may be written high to low.
 * `OWNER`/`OWNERS` are PSS/E criteria too, but the case model keeps no bus owner: such a line is
 * unresolved. A subsystem with an unresolved line is left out whole (never used on a partial
 * definition) and listed; so is a second one under a label already used (labels are compared
 * trimmed and case-insensitively).
 */
export interface Subsystem {
  /** As the file writes it, trimmed. */
  readonly label: string;
  /** Line of its SUBSYSTEM statement. */
  readonly line: number;
  /** 1 for each bus (0-based index) in the subsystem. */
  readonly buses: Uint8Array;
  readonly busCount: number;
}

export interface SubsystemSet {
  /** By label, trimmed and upper-cased (labelKey). */
  readonly subsystems: ReadonlyMap<string, Subsystem>;
  /** Subsystems left out because of an unresolved line: label key → line of their header. */
  readonly dropped: ReadonlyMap<string, number>;
  readonly unresolved: readonly UnresolvedLine[];
}

type Kind = 'bus' | 'area' | 'zone' | 'kv';

interface Criterion {
  readonly kind: Kind;
  readonly lo: number;
  readonly hi: number;
}

interface Join {
  readonly criteria: Criterion[];
}

const CRITERIA = ['BUS', 'BUSES', 'AREA', 'AREAS', 'ZONE', 'ZONES', 'KVRANGE'];

interface OpenSubsystem {
  readonly header: Statement;
  readonly label: string;
  readonly criteria: Criterion[];
  readonly joins: Join[];
  /** A line of it is unresolved: left out whole. */
  bad: boolean;
  /** A second definition under a used label: read to its END, then discarded. */
  readonly duplicate: boolean;
}

/** Reads a `.sub` file against the case: each subsystem as a bus mask. */
export function readSubsystems(text: string, net: Network): SubsystemSet {
  const subsystems = new Map<string, Subsystem>();
  const dropped = new Map<string, number>();
  const unresolved: UnresolvedLine[] = [];
  let open: OpenSubsystem | null = null;
  let join: { header: Statement; criteria: Criterion[] } | null = null;
  let finished = false;

  const close = (s: OpenSubsystem, neverClosed: string | null) => {
    open = null;
    join = null;
    if (s.duplicate) return;
    const key = labelKey(s.label);
    if (neverClosed !== null || s.bad) {
      dropped.set(key, s.header.line);
      const reason = neverClosed ?? `subsystem '${s.label}' left out: a line of it is unresolved`;
      unresolved.push(unresolvedLine(s.header, 'BLOCK_DROPPED', reason));
      return;
    }
    subsystems.set(key, buildSubsystem(net, s));
  };

  for (const statement of readStatements(text)) {
    if (finished) {
      unresolved.push(unresolvedLine(statement, 'SYNTAX', "after the file's final END: not read"));
      continue;
    }
    try {
      const cursor = new Cursor(statement);
      const word = cursor.peekWord();
      // A header that does not tokenize still opens its block (left out), so its lines stay in it.
      if (statement.error !== undefined && word !== 'SUBSYSTEM') {
        throw new Unresolved('SYNTAX', statement.error);
      }
      if (word === 'END') {
        cursor.accept('END');
        cursor.expectEnd();
        const current = open as OpenSubsystem | null;
        if (current === null) {
          finished = true;
        } else if (join !== null) {
          const j = join as { header: Statement; criteria: Criterion[] };
          join = null;
          if (j.criteria.length === 0) {
            unresolved.push(unresolvedLine(j.header, 'SYNTAX', 'a JOIN with no criterion'));
            current.bad = true;
          } else {
            current.joins.push({ criteria: j.criteria });
          }
        } else {
          close(current, null);
        }
        continue;
      }
      if (word === 'SUBSYSTEM') {
        const previous = open as OpenSubsystem | null;
        if (previous !== null) {
          close(
            previous,
            `subsystem '${previous.label}' is never closed (no END before line ${statement.line})`,
          );
        }
        cursor.accept('SUBSYSTEM');
        const label = cursor.expectText("the subsystem's label").trim();
        if (statement.error === undefined) cursor.expectEnd();
        const key = labelKey(label);
        const duplicate = subsystems.has(key) || dropped.has(key);
        open = { header: statement, label, criteria: [], joins: [], bad: false, duplicate };
        if (duplicate) {
          throw new Unresolved(
            'DUPLICATE_LABEL',
            `subsystem '${label}' is already defined (line ${subsystems.get(key)?.line ?? dropped.get(key)}): this one is not read`,
          );
        }
        if (statement.error !== undefined) throw new Unresolved('SYNTAX', statement.error);
        continue;
      }
      const current = open as OpenSubsystem | null;
      if (current === null) {
        if (word !== undefined && (CRITERIA.includes(word) || word === 'JOIN')) {
          throw new Unresolved('SYNTAX', `${word} outside a SUBSYSTEM block`);
        }
        throw new Unresolved(
          'KEYWORD_UNKNOWN',
          `a .sub file holds SUBSYSTEM blocks and a final END; "${statement.tokens[0]!.text}" starts neither`,
        );
      }
      if (word === 'JOIN') {
        if (join !== null) throw new Unresolved('SYNTAX', 'a JOIN inside a JOIN');
        cursor.accept('JOIN');
        if (!cursor.done()) cursor.expectText("the JOIN's label");
        cursor.expectEnd();
        join = { header: statement, criteria: [] };
        continue;
      }
      const criterion = parseCriterion(cursor, net);
      const j = join as { header: Statement; criteria: Criterion[] } | null;
      (j !== null ? j.criteria : current.criteria).push(criterion);
    } catch (error) {
      if (!(error instanceof Unresolved)) throw error;
      unresolved.push(unresolvedLine(statement, error.code, error.message));
      const current = open as OpenSubsystem | null;
      if (current !== null && error.code !== 'DUPLICATE_LABEL') current.bad = true;
    }
  }
  const last = open as OpenSubsystem | null;
  if (last !== null) close(last, `subsystem '${last.label}' is never closed (no END)`);
  return { subsystems, dropped, unresolved };
}

function buildSubsystem(net: Network, s: OpenSubsystem): Subsystem {
  const buses = new Uint8Array(net.buses.count);
  let busCount = 0;
  for (let i = 0; i < net.buses.count; i++) {
    const inside =
      s.criteria.some((c) => matches(net, i, c)) ||
      s.joins.some((j) => matchesAll(net, i, j.criteria));
    if (inside) {
      buses[i] = 1;
      busCount++;
    }
  }
  return { label: s.label, line: s.header.line, buses, busCount };
}

function value(net: Network, bus: number, kind: Kind): number {
  switch (kind) {
    case 'bus':
      return net.buses.number[bus]!;
    case 'area':
      return net.buses.area[bus]!;
    case 'zone':
      return net.buses.zone[bus]!;
    case 'kv':
      return net.buses.baseKv[bus]!;
  }
}

function matches(net: Network, bus: number, c: Criterion): boolean {
  const v = value(net, bus, c.kind);
  return v >= c.lo && v <= c.hi;
}

/** A JOIN: criteria of one kind joined, the kinds intersected. */
function matchesAll(net: Network, bus: number, criteria: readonly Criterion[]): boolean {
  const kinds = new Set(criteria.map((c) => c.kind));
  for (const kind of kinds) {
    if (!criteria.some((c) => c.kind === kind && matches(net, bus, c))) return false;
  }
  return true;
}

function range(kind: Kind, a: number, b: number): Criterion {
  return { kind, lo: Math.min(a, b), hi: Math.max(a, b) };
}

function anyBus(net: Network, c: Criterion): boolean {
  for (let i = 0; i < net.buses.count; i++) if (matches(net, i, c)) return true;
  return false;
}

function parseCriterion(cursor: Cursor, net: Network): Criterion {
  const word = cursor.peekWord();
  let criterion: Criterion;
  switch (word) {
    case 'BUS': {
      cursor.accept('BUS');
      const n = cursor.expectInteger('a bus number');
      criterion = range('bus', n, n);
      if (!anyBus(net, criterion)) {
        throw new Unresolved('BUS_NOT_IN_CASE', `bus ${n} is not in the case`);
      }
      break;
    }
    case 'AREA':
    case 'ZONE': {
      cursor.accept(word);
      const n = cursor.expectInteger(`an ${word.toLowerCase()} number`);
      criterion = range(word === 'AREA' ? 'area' : 'zone', n, n);
      if (!anyBus(net, criterion)) {
        throw new Unresolved(
          'ELEMENT_NOT_IN_CASE',
          `no bus of the case is in ${word.toLowerCase()} ${n}`,
        );
      }
      break;
    }
    case 'BUSES':
    case 'AREAS':
    case 'ZONES': {
      cursor.accept(word);
      const what = word.toLowerCase().slice(0, -(word === 'BUSES' ? 2 : 1));
      const a = cursor.expectInteger(`a first ${what} number`);
      cursor.expect(`TO after ${word} ${a}`, 'TO', 'THRU');
      const b = cursor.expectInteger(`a last ${what} number`);
      criterion = range(word === 'BUSES' ? 'bus' : word === 'AREAS' ? 'area' : 'zone', a, b);
      break;
    }
    case 'KVRANGE': {
      cursor.accept('KVRANGE');
      const a = cursor.expectNumber('the lowest base kV');
      cursor.accept('TO');
      const b = cursor.expectNumber('the highest base kV');
      criterion = range('kv', a, b);
      break;
    }
    case 'OWNER':
    case 'OWNERS':
      throw new Unresolved(
        'KEYWORD_NOT_SUPPORTED',
        `${word}: the case model keeps no bus owner, so owners cannot select buses`,
      );
    default:
      throw new Unresolved(
        'KEYWORD_UNKNOWN',
        `${word === undefined ? 'a quoted word' : `"${word}"`} is not a subsystem criterion (BUS, BUSES, AREA, AREAS, ZONE, ZONES, KVRANGE, JOIN, END)`,
      );
  }
  cursor.expectEnd();
  return criterion;
}

/** The subsystem a `.mon` or `.con` line names, or throws SUBSYSTEM_UNKNOWN saying why. */
export function subsystemNamed(set: SubsystemSet | undefined, label: string): Subsystem {
  const key = labelKey(label);
  const found = set?.subsystems.get(key);
  if (found !== undefined) return found;
  const droppedAt = set?.dropped.get(key);
  throw new Unresolved(
    'SUBSYSTEM_UNKNOWN',
    set === undefined
      ? `subsystem '${label.trim()}': no subsystem file (.sub) was given`
      : droppedAt !== undefined
        ? `subsystem '${label.trim()}' was left out: its definition (line ${droppedAt} of the .sub file) has unresolved lines`
        : `subsystem '${label.trim()}' is not defined in the subsystem file`,
  );
}
