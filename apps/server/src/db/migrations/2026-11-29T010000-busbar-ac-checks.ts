import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * The AC check of a bus's capacity (issue #25): a Newton power flow at the figure's limiting
 * constraint, asked for one bus at a time from «Capacidad por barra» and kept with the result it
 * checks (the table shows it, the downloads carry it). One row per (result, bus, figure);
 * deleting the result deletes them.
 */
export function busbarAcChecks(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('busbar_capacity_ac_checks')
        .addColumn('result_key', d.bigint, (col) =>
          col.notNull().references('busbar_capacity_results.result_key').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('figure', 'text', (col) => col.notNull())
        /** Contracts' AcCheckResult JSON; null: nothing binds before the cap, nothing to check. */
        .addColumn('check_json', 'text')
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addPrimaryKeyConstraint('busbar_capacity_ac_checks_pk', [
          'result_key',
          'position',
          'figure',
        ])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('busbar_capacity_ac_checks').execute();
    },
  };
}
