import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Flexibility results per study group (issue #21, docs/decisions/013). A case's upload runs
 * its analysis with the default group (or the one asked for with `?group=`); the user can run
 * the flexibility again with other groups, each a job of kind 'group'. Every group's result is
 * kept, one row per (case, group key), so the screen can switch between them: the flexibility
 * stored gzip-compressed with its entity tag (as the case data), and the figures the list
 * shows. `analysis_jobs.study_group` is the group a job runs (null: the default rule).
 */
export function groupAnalyses(d: DialectSql): Migration {
  const bytes = d.name === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('analysis_jobs').addColumn('study_group', 'text').execute();
      await db.schema
        .createTable('case_group_analyses')
        .addColumn('analysis_id', 'text', (col) => col.primaryKey())
        .addColumn('case_id', 'text', (col) =>
          col.notNull().references('cases.case_id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('group_key', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('chosen_by', 'text', (col) => col.notNull())
        /** The job computing it now (or that computed it). */
        .addColumn('job_id', 'text', (col) => col.notNull())
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('tmax_mw', d.double)
        .addColumn('fcitc_attributable_mw', d.double)
        .addColumn('fcitc_strict_mw', d.double)
        .addColumn('pre_existing_count', 'integer')
        .addColumn('unit_count', 'integer')
        .addColumn('flexibility_gzip', bytes)
        .addColumn('flexibility_etag', 'text')
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addColumn('updated_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addUniqueConstraint('case_group_analyses_case_group_key', ['case_id', 'group_key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('case_group_analyses').execute();
      await db.schema.alterTable('analysis_jobs').dropColumn('study_group').execute();
    },
  };
}
