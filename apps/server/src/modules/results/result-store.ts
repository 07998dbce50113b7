import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/dialect';
import type { ResultPartsTable } from '../../db/schema';
import type { StoredSegment } from '../../http/json-segments';
import type { EncodedFlexibility, EncodedPart } from './result-encoding';

/** Segments larger than this are stored in chunks of this size and read one at a time. */
export const CHUNK_BYTES = 256 * 1024;
/**
 * How much one write transaction carries: SQLite writes on the event loop (better-sqlite3), and
 * 512 KiB commits in 1–3 ms (15 ms when it checkpoints the WAL) on the measuring machine.
 */
const BATCH_BYTES = 512 * 1024;
const BATCH_ROWS = 200;

type Write = { weight: number; run: (tx: Db) => Promise<unknown> };

const bytesOf = (view: Uint8Array) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

function partWrites(resultId: string, parts: readonly EncodedPart[]): Write[] {
  const writes: Write[] = [];
  for (const { name, segment } of parts) {
    const deflate = bytesOf(segment.deflate);
    const chunkCount = Math.max(1, Math.ceil(deflate.length / CHUNK_BYTES));
    const meta = {
      result_id: resultId,
      name,
      etag: segment.etag,
      crc32: segment.crc32,
      text_bytes: segment.textBytes,
      stored_bytes: deflate.length,
      chunk_count: chunkCount,
    };
    if (chunkCount === 1) {
      writes.push({
        weight: deflate.length,
        run: (tx) =>
          tx
            .insertInto('result_parts')
            .values({ ...meta, inline_bytes: deflate })
            .execute(),
      });
      continue;
    }
    writes.push({
      weight: 0,
      run: (tx) =>
        tx
          .insertInto('result_parts')
          .values({ ...meta, inline_bytes: null })
          .execute(),
    });
    for (let seq = 0; seq < chunkCount; seq++) {
      const bytes = deflate.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
      writes.push({
        weight: bytes.length,
        run: (tx) =>
          tx
            .insertInto('result_part_chunks')
            .values({ result_id: resultId, name, seq, bytes })
            .execute(),
      });
    }
  }
  return writes;
}

/** Rows inserted `BATCH_ROWS` at a time. */
function rowWrites<T>(
  rows: readonly T[],
  weigh: (row: T) => number,
  insert: (tx: Db, rows: T[]) => Promise<unknown>,
): Write[] {
  const writes: Write[] = [];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const slice = rows.slice(start, start + BATCH_ROWS);
    writes.push({
      weight: slice.reduce((sum, row) => sum + weigh(row), 0),
      run: (tx) => insert(tx, slice),
    });
  }
  return writes;
}

function flexibilityWrites(resultId: string, flexibility: EncodedFlexibility): Write[] {
  const members = flexibility.levels.flatMap((level) =>
    level.constraintIds.map((constraintId, position) => ({
      result_id: resultId,
      figure: level.figure,
      level: level.level,
      position,
      constraint_id: constraintId,
    })),
  );
  return [
    ...partWrites(resultId, flexibility.parts),
    ...rowWrites(
      flexibility.constraints,
      (row) => row.summaryJson.length,
      (tx, rows) =>
        tx
          .insertInto('result_constraints')
          .values(
            rows.map((row) => ({
              result_id: resultId,
              constraint_id: row.id,
              summary_json: row.summaryJson,
            })),
          )
          .execute(),
    ),
    ...rowWrites(
      flexibility.levels,
      () => 64,
      (tx, rows) =>
        tx
          .insertInto('result_levels')
          .values(
            rows.map((level) => ({
              result_id: resultId,
              figure: level.figure,
              level: level.level,
              transfer_mw: level.transferMw,
              flexibility_percent: level.flexibilityPercent,
              constraint_count: level.constraintIds.length,
            })),
          )
          .execute(),
    ),
    ...rowWrites(
      members,
      () => 48,
      (tx, rows) => tx.insertInto('result_level_constraints').values(rows).execute(),
    ),
  ];
}

