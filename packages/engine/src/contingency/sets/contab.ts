import type { Network } from '../../model/network';
import { EngineError } from '../../util/engine-error';
import {
  countContingencies,
  type Contingency,
  type ContingencySet,
  type UnresolvedLine,
} from './contingency-set';

/**
 * MATPOWER's change tables (`idx_ct`): the constants a contab file names after
 * `define_constants`, by their values. Only outages are contingencies: a branch's BR_STATUS or a
 * generator's GEN_STATUS replaced by 0.
 */
const CONSTANTS: Readonly<Record<string, number>> = {
  CT_TBUS: 1,
  CT_TGEN: 2,
  CT_TBRCH: 3,
  CT_TAREABUS: 4,
  CT_TAREAGEN: 5,
  CT_TAREABRCH: 6,
  CT_TLOAD: 7,
  CT_TAREALOAD: 8,
  CT_TGENCOST: 9,
  CT_TAREAGENCOST: 10,
  CT_REP: 1,
  CT_REL: 2,
  CT_ADD: 3,
  BR_STATUS: 11,
  GEN_STATUS: 8,
  // Other columns a change table may set (not outages, but named so the row reads).
  BR_R: 3,
  BR_X: 4,
  BR_B: 5,
  RATE_A: 6,
  RATE_B: 7,
  RATE_C: 8,
  PG: 2,
  QG: 3,
  PMAX: 9,
  PMIN: 10,
  PD: 3,
  QD: 4,
};
const CT_TGEN = 2;
const CT_TBRCH = 3;
const CT_REP = 1;
const BR_STATUS = 11;
const GEN_STATUS = 8;

/** Strips a `%` comment (contab files hold no quoted strings in their table). */
const uncommented = (line: string) => {
  const at = line.indexOf('%');
  return at < 0 ? line : line.slice(0, at);
};

/**
 * Reads a MATPOWER contingency (change) table — `chgtab = [ label prob table row col chgtype
 * newval; … ];`, as `PSSECON2CHGTAB` writes the public ACTIVSg files — into outages of `net`.
 * Rows sharing a label are one contingency (an N-2 is two rows). A row that is not an outage,
 * or names an element the case lacks, is listed with its line and why, and its contingency is
 * left out whole (BLOCK_DROPPED): never screened on a partial definition.
 */
export function readContab(text: string, net: Network): ContingencySet {
  const lines = text.split(/\r?\n/);
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*\w+\s*=\s*\[/.test(uncommented(lines[i]!))) {
      start = i;
      break;
    }
  }
  if (start < 0) {
    throw new EngineError(
      'CONTINGENCY_FILE_INVALID',
      'no change table (`chgtab = [ … ];`) in the file',
    );
  }
  const byLabel = new Map<string, { branches: number[]; generators: number[]; line: number }>();
  const unresolved: UnresolvedLine[] = [];
  /** Labels with a row that names nothing: never screened on what is left of them. */
  const broken = new Set<string>();
  let closed = false;
  for (let i = start; i < lines.length && !closed; i++) {
    let body = uncommented(lines[i]!);
    if (i === start) body = body.slice(body.indexOf('[') + 1);
    const end = body.indexOf(']');
    if (end >= 0) {
      body = body.slice(0, end);
      closed = true;
    }
    for (const row of body.split(';')) {
      const fields = row
        .trim()
        .split(/[\s,]+/)
        .filter((f) => f !== '');
      if (fields.length === 0) continue;
      const line = i + 1;
      const text = lines[i]!.trim();
      const values = fields.map((f) => CONSTANTS[f] ?? Number(f));
      if (fields.length !== 7 || values.some((v) => !Number.isFinite(v))) {
        const label = Number(fields[0]);
        if (Number.isFinite(label)) broken.add(String(label));
        unresolved.push({
          line,
          text,
          code: 'SYNTAX',
          reason: 'expected 7 numbers: label prob table row col chgtype newval',
        });
        continue;
      }
      const [label, , table, rowNumber, column, changeType, newValue] = values as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const key = String(label);
      const fail = (entry: UnresolvedLine) => {
        unresolved.push(entry);
        broken.add(key);
      };
      const isBranch = table === CT_TBRCH;
      const isGenerator = table === CT_TGEN;
      if (!isBranch && !isGenerator) {
        fail({
          line,
          text,
          code: 'TABLE_NOT_SUPPORTED',
          reason: 'only branch (CT_TBRCH) and generator (CT_TGEN) outages are contingencies',
        });
        continue;
      }
      const statusColumn = isBranch ? BR_STATUS : GEN_STATUS;
      if (column !== statusColumn || changeType !== CT_REP || newValue !== 0) {
        fail({
          line,
          text,
          code: 'CHANGE_NOT_OUTAGE',
          reason: `not an outage: only ${isBranch ? 'BR_STATUS' : 'GEN_STATUS'} CT_REP 0 takes an element out`,
        });
        continue;
      }
      const count = isBranch ? net.branches.count : net.generators.count;
      if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > count) {
        fail({
          line,
          text,
          code: 'ELEMENT_NOT_IN_CASE',
          reason: `${isBranch ? 'branch' : 'generator'} row ${rowNumber} is not in the case (1 to ${count})`,
        });
        continue;
      }
      let entry = byLabel.get(key);
      if (entry === undefined) {
        entry = { branches: [], generators: [], line };
        byLabel.set(key, entry);
      }
      const list = isBranch ? entry.branches : entry.generators;
      if (!list.includes(rowNumber - 1)) list.push(rowNumber - 1);
    }
  }
  if (!closed) {
    throw new EngineError('CONTINGENCY_FILE_INVALID', 'the change table is never closed (`];`)', {
      line: start + 1,
    });
  }
  for (const label of broken) {
    // A label all of whose rows failed is already listed row by row.
    const kept = byLabel.get(label);
    if (kept === undefined) continue;
    unresolved.push({
      line: kept.line,
      text: lines[kept.line - 1]!.trim(),
      code: 'BLOCK_DROPPED',
      reason: `contingency ${label} left out whole: one of its rows names nothing the case has`,
    });
  }
  const contingencies: Contingency[] = [...byLabel]
    .filter(([label]) => !broken.has(label))
    .map(([label, entry]) => ({
      label,
      branches: entry.branches,
      generators: entry.generators,
      line: entry.line,
    }));
  return { contingencies, unresolved, counts: countContingencies(contingencies) };
}
