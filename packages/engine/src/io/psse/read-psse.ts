import type { Network, Warning } from '../../model/network';
import { convertCase } from './convert';
import { PsseParseError } from './errors';
import type { RevisionTables } from './fields';
import { AREA, OWNER, SWITCHING_DEVICE, ZONE, revisionTables } from './fields';
import { readHeader } from './header';
import type { SectionKey } from './layout';
import { SECTION_TITLE, sectionOrder } from './layout';
import type { RawRecord } from './records';
import { num, readFields, str } from './records';
import type { Section } from './sections';
import { collectRest, collectSection } from './sections';
import { isHeaderComment, isSectionEnd, parseFortranNumber, tokenize } from './tokenize';
import { warnUnmodelled } from './unmodelled';

export interface ReadPsseOptions {
  /**
   * Reproduce MATPOWER's psse2mpc exactly where it departs from PSS/E: no transformer
   * magnetizing admittance, switched shunts at BINIT even when out of service, 2-winding
   * transformers in service whenever STAT > 0. Default false.
   */
  readonly matpower?: boolean;
}

export interface PsseCase {
  readonly network: Network;
  readonly warnings: Warning[];
  readonly revision: number;
  /** The two title lines of the case identification data, trimmed. */
  readonly titles: readonly [string, string];
  /** Machine id (trimmed) of each generator, in network order. */
  readonly generatorIds: string[];
  /** 1-based line of the record each branch comes from (3-winding: the transformer's line). */
  readonly branchLines: Int32Array;
  /** Records read per modelled category (the CLI's `counts.loads` is `records.loads`). */
  readonly records: {
    readonly loads: number;
    readonly fixedShunts: number;
    readonly switchedShunts: number;
    readonly twoWindingTransformers: number;
    readonly threeWindingTransformers: number;
  };
  /** Names (trimmed) from the area, zone and owner data. */
  readonly areaNames: Map<number, string>;
  readonly zoneNames: Map<number, string>;
  readonly ownerNames: Map<number, string>;
}

/** Reads a PSS/E RAW case (revisions 29 to 35) into the network model, as psse2mpc converts it. */
export function readPsse(text: string, options: ReadPsseOptions = {}): PsseCase {
  // A UTF-8 byte-order mark would make record 1's IC unreadable; CRs are blanks to the tokenizer.
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  const warnings: Warning[] = [];
  const header = readHeader(lines, warnings);
  const rev = header.revision;
  const tables = revisionTables(rev);
  const sections = walkSections(lines, header.dataStart, rev, warnings);
  const read = (key: SectionKey, table: RevisionTables['bus']): RawRecord[] =>
    (sections.get(key)?.lines ?? []).map((i) => ({
      line: i + 1,
      v: readFields(lines[i], i + 1, table, SECTION_TITLE[key]),
    }));

  for (const [key, sec] of sections) {
    if (!MODELLED.has(key)) warnUnmodelled(key, sec, lines, rev, warnings);
  }
  const names = (key: SectionKey, table: RevisionTables['bus'], field: string) =>
    new Map(read(key, table).map((r) => [num(r.v, 'I'), str(r.v, field)] as const));

  const input = {
    rev,
    sbase: header.sbaseMva,
    tables,
    bus: read('bus', tables.bus),
    load: read('load', tables.load),
    fixedShunt: tables.fixedShunt ? read('fixedShunt', tables.fixedShunt) : [],
    generator: read('generator', tables.generator),
    branch: read('branch', tables.branch),
    switchingDevice: read('switchingDevice', SWITCHING_DEVICE),
    transformer: readTransformers(lines, sections.get('transformer'), tables),
    switchedShunt: read('switchedShunt', tables.switchedShunt),
    matpower: options.matpower === true,
    warnings,
  };
  const converted = convertCase(input);
  return {
    ...converted,
    records: {
      loads: input.load.length,
      fixedShunts: input.fixedShunt.length,
      switchedShunts: input.switchedShunt.length,
      twoWindingTransformers: input.transformer.two.length,
      threeWindingTransformers: input.transformer.three.length,
    },
    warnings,
    revision: rev,
    titles: header.titles,
    areaNames: names('area', AREA, 'ARNAME'),
    zoneNames: names('zone', ZONE, 'ZONAME'),
    ownerNames: names('owner', OWNER, 'OWNAME'),
  };
}

const MODELLED = new Set<SectionKey>([
  'bus',
  'load',
  'fixedShunt',
  'generator',
  'branch',
  'switchingDevice',
  'transformer',
  'switchedShunt',
  'area',
  'zone',
  'owner',
]);

/**
 * Categories of one-line records whose first field is a number from 1 up (bus, area, zone,
 * owner): PSS/E ends them at a record numbered 0 even when more fields follow. Multi-line
 * categories are left out: a continuation line may well start with 0 (R1-2 = 0, GNE data).
 */
