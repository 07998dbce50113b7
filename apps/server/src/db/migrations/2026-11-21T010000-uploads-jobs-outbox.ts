import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/** Uploads stored before their job is queued, the jobs themselves, and the mail outbox. */
export function uploadsJobsOutbox(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size_bytes', d.bigint, (col) => col.notNull())
        .addColumn('sha256', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();

      await db.schema
        .createTable('analysis_jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('upload_id', 'text', (col) => col.notNull().references('uploads.id'))
        .addColumn('case_id', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) =>
          col.notNull().check(sqlIn(['queued', 'running', 'done', 'failed'])),
        )
        .addColumn('progress_percent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('stage', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addColumn('started_at', d.timestamp)
        .addColumn('finished_at', d.timestamp)
        .addColumn('updated_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema
        .createIndex('analysis_jobs_user_idx')
        .on('analysis_jobs')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('analysis_jobs_state_idx')
        .on('analysis_jobs')
        .columns(['state', 'created_at'])
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', d.autoIncrementId, (col) =>
          d.name === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey(),
        )
        .addColumn('to_address', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body_text', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_outbox').execute();
      await db.schema.dropTable('analysis_jobs').execute();
      await db.schema.dropTable('uploads').execute();
    },
  };
}

/** A CHECK over literal values (never user input): constraints cannot take parameters. */
function sqlIn(values: string[]) {
  return sql.raw(`state in (${values.map((value) => `'${value}'`).join(', ')})`);
}
