import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Issue #31, «Variable limitante» in «Capacidad por barra»:
 *
 * - `case_short_circuits`: a case's short-circuit strength as last computed on request (GET
 *   /api/cases/{caseId}/short-circuit): its status ('ok', or why the data gives no figure), the
 *   X″d it used and the whole answer; `case_short_circuit_buses` each bus's weak-grid MW, which
 *   the capacity table reads beside its figures. Both go with their case.
 * - `busbar_capacity_ac_runs`: an all-bus AC verification job («Verificar todas en AC»): the
 *   result and figure it verifies, the filters it was asked with and how many buses. Its buses
 *   land in busbar_capacity_ac_checks as they are verified, marked with the job
 *   (`job_id`; null: asked bus by bus).
 */
export function weakGridAndAcRuns(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('case_short_circuits')
        .addColumn('case_id', 'text', (col) =>
          col.primaryKey().references('cases.case_id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('xd_pu', d.double)
        .addColumn('scr_min', d.double)
        .addColumn('answer_json', d.json)
        .addColumn('computed_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema
        .createTable('case_short_circuit_buses')
        .addColumn('case_id', 'text', (col) =>
          col.notNull().references('case_short_circuits.case_id').onDelete('cascade'),
        )
        .addColumn('bus_number', 'integer', (col) => col.notNull())
        .addColumn('weak_grid_mw', d.double, (col) => col.notNull())
        .addPrimaryKeyConstraint('case_short_circuit_buses_pk', ['case_id', 'bus_number'])
        .execute();
      await db.schema
        .createTable('busbar_capacity_ac_runs')
        .addColumn('job_id', 'text', (col) =>
          col.primaryKey().references('analysis_jobs.id').onDelete('cascade'),
        )
        .addColumn('result_key', d.bigint, (col) =>
          col.notNull().references('busbar_capacity_results.result_key').onDelete('cascade'),
        )
        .addColumn('case_id', 'text', (col) => col.notNull())
        .addColumn('figure', 'text', (col) => col.notNull())
        .addColumn('filters_json', 'text', (col) => col.notNull())
        .addColumn('total', 'integer', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema
        .createIndex('busbar_capacity_ac_runs_result')
        .on('busbar_capacity_ac_runs')
        .columns(['result_key', 'created_at'])
        .execute();
      await db.schema.alterTable('busbar_capacity_ac_checks').addColumn('job_id', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('busbar_capacity_ac_checks').dropColumn('job_id').execute();
      await db.schema.dropTable('busbar_capacity_ac_runs').execute();
      await db.schema.dropTable('case_short_circuit_buses').execute();
      await db.schema.dropTable('case_short_circuits').execute();
    },
  };
}
