import type { Network } from '../../model/network';
import type { UnresolvedCode, UnresolvedLine } from './contingency-set';

/**
 * What the PSS/E definition readers share (issue #30): the free-format statements of a `.sub`,
 * `.mon` or `.con` file, and the case's buses, branches and machines found by the names those
 * files use. The readers are psse-sub.ts (subsystems), psse-mon.ts (monitored elements) and
 * psse-con.ts (contingencies).
 *
 * The format, as read here (PSS/E ACCC/MUST style):
 * - one statement per line; keywords in any case; blanks or commas separate words;
 * - `/` starts a comment to the end of the line, and so does the word `COM`;
 * - labels (and circuit or machine ids, if the file wishes) in single or double quotes;
 * - `END` closes a block, and a final `END` closes the file: what follows it is not read.
 *
 * Names resolved against the case:
 * - a bus is its number;
 * - a branch is (from bus, to bus, circuit id), written in either direction; ids are compared
 *   trimmed and case-insensitively, and `CKT`/`CIRCUIT` may be left out for circuit '1'.
 *   MATPOWER cases have no ids: the reader numbers parallel branches '1', '2', … in file order
 *   (Branches.circuit). `FROM BUS i TO BUS j TO BUS k` names a three-winding transformer: the
 *   three windings the RAW reader made of it (i, j and k to one star bus, same circuit id);
 * - a machine is (bus, machine id): the RAW file's ids when the caller passes them
 *   (LoadedCase.generatorIds), else '1', '2', … by order among the bus's units in the file.
 */

export interface Token {
  readonly text: string;
  /** Written in quotes: a label or id, never a keyword. */
  readonly quoted: boolean;
}

/** One non-empty line of the file, split in words, its comment removed. */
export interface Statement {
  /** 1-based line number. */
  readonly line: number;
  /** The line as written, trimmed (comment included), for the unresolved list. */
  readonly text: string;
  readonly tokens: readonly Token[];
  /** Why the line does not tokenize (an unclosed quote); its tokens are what could be read. */
  readonly error?: string;
}

