import { crc32, inflateRawSync } from 'node:zlib';
import { studyProblemWords } from '@holgura/contracts';
import { fileProblem, type StudyProblem } from './study-problem';
import { STUDY_FILE_LIMITS } from './workbook-format';

/**
 * exceljs cannot bound what it decompresses: it hands the upload to JSZip, which inflates every
 * part fully in memory and only then compares the result with the declared size; then exceljs
 * turns each merged range and each data-validation range into one object per cell (a 40-byte
 * `A1:XFD1048576` is seventeen billion). So exceljs never sees the user's zip. This guard reads
 * the zip's central directory, refuses a workbook whose declared sizes are too large, inflates
 * each part with a cap equal to its declared size (so a part that lies is cut off, not
 * believed), drops the ranges the reader does not need, and hands exceljs a zip it rebuilt from
 * those bounded parts.
 */
export type GuardResult = { ok: true; bytes: Buffer } | { ok: false; problem: StudyProblem };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** OLE compound files: old .xls workbooks, and .xlsx workbooks encrypted with a password. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const words = studyProblemWords.xlsx;
const NOT_XLSX = words.notXlsx;
const OLD_OR_ENCRYPTED = words.oldOrEncrypted;
const DAMAGED = words.damaged;

const megabytes = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });
export function formatMegabytes(bytes: number): string {
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const refuse = (code: StudyProblem['code'], detail: string): GuardResult => ({
  ok: false,
  problem: fileProblem(code, detail),
});

export function guardXlsx(input: Uint8Array): GuardResult {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (OLE_MAGIC.every((byte, i) => bytes[i] === byte)) {
    return refuse('STUDY_FILE_NOT_XLSX', OLD_OR_ENCRYPTED);
  }
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    return refuse('STUDY_FILE_NOT_XLSX', NOT_XLSX);
  }
  const entries = readCentralDirectory(bytes);
  if (!Array.isArray(entries)) return entries;
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml')) {
    return refuse('STUDY_FILE_NOT_XLSX', words.zipNotWorkbook);
  }
  const parts: { name: string; data: Buffer }[] = [];
  let cellsAndRows = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const data = inflateEntry(bytes, entry);
    if (!Buffer.isBuffer(data)) return data;
    if (!isWorksheet(entry.name)) {
      parts.push({ name: entry.name, data });
      continue;
    }
    // latin1 maps bytes one to one, so the XML's UTF-8 text survives the round trip untouched.
    const xml = data.toString('latin1');
    cellsAndRows += countElements(xml, 'c') + countElements(xml, 'row');
    if (cellsAndRows > STUDY_FILE_LIMITS.maxCellsAndRows) {
      const max = STUDY_FILE_LIMITS.maxCellsAndRows.toLocaleString('es-CO');
      return refuse('STUDY_FILE_UNSAFE', words.tooManyCells(max));
    }
    const stripped = withoutCellRanges(xml);
    parts.push({
      name: entry.name,
      data: stripped.length === xml.length ? data : Buffer.from(stripped, 'latin1'),
    });
  }
  return { ok: true, bytes: storedZip(parts) };
}

function readCentralDirectory(bytes: Buffer): Entry[] | GuardResult {
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return refuse('STUDY_FILE_NOT_XLSX', DAMAGED);
  const count = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // All-ones fields mean ZIP64, made for archives of gigabytes: a 5 MB workbook never needs it.
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    return refuse('STUDY_FILE_UNSAFE', words.zip64);
  }
  if (count > STUDY_FILE_LIMITS.maxEntries) {
    return refuse('STUDY_FILE_UNSAFE', words.tooManyEntries(count, STUDY_FILE_LIMITS.maxEntries));
  }
  if (directoryOffset + directorySize > eocd) return refuse('STUDY_FILE_NOT_XLSX', DAMAGED);

  const entries: Entry[] = [];
  const names = new Set<string>();
  let declared = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      return refuse('STUDY_FILE_NOT_XLSX', DAMAGED);
    }
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: Entry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      name: bytes.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    if (flags & 0x1) return refuse('STUDY_FILE_NOT_XLSX', OLD_OR_ENCRYPTED);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) {
      return refuse('STUDY_FILE_UNSAFE', words.zip64);
    }
    if ((entry.method !== 0 && entry.method !== 8) || names.has(entry.name)) {
      return refuse('STUDY_FILE_NOT_XLSX', DAMAGED);
    }
    declared += entry.size;
    if (declared > STUDY_FILE_LIMITS.maxUncompressedBytes) {
      return refuse(
        'STUDY_FILE_UNSAFE',
        words.tooLargeUncompressed(formatMegabytes(STUDY_FILE_LIMITS.maxUncompressedBytes)),
      );
    }
    names.add(entry.name);
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function inflateEntry(bytes: Buffer, entry: Entry): Buffer | GuardResult {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) {
    return refuse('STUDY_FILE_NOT_XLSX', DAMAGED);
  }
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) return refuse('STUDY_FILE_NOT_XLSX', DAMAGED);
  const raw = bytes.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  try {
    // Never more than the part declared: a part that decompresses to more is refused as soon as
    // it passes its declared size, whatever the compression ratio.
    data =
      entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    return tooLarge ? lyingSize() : refuse('STUDY_FILE_NOT_XLSX', DAMAGED);
  }
  return data.length === entry.size ? data : lyingSize();
}

const lyingSize = () => refuse('STUDY_FILE_UNSAFE', words.lyingSize);

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/**
 * Merged cells and data validations are the two parts of a sheet that exceljs expands cell by
 * cell. The reader needs neither (a merged cell's value is in its first cell), so they go.
 */
function withoutCellRanges(xml: string): string {
  return removeElements(removeElements(xml, 'mergeCells'), 'dataValidations');
}

/** Where each `<tag …>` starts (not `<tagOther`); linear, unlike a regex on hostile input. */
function* elementStarts(xml: string, tag: string): Generator<number> {
  for (let at = xml.indexOf(`<${tag}`); at >= 0; at = xml.indexOf(`<${tag}`, at + 1)) {
    if (/[\s/>]/.test(xml[at + tag.length + 1] ?? '')) yield at;
  }
}

function countElements(xml: string, tag: string): number {
  let count = 0;
  for (const _ of elementStarts(xml, tag)) count += 1;
  return count;
}

/** Drops every `<tag …/>` and `<tag …>…</tag>`. */
function removeElements(xml: string, tag: string): string {
  const kept: string[] = [];
  let from = 0;
  for (const start of elementStarts(xml, tag)) {
    if (start < from) continue;
    const openEnd = xml.indexOf('>', start);
    if (openEnd < 0) break;
    const close = xml[openEnd - 1] === '/' ? openEnd : xml.indexOf(`</${tag}>`, openEnd);
    if (close < 0) break;
    kept.push(xml.slice(from, start));
    from = close === openEnd ? openEnd + 1 : close + tag.length + 3;
  }
  kept.push(xml.slice(from));
  return kept.join('');
}

/** A zip with every part stored uncompressed: the simplest archive JSZip reads. */
function storedZip(parts: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const checksum = crc32(data);
    const local = Buffer.alloc(30 + nameBytes.length);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(0x21, 12); // 1980-01-01: a valid DOS date
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    nameBytes.copy(local, 30);
    const central = Buffer.alloc(46 + nameBytes.length);
    central.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    nameBytes.copy(central, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD_SIGNATURE, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
