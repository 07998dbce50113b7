import { randomBytes } from 'node:crypto';
import zlib, { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { makeTempDir } from '../app.test-support';
import { CHUNK_BYTES, findPart, writeResult } from '../modules/results/result-store';
import {
  composeAnswer,
  composedText,
  crc32Combine,
  encodeSegment,
  segmentInMemory,
  textPiece,
  type AnswerPiece,
} from './json-segments';

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

describe('spliceable JSON segments (issue #16)', () => {
  it('combines CRC-32s as zlib would compute them over the concatenation', () => {
    for (const [a, b] of [
      ['', ''],
      ['a', ''],
      ['', 'b'],
      ['{"ñ":', 'x'.repeat(100_000)],
      [randomBytes(7).toString('hex'), randomBytes(70_001).toString('base64')],
    ] as const) {
      const left = Buffer.from(a);
      const right = Buffer.from(b);
      expect(crc32Combine(zlib.crc32(left), zlib.crc32(right), right.length)).toBe(
        zlib.crc32(Buffer.concat([left, right])),
      );
    }
  });

  it('sends texts and segments as one valid gzip answer, and as the same text', async () => {
    const big = { nombre: 'Línea ñandú', valores: Array.from({ length: 50_000 }, (_, i) => i / 7) };
    const pieces: AnswerPiece[] = [
      '{"a":',
      segmentInMemory(encodeSegment(JSON.stringify(big))),
      ',"b":',
      segmentInMemory(encodeSegment('[]')),
      ',"c":"é"}',
    ];
    const answer = composeAnswer(pieces);
    const gzip = await collect(answer.gzip());
    expect(gzip.length).toBe(answer.gzipBytes);
    const text = gunzipSync(gzip).toString('utf8');
    expect(JSON.parse(text)).toEqual({ a: big, b: [], c: 'é' });
    const plain = await collect(answer.text());
    expect(plain.length).toBe(answer.textBytes);
    expect(plain.toString('utf8')).toBe(text);
    expect(await composedText(pieces)).toBe(text);
  });

  it('compresses a long text off the event loop, a short one as it is', async () => {
    expect(await textPiece('{"corto":1}')).toBe('{"corto":1}');
    const long = JSON.stringify({ texto: 'ñ'.repeat(200_000) });
    const piece = await textPiece(long);
    expect(typeof piece).not.toBe('string');
    expect(await composedText(['[', piece, ']'])).toBe(`[${long}]`);
  });

  it('stores a large segment in chunks and reads it back across their boundaries', async () => {
    const database = await openDatabase({
      dataDir: makeTempDir('holgura-seg-'),
      databaseUrl: null,
    });
    try {
      const { db } = database;
      await db
        .insertInto('cases')
        .values({
          case_id: 'c',
          user_id: 'u',
          case_name: 'c',
          case_description: null,
          process: null,
          family_id: null,
          family_name: null,
          scenario: null,
          year: null,
          busbar_capacity_mw: null,
          contingency_count: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      // Random text barely compresses: ~2.5 chunks of DEFLATE.
      const text = JSON.stringify(randomBytes(Math.round(CHUNK_BYTES * 2.6)).toString('base64'));
      const small = JSON.stringify({ pequeño: true });
      const resultId = await writeResult(db, {
        caseId: 'c',
        jobId: 'j',
        parts: [
          { name: 'grande', segment: encodeSegment(text) },
          { name: 'chico', segment: encodeSegment(small) },
        ],
        flexibility: null,
      });
      const chunks = await db
        .selectFrom('result_part_chunks')
        .select('seq')
        .where('result_id', '=', resultId)
        .execute();
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      const big = (await findPart(db, resultId, 'grande'))!;
      expect(await composedText([big])).toBe(text);
      const gzip = await collect(composeAnswer(['[', big, ']']).gzip());
      expect(gunzipSync(gzip).toString('utf8')).toBe(`[${text}]`);
      expect(await composedText([(await findPart(db, resultId, 'chico'))!])).toBe(small);
      expect(await findPart(db, resultId, 'ninguno')).toBeNull();
      // Deleting the case deletes its results, parts and chunks.
      await db.deleteFrom('cases').where('case_id', '=', 'c').execute();
      expect(await db.selectFrom('result_part_chunks').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('result_parts').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