/** Splits a definitions file into statements: comments and blank lines dropped. */
export function readStatements(text: string): Statement[] {
  const out: Statement[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const tokens: Token[] = [];
    let error: string | undefined;
    let at = 0;
    scan: while (at < raw.length) {
      const ch = raw[at]!;
      if (ch === ' ' || ch === '\t' || ch === ',' || ch === '\f' || ch === '\v') {
        at++;
      } else if (ch === '/') {
        break;
      } else if (ch === "'" || ch === '"') {
        const close = raw.indexOf(ch, at + 1);
        if (close < 0) {
          tokens.push({ text: raw.slice(at + 1), quoted: true });
          error = `the quote opened at column ${at + 1} is never closed`;
          break;
        }
        tokens.push({ text: raw.slice(at + 1, close), quoted: true });
        at = close + 1;
      } else {
        let end = at;
        while (end < raw.length && !/[\s,/'"]/.test(raw[end]!)) end++;
        const word = raw.slice(at, end);
        if (word.toUpperCase() === 'COM') break scan;
        tokens.push({ text: word, quoted: false });
        at = end;
      }
    }
    if (tokens.length === 0 && error === undefined) continue;
    out.push({
      line: i + 1,
      text: raw.trim(),
      tokens,
      ...(error === undefined ? {} : { error }),
    });
  }
  return out;
}

/** A statement that cannot be resolved: thrown by the parsing helpers, caught per line. */
export class Unresolved extends Error {
  constructor(
    readonly code: UnresolvedCode,
    reason: string,
  ) {
    super(reason);
  }
}

export function unresolvedLine(
  statement: Statement,
  code: UnresolvedCode,
  reason: string,
): UnresolvedLine {
  return { line: statement.line, text: statement.text, reason, code };
}

/** Reads a statement's words left to right; every `expect…` throws `Unresolved` (SYNTAX). */
export class Cursor {
  private at = 0;
  constructor(private readonly statement: Statement) {}

  /** The next word, upper-cased, if it is a bare (unquoted) word. */
  peekWord(): string | undefined {
    const token = this.statement.tokens[this.at];
    return token === undefined || token.quoted ? undefined : token.text.toUpperCase();
  }

  /** Takes the next word if it is one of `words` (upper-case), and says which. */
  accept(...words: string[]): string | undefined {
    const word = this.peekWord();
    if (word === undefined || !words.includes(word)) return undefined;
    this.at++;
    return word;
  }

  expect(what: string, ...words: string[]): string {
    const word = this.accept(...words);
    if (word === undefined) throw this.fail(`expected ${what}`);
    return word;
  }

  /** A label or id: a quoted string (kept as written) or a bare word. */
  expectText(what: string): string {
    const token = this.statement.tokens[this.at];
    if (token === undefined) throw this.fail(`expected ${what}`);
    this.at++;
    return token.text;
  }

  expectNumber(what: string): number {
    const token = this.statement.tokens[this.at];
    const value = token === undefined || token.quoted ? Number.NaN : Number(token.text);
    if (!Number.isFinite(value)) throw this.fail(`expected ${what} (a number)`);
    this.at++;
    return value;
  }

  expectInteger(what: string): number {
    const token = this.statement.tokens[this.at];
    const value = token === undefined || token.quoted ? Number.NaN : Number(token.text);
    if (!Number.isSafeInteger(value)) throw this.fail(`expected ${what} (a whole number)`);
    this.at++;
    return value;
  }

  /** An optional number: taken when the next word is one. */
  acceptNumber(): number | undefined {
    const token = this.statement.tokens[this.at];
    if (token === undefined || token.quoted || token.text === '') return undefined;
    const value = Number(token.text);
    if (!Number.isFinite(value)) return undefined;
    this.at++;
    return value;
  }

  done(): boolean {
    return this.at >= this.statement.tokens.length;
  }

  expectEnd(): void {
    if (this.done()) return;
    throw this.fail(`unexpected "${this.statement.tokens[this.at]!.text}" at the end`);
  }

  fail(reason: string): Unresolved {
    return new Unresolved('SYNTAX', reason);
  }
}

/** `BUS i` as written after FROM / TO (the word BUS may be left out). */
export interface BranchName {
  readonly buses: readonly number[];
  readonly circuit: string;
}

/** `FROM BUS i TO BUS j [TO BUS k] [CKT|CIRCUIT c]`: the branch part of a statement. */
export function parseBranchName(cursor: Cursor): BranchName {
  cursor.expect('FROM BUS i', 'FROM');
  cursor.accept('BUS');
  const buses = [cursor.expectInteger('a bus number after FROM BUS')];
  while (cursor.accept('TO') !== undefined) {
    cursor.accept('BUS');
    buses.push(cursor.expectInteger('a bus number after TO BUS'));
  }
  if (buses.length < 2) throw cursor.fail('expected TO BUS j after FROM BUS i');
  if (buses.length > 3) throw cursor.fail('a branch joins two buses (three for a transformer)');
  let circuit = '1';
  if (cursor.accept('CKT', 'CIRCUIT') !== undefined) {
    circuit = cursor.expectText('a circuit id after CKT');
  }
  return { buses, circuit };
}

const normalizeId = (id: string) => id.trim().toUpperCase();

/** The case's elements by the names definition files give them. */
export interface CaseIndex {
  readonly net: Network;
  /** 0-based bus index of bus number `n`, or throws BUS_NOT_IN_CASE. */
  bus(n: number): number;
  hasBus(n: number): boolean;
  /** Branch rows at a bus (either end), in row order. */
  branchesAt(bus: number): readonly number[];
  /** Generator rows at a bus, in row order. */
  generatorsAt(bus: number): readonly number[];
  /** The branch rows a name gives (one, or three for a three-winding transformer); or throws. */
  branch(name: BranchName): number[];
  /** The generator row of machine `id` at bus number `n`; or throws. */
  machine(n: number, id: string): number;
  /** The machine id of generator row `g` as the readers match it. */
  machineId(g: number): string;
  /** `7104-7002(1)`: a branch as a generated label writes it (its own from → to, its id). */
  branchTag(k: number): string;
}

export function indexCase(net: Network, generatorIds?: readonly string[]): CaseIndex {
  const { buses, branches, generators } = net;
  const byNumber = new Map<number, number>();
  for (let i = 0; i < buses.count; i++) byNumber.set(buses.number[i]!, i);
  const atBus: number[][] = Array.from({ length: buses.count }, () => []);
  const byKey = new Map<string, number[]>();
  for (let k = 0; k < branches.count; k++) {
    const f = branches.fromBus[k]!;
    const t = branches.toBus[k]!;
    atBus[f]!.push(k);
    if (t !== f) atBus[t]!.push(k);
    const key = pairKey(f, t, branches.circuit[k] ?? '');
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [k]);
    else list.push(k);
  }
  if (generatorIds !== undefined && generatorIds.length !== generators.count) {
    throw new RangeError(
      `generatorIds has ${generatorIds.length} entries for ${generators.count} generators`,
    );
  }
  const gensAt: number[][] = Array.from({ length: buses.count }, () => []);
  const ids: string[] = [];
  for (let g = 0; g < generators.count; g++) {
    const list = gensAt[generators.bus[g]!]!;
    list.push(g);
    ids.push(normalizeId(generatorIds?.[g] ?? String(list.length)));
  }

  function bus(n: number): number {
    const index = byNumber.get(n);
    if (index === undefined) throw new Unresolved('BUS_NOT_IN_CASE', `bus ${n} is not in the case`);
    return index;
  }

  function findOne(a: number, b: number, circuit: string, numbers: readonly number[]): number {
    const rows = byKey.get(pairKey(a, b, circuit)) ?? [];
    if (rows.length === 1) return rows[0]!;
    const pair = `buses ${numbers[0]} and ${numbers[1]}`;
    if (rows.length > 1) {
      throw new Unresolved(
        'ELEMENT_AMBIGUOUS',
        `${rows.length} branches of the case join ${pair} with ckt '${circuit.trim()}' ` +
          `(rows ${rows.map((k) => k + 1).join(', ')})`,
      );
    }
    const between = (atBus[a] ?? []).filter((k) => {
      const f = branches.fromBus[k]!;
      const t = branches.toBus[k]!;
      return (f === a && t === b) || (f === b && t === a);
    });
    throw new Unresolved(
      'ELEMENT_NOT_IN_CASE',
      between.length === 0
        ? `no branch of the case joins ${pair}`
        : `no circuit '${circuit.trim()}' between ${pair}: the case has ` +
            between.map((k) => `'${(branches.circuit[k] ?? '').trim()}'`).join(', '),
    );
  }

  function branch(name: BranchName): number[] {
    const ends = name.buses.map(bus);
    const numbers = name.buses;
    if (ends.length === 2) return [findOne(ends[0]!, ends[1]!, name.circuit, numbers)];
    // A three-winding transformer: the star bus joined to all three by that circuit id.
    const id = normalizeId(name.circuit);
    const stars = new Set<number>();
    for (const k of atBus[ends[0]!]!) {
      if (normalizeId(branches.circuit[k] ?? '') !== id) continue;
      const other = branches.fromBus[k] === ends[0] ? branches.toBus[k]! : branches.fromBus[k]!;
      stars.add(other);
    }
    const found: number[][] = [];
    for (const star of stars) {
      const rows = ends.map((end) =>
        atBus[star]!.filter((k) => {
          const f = branches.fromBus[k]!;
          const t = branches.toBus[k]!;
          return (
            normalizeId(branches.circuit[k] ?? '') === id &&
            ((f === end && t === star) || (f === star && t === end))
          );
        }),
      );
      if (rows.every((r) => r.length === 1)) found.push(rows.map((r) => r[0]!));
    }
    if (found.length === 1) return found[0]!;
    throw new Unresolved(
      found.length === 0 ? 'ELEMENT_NOT_IN_CASE' : 'ELEMENT_AMBIGUOUS',
      found.length === 0
        ? `no three-winding transformer of the case joins buses ${numbers.join(', ')} with ckt '${name.circuit.trim()}'`
        : `${found.length} three-winding transformers join buses ${numbers.join(', ')} with ckt '${name.circuit.trim()}'`,
    );
  }

  function machine(n: number, id: string): number {
    const at = bus(n);
    const want = normalizeId(id);
    const rows = gensAt[at]!.filter((g) => ids[g] === want);
    if (rows.length === 1) return rows[0]!;
    if (rows.length > 1) {
      throw new Unresolved(
        'ELEMENT_AMBIGUOUS',
        `${rows.length} units at bus ${n} have id '${id.trim()}' (rows ${rows.map((g) => g + 1).join(', ')})`,
      );
    }
    const there = gensAt[at]!;
    throw new Unresolved(
      'ELEMENT_NOT_IN_CASE',
      there.length === 0
        ? `bus ${n} has no machine`
        : `no machine '${id.trim()}' at bus ${n}: it has ${there.map((g) => `'${ids[g]}'`).join(', ')}` +
            (generatorIds === undefined ? ' (numbered by their order in the case)' : ''),
    );
  }

  return {
    net,
    bus,
    hasBus: (n) => byNumber.has(n),
    branchesAt: (b) => atBus[b]!,
    generatorsAt: (b) => gensAt[b]!,
    branch,
    machine,
    machineId: (g) => ids[g]!,
    branchTag: (k) =>
      `${buses.number[branches.fromBus[k]!]}-${buses.number[branches.toBus[k]!]}` +
      `(${(branches.circuit[k] ?? '').trim()})`,
  };
}

function pairKey(a: number, b: number, circuit: string): string {
  return `${Math.min(a, b)} ${Math.max(a, b)} ${normalizeId(circuit)}`;
}

/** In service and not a closed switch or jumper: what automatic rules outage and monitor. */
export function isEquipment(net: Network, k: number): boolean {
  return net.branches.inService[k] === 1 && net.branches.switch?.[k] !== 1;
}

/** Labels (subsystems, contingencies, interfaces) are matched trimmed and case-insensitively. */
export function labelKey(label: string): string {
  return label.trim().toUpperCase();
}

/** Branches with both ends ('in') or exactly one end ('tie') in a bus mask; equipment only. */
export function branchesOf(net: Network, buses: Uint8Array, which: 'in' | 'tie'): number[] {
  const out: number[] = [];
  for (let k = 0; k < net.branches.count; k++) {
    if (!isEquipment(net, k)) continue;
    const ends = buses[net.branches.fromBus[k]!]! + buses[net.branches.toBus[k]!]!;
    if (which === 'in' ? ends === 2 : ends === 1) out.push(k);
  }
  return out;
}