/**
 * Stores a result's parts under a new result id, before the transaction that shows it: in
 * transactions of about 2 MB each with a turn of the event loop between them, so a 10,000-bus
 * result (about 20 MB compressed) never holds the database or the loop for long. Until a row
 * names the id, nobody reads it; a job that cannot show it deletes it (`deleteResult`).
 */
export async function writeResult(
  db: Db,
  write: {
    caseId: string;
    jobId: string;
    parts: readonly EncodedPart[];
    flexibility: EncodedFlexibility | null;
  },
): Promise<string> {
  const resultId = randomUUID();
  await db
    .insertInto('results')
    .values({
      result_id: resultId,
      case_id: write.caseId,
      job_id: write.jobId,
      created_at: nowIso(),
    })
    .execute();
  const writes = [
    ...partWrites(resultId, write.parts),
    ...(write.flexibility === null ? [] : flexibilityWrites(resultId, write.flexibility)),
  ];
  let batch: Write[] = [];
  let weight = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    weight = 0;
    await db.transaction().execute(async (tx) => {
      for (const each of current) await each.run(tx);
    });
    // Let waiting requests in between two transactions.
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const each of writes) {
    if (weight + each.weight > BATCH_BYTES) await flush();
    batch.push(each);
    weight += each.weight;
  }
  await flush();
  return resultId;
}

/** Deletes a result and its parts (cascade). */
export async function deleteResult(db: Db, resultId: string): Promise<void> {
  await db.deleteFrom('results').where('result_id', '=', resultId).execute();
}

/**
 * After a job showed its result: the results its earlier attempts wrote but never showed, and
 * the results its write replaced, unless a row still shows them.
 */
export async function deleteReplacedResults(
  db: Db,
  jobId: string,
  keep: string,
  replaced: readonly (string | null)[],
): Promise<void> {
  const stale = await db
    .selectFrom('results')
    .select('result_id')
    .where('job_id', '=', jobId)
    .where('result_id', '<>', keep)
    .execute();
  const candidates = new Set([
    ...stale.map((row) => row.result_id),
    ...replaced.filter((id): id is string => id !== null && id !== keep),
  ]);
  for (const resultId of candidates) {
    const [shownByCase, shownByGroup] = await Promise.all([
      db
        .selectFrom('case_api_data')
        .select('case_id')
        .where('result_id', '=', resultId)
        .executeTakeFirst(),
      db
        .selectFrom('case_group_analyses')
        .select('analysis_id')
        .where('result_id', '=', resultId)
        .executeTakeFirst(),
    ]);
    if (shownByCase === undefined && shownByGroup === undefined) await deleteResult(db, resultId);
  }
}

type PartRow = Pick<
  Selectable<ResultPartsTable>,
  'etag' | 'crc32' | 'text_bytes' | 'stored_bytes' | 'chunk_count' | 'inline_bytes'
>;
const partColumns = [
  'etag',
  'crc32',
  'text_bytes',
  'stored_bytes',
  'chunk_count',
  'inline_bytes',
] as const;

/**
 * Least recently used entries up to a byte budget. Stored results never change (a new one gets
 * a new id), so what was read of them can be kept: under issue #16's load the same parts and
 * pages are asked for again and again, and each query saved matters most on PostgreSQL, where
 * it is a round trip through a pool of ten connections.
 */
