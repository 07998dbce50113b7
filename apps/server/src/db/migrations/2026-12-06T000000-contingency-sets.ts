import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * A case's contingency definitions (issue #30): the planner's file as text (a contab or a
 * PSS/E .con, read as Latin-1 like the engine's CLI), its format and what it gives. One per case;
 * none: every branch, one at a time. Text on both dialects: it is read whole, never queried.
 */
export function contingencySets(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('case_contingency_sets')
        .addColumn('case_id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('format', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('counts_json', 'text', (col) => col.notNull())
        .addColumn('uploaded_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('case_contingency_sets').execute();
    },
  };
}
