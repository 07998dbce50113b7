import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The format version of the stored demo data: a server whose demo results have a newer format
 * (DEMO_DATA_VERSION in modules/demo) rebuilds them at start. Rows from before are version 0.
 */
export function demoDataVersion(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('demo_cases')
        .addColumn('data_version', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('demo_cases').dropColumn('data_version').execute();
    },
  };
}