const ZERO_RECORD_ENDS = new Set<SectionKey>([
  'bus',
  'load',
  'fixedShunt',
  'generator',
  'branch',
  'switchingDevice',
  'area',
  'multiSectionLine',
  'zone',
  'interArea',
  'owner',
  'switchedShunt',
  'inductionMachine',
]);

function walkSections(
  lines: readonly string[],
  start: number,
  rev: number,
  warnings: Warning[],
): Map<SectionKey, Section> {
  const out = new Map<SectionKey, Section>();
  let pos = start;
  let label = '';
  let last: SectionKey | null = null;
  for (const key of sectionOrder(rev)) {
    if (key === 'systemWide' && !hasSystemWideData(lines, pos)) continue;
    // v34 files may or may not have it; the previous terminator's `BEGIN … DATA` label decides.
    if (key === 'switchingDevice' && (label ? !label.includes('SWITCHING') : rev < 35)) continue;
    const sec =
      key === 'substation'
        ? collectRest(lines, pos)
        : collectSection(lines, pos, ZERO_RECORD_ENDS.has(key));
    if (sec.ended === 'eof' && sec.lines.length > 0 && key !== 'substation') {
      throw new PsseParseError(
        'PARSE_RAW_SECTION_TRUNCATED',
        `line ${sec.endLine}: the file ends inside the ${SECTION_TITLE[key]} data (no closing 0 line)`,
        sec.endLine,
      );
    }
    if (sec.ended === 'eof' && !out.has('branch')) {
      // Writers close every category up to the branch data, or stop early with an explicit `Q`;
      // a file that simply ends before its branches was cut short (an interrupted copy).
      throw new PsseParseError(
        'PARSE_RAW_SECTION_TRUNCATED',
        `line ${sec.endLine}: the file ends before the ${SECTION_TITLE[key]} data`,
        sec.endLine,
      );
    }
    if (sec.zeroRecord) {
      warnings.push({
        code: 'PARSE_RAW_RECORD_IGNORED',
        message: `line ${sec.endLine}: a ${SECTION_TITLE[key]} record numbered 0 ends the ${SECTION_TITLE[key]} data (as in PSS/E); the rest of that record is not read`,
        line: sec.endLine,
      });
    }
    out.set(key, sec);
    last = key;
    label = sec.beginLabel;
    pos = sec.next;
    if (sec.ended !== 'zero') return out;
  }
  const rest = collectRest(lines, pos);
  if (rest.lines.length > 0) {
    const line = rest.lines[0] + 1;
    warnings.push({
      code: 'PARSE_RAW_SECTION_IGNORED',
      message: `line ${line}: ${rest.lines.length} lines after the ${last ? SECTION_TITLE[last] : ''} data were not read (no such data category in revision ${rev})`,
      line,
    });
  }
  return out;
}

/** v34+ may open with system-wide data (`GENERAL, THRSHZ=…`, `RATING, 1, …`) up to a `0`. */
function hasSystemWideData(lines: readonly string[], pos: number): boolean {
  for (let i = pos; i < lines.length; i++) {
    const text = lines[i];
    if (isHeaderComment(text) || text.trim() === '') continue;
    if (isSectionEnd(text)) return /SYSTEM.WIDE/i.test(text);
    const first = tokenize(text).fields[0] ?? '';
    return Number.isNaN(parseFortranNumber(first));
  }
  return false;
}

/** Transformer records: 4 lines for 2-winding (K = 0), 5 for 3-winding, read as one record. */
function readTransformers(
  lines: readonly string[],
  sec: Section | undefined,
  t: RevisionTables,
): { two: RawRecord[]; three: RawRecord[] } {
  const two: RawRecord[] = [];
  const three: RawRecord[] = [];
  const recs = sec?.lines ?? [];
  for (let k = 0; k < recs.length;) {
    const line = recs[k] + 1;
    const v = readFields(lines[recs[k]], line, t.xfRecord1, 'transformer');
    const isThree = num(v, 'K') !== 0;
    const n = isThree ? 5 : 4;
    if (k + n > recs.length) {
      const at = recs[recs.length - 1] + 1;
      throw new PsseParseError(
        'PARSE_RAW_SECTION_TRUNCATED',
        `line ${line}: the ${isThree ? '3' : '2'}-winding transformer record needs ${n} lines; the transformer data ends at line ${at}`,
        at,
      );
    }
    const more = isThree
      ? [t.xfImpedance3, t.xfWinding[0], t.xfWinding[1], t.xfWinding[2]]
      : [t.xfImpedance2, t.xfWinding[0], t.xfEnd2];
    more.forEach((table, j) =>
      readFields(lines[recs[k + 1 + j]], recs[k + 1 + j] + 1, table, 'transformer', v),
    );
    (isThree ? three : two).push({ line, v });
    k += n;
  }
  return { two, three };
}
