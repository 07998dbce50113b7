import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * A result stored in the parts screens and clients read (issue #16, docs/decisions/015), instead
 * of one document of up to 80 MB per case:
 *
 * - `results`: one row per written result (an upload's analysis or a group's flexibility), by
 *   the job that wrote it; deleting it deletes its parts. `case_api_data.result_id` and
 *   `case_group_analyses.result_id` name the result each shows.
 * - `result_parts`: JSON texts compressed as spliceable DEFLATE segments (http/json-segments.ts)
 *   with their CRC-32, length and entity tag; a segment of one chunk is kept inline.
 * - `result_part_chunks`: larger segments in chunks of 256 KiB, read as they are sent.
 * - `result_constraints`, `result_levels`, `result_level_constraints`: each constraint's summary
 *   text and each level's members in order, so a level is paged by the database.
 *
 * And an index on `analysis_jobs.case_id`, for the paged case list's join.
 */
export function resultParts(d: DialectSql): Migration {
  const bytes = d.name === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('results')
        .addColumn('result_id', 'text', (col) => col.primaryKey())
        .addColumn('case_id', 'text', (col) =>
          col.notNull().references('cases.case_id').onDelete('cascade'),
        )
        .addColumn('job_id', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema.createIndex('results_case_id').on('results').column('case_id').execute();
      await db.schema.createIndex('results_job_id').on('results').column('job_id').execute();
      await db.schema
        .createTable('result_parts')
        .addColumn('result_id', 'text', (col) =>
          col.notNull().references('results.result_id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('etag', 'text', (col) => col.notNull())
        .addColumn('crc32', d.bigint, (col) => col.notNull())
        .addColumn('text_bytes', d.bigint, (col) => col.notNull())
        .addColumn('stored_bytes', d.bigint, (col) => col.notNull())
        .addColumn('chunk_count', 'integer', (col) => col.notNull())
        .addColumn('inline_bytes', bytes)
        .addPrimaryKeyConstraint('result_parts_pk', ['result_id', 'name'])
        .execute();
      await db.schema
        .createTable('result_part_chunks')
        .addColumn('result_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('bytes', bytes, (col) => col.notNull())
        .addPrimaryKeyConstraint('result_part_chunks_pk', ['result_id', 'name', 'seq'])
        .addForeignKeyConstraint(
          'result_part_chunks_part',
          ['result_id', 'name'],
          'result_parts',
          ['result_id', 'name'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createTable('result_constraints')
        .addColumn('result_id', 'text', (col) =>
          col.notNull().references('results.result_id').onDelete('cascade'),
        )
        .addColumn('constraint_id', 'integer', (col) => col.notNull())
        .addColumn('summary_json', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('result_constraints_pk', ['result_id', 'constraint_id'])
        .execute();
      await db.schema
        .createTable('result_levels')
        .addColumn('result_id', 'text', (col) =>
          col.notNull().references('results.result_id').onDelete('cascade'),
        )
        .addColumn('figure', 'text', (col) => col.notNull())
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('transfer_mw', d.double, (col) => col.notNull())
        .addColumn('flexibility_percent', d.double, (col) => col.notNull())
        .addColumn('constraint_count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('result_levels_pk', ['result_id', 'figure', 'level'])
        .execute();
      await db.schema
        .createTable('result_level_constraints')
        .addColumn('result_id', 'text', (col) =>
          col.notNull().references('results.result_id').onDelete('cascade'),
        )
        .addColumn('figure', 'text', (col) => col.notNull())
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('constraint_id', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('result_level_constraints_pk', [
          'result_id',
          'figure',
          'level',
          'position',
        ])
        .execute();
      // The case list joins each page's cases with their upload's job.
      await db.schema
        .createIndex('analysis_jobs_case_idx')
        .on('analysis_jobs')
        .column('case_id')
        .execute();
      await db.schema.alterTable('case_api_data').addColumn('result_id', 'text').execute();
      await db.schema.alterTable('case_group_analyses').addColumn('result_id', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('case_group_analyses').dropColumn('result_id').execute();
      await db.schema.alterTable('case_api_data').dropColumn('result_id').execute();
      await db.schema.dropIndex('analysis_jobs_case_idx').execute();
      for (const table of [
        'result_level_constraints',
        'result_levels',
        'result_constraints',
        'result_part_chunks',
        'result_parts',
        'results',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
