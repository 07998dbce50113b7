import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Issue #32, a year of hours: `case_hourly_profiles`, a case's hourly profiles (a MATPOWER
 * hourly change table or a CSV) as text with its content key and what it gives on the case (its
 * summary as JSON). One per case; it goes with its case.
 */
export function hourlyProfiles(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('case_hourly_profiles')
        .addColumn('case_id', 'text', (col) =>
          col.primaryKey().references('cases.case_id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('format', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('content_sha256', 'text', (col) => col.notNull())
        .addColumn('summary_json', d.json, (col) => col.notNull())
        .addColumn('uploaded_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('case_hourly_profiles').execute();
    },
  };
}
