import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * The network view of each analysed case (issue #9): buses with their layout, branches with
 * base-case flows, generators. Written by the analysis job with the result; one row per case,
 * plus one for the demo study's network. Text on both dialects: it is read whole, never queried.
 */
export function caseNetworks(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('case_networks')
        .addColumn('case_id', 'text', (col) => col.primaryKey())
        .addColumn('network_json', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('case_networks').execute();
    },
  };
}