export class ResultCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string): V | undefined {
    const found = this.#entries.get(key);
    if (found === undefined) return undefined;
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.value;
  }

  set(key: string, value: V, bytes: number): void {
    if (this.#entries.has(key) || bytes > this.budget) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budget) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }
}

/**
 * The chunks read last, up to 64 MB: when many clients read the same national document (~9 MB)
 * its chunks come from the database once, not once per client (a 256 KiB chunk took 0.2–0.9 ms
 * of the event loop to read from SQLite under issue #16's load).
 */
const chunkCache = new ResultCache<Buffer>(64 * 1024 * 1024);
/** Parts' stored facts and inline bytes (a summary, a constraint's generators), up to 32 MB. */
const partCache = new ResultCache<PartRow | null>(32 * 1024 * 1024);

/** A part's stored facts, and its bytes read in order as they are sent. */
export async function findPart(
  db: Db,
  resultId: string,
  name: string,
): Promise<StoredSegment | null> {
  const [part = null] = await findParts(db, [[resultId, name]]);
  return part;
}

const partKey = (resultId: string, name: string) => `${resultId}\n${name}`;

/** Several parts in one query (none when all were read before), in the order asked. */
export async function findParts(
  db: Db,
  wanted: readonly (readonly [resultId: string, name: string])[],
): Promise<(StoredSegment | null)[]> {
  const missing = wanted.filter(
    ([resultId, name]) => partCache.get(partKey(resultId, name)) === undefined,
  );
  if (missing.length > 0) {
    const rows = await db
      .selectFrom('result_parts')
      .select(['result_id', 'name', ...partColumns])
      .where((eb) =>
        eb.or(
          missing.map(([resultId, name]) =>
            eb.and([eb('result_id', '=', resultId), eb('name', '=', name)]),
          ),
        ),
      )
      .execute();
    for (const [resultId, name] of missing) {
      const row = rows.find((each) => each.result_id === resultId && each.name === name) ?? null;
      // A missing part is remembered too (a result without flexibility stays without).
      partCache.set(partKey(resultId, name), row, 256 + (row?.inline_bytes?.length ?? 0));
    }
  }
  return wanted.map(([resultId, name]) => {
    const row = partCache.get(partKey(resultId, name));
    return row === undefined || row === null ? null : storedPart(db, resultId, name, row);
  });
}

function storedPart(db: Db, resultId: string, name: string, row: PartRow): StoredSegment {
  const inline = row.inline_bytes;
  return {
    etag: row.etag,
    crc32: Number(row.crc32),
    textBytes: Number(row.text_bytes),
    storedBytes: Number(row.stored_bytes),
    async *chunks() {
      if (inline !== null) {
        yield inline;
        return;
      }
      for (let seq = 0; seq < row.chunk_count; seq++) {
        const key = `${resultId}\n${name}\n${seq}`;
        let bytes = chunkCache.get(key);
        if (bytes === undefined) {
          const chunk = await db
            .selectFrom('result_part_chunks')
            .select('bytes')
            .where('result_id', '=', resultId)
            .where('name', '=', name)
            .where('seq', '=', seq)
            .executeTakeFirst();
          // Replaced while it was being sent: end the answer short rather than send other bytes.
          if (chunk === undefined) {
            throw new Error(`result part ${resultId}/${name} lost chunk ${seq}`);
          }
          bytes = chunk.bytes;
          chunkCache.set(key, bytes, bytes.length);
        }
        yield bytes;
      }
    },
  };
}

/** One level of a result: its facts, or null when the figure has no such level. */
export async function findLevel(
  db: Db,
  resultId: string,
  figure: 'attributable' | 'strict',
  level: number,
) {
  return (
    (await db
      .selectFrom('result_levels')
      .select(['transfer_mw', 'flexibility_percent', 'constraint_count'])
      .where('result_id', '=', resultId)
      .where('figure', '=', figure)
      .where('level', '=', level)
      .executeTakeFirst()) ?? null
  );
}

/** A page of a level's constraint summaries (stored JSON texts), in the level's order. */
export async function levelConstraintTexts(
  db: Db,
  resultId: string,
  query: { figure: 'attributable' | 'strict'; level: number; offset: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('result_level_constraints as m')
    .innerJoin('result_constraints as c', (join) =>
      join
        .onRef('c.result_id', '=', 'm.result_id')
        .onRef('c.constraint_id', '=', 'm.constraint_id'),
    )
    .select('c.summary_json')
    .where('m.result_id', '=', resultId)
    .where('m.figure', '=', query.figure)
    .where('m.level', '=', query.level)
    .orderBy('m.position')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map((row) => row.summary_json);
}
