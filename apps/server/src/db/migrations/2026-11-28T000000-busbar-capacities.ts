import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * The N-1 capacity of every busbar of an analysed case (issue #17, docs/decisions/016), computed
 * by a job of kind 'capacity' and read in pages sorted and filtered by the database:
 *
 * - `busbar_capacity_results`: one row per written result, by the job (and attempt) that wrote
 *   it, with how it was computed and its summary. `shown_at` is set by the transaction that
 *   closes the job: until then its rows are invisible, and a result whose job did not close
 *   (a dead thread, a stale attempt) is deleted. Deleting the case deletes it.
 * - `busbar_capacity_rows`: one row per bus (10,000 for ACTIVSg10k), both figures as numbers
 *   with their limiting branches as 1-based rows, and the worsened pre-existing violation;
 *   indexed for each sort of the table.
 * - `busbar_capacity_branches`: the names of the branches those rows name, once per result.
 */
export function busbarCapacities(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('busbar_capacity_results')
        // Never reused (SQLite AUTOINCREMENT): answers' entity tags name it.
        .addColumn('result_key', d.autoIncrementId, (col) =>
          d.name === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey(),
        )
        .addColumn('case_id', 'text', (col) =>
          col.notNull().references('cases.case_id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('job_id', 'text', (col) => col.notNull())
        .addColumn('bus_count', 'integer', (col) => col.notNull())
        .addColumn('cap_mw', d.double, (col) => col.notNull())
        .addColumn('options_json', 'text', (col) => col.notNull())
        .addColumn('summary_json', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addColumn('shown_at', d.timestamp)
        .execute();
      await db.schema
        .createIndex('busbar_capacity_results_case')
        .on('busbar_capacity_results')
        .columns(['case_id', 'shown_at'])
        .execute();
      const figure = (prefix: string) =>
        [
          [`${prefix}_mw`, d.double],
          [`${prefix}_monitored`, 'integer'],
          [`${prefix}_contingency`, 'integer'],
          [`${prefix}_df`, d.double],
        ] as const;
      let rows = db.schema
        .createTable('busbar_capacity_rows')
        .addColumn('result_key', d.bigint, (col) =>
          col.notNull().references('busbar_capacity_results.result_key').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('bus_number', 'integer', (col) => col.notNull())
        .addColumn('bus_name', 'text', (col) => col.notNull())
        .addColumn('bus_name_lower', 'text', (col) => col.notNull())
        .addColumn('base_kv', d.double, (col) => col.notNull())
        .addColumn('area', 'integer', (col) => col.notNull())
        .addColumn('zone', 'integer', (col) => col.notNull())
        .addColumn('in_island', 'integer', (col) => col.notNull());
      for (const [name, type] of [
        ...figure('att'),
        ...figure('strict'),
        ['worse_monitored', 'integer'],
        ['worse_contingency', 'integer'],
        ['worse_df', d.double],
      ] as const) {
        rows = rows.addColumn(name, type);
      }
      await rows
        .addPrimaryKeyConstraint('busbar_capacity_rows_pk', ['result_key', 'position'])
        .execute();
      // One index per sort of the table (the page query walks it and stops at the page).
      for (const [name, column] of [
        ['att', 'att_mw'],
        ['strict', 'strict_mw'],
        ['bus', 'bus_number'],
        ['name', 'bus_name_lower'],
        ['kv', 'base_kv'],
        ['area', 'area'],
      ] as const) {
        await db.schema
          .createIndex(`busbar_capacity_rows_${name}`)
          .on('busbar_capacity_rows')
          .columns(['result_key', column, 'position'])
          .execute();
      }
      await db.schema
        .createTable('busbar_capacity_branches')
        .addColumn('result_key', d.bigint, (col) =>
          col.notNull().references('busbar_capacity_results.result_key').onDelete('cascade'),
        )
        .addColumn('branch', 'integer', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('busbar_capacity_branches_pk', ['result_key', 'branch'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('busbar_capacity_branches').execute();
      await db.schema.dropTable('busbar_capacity_rows').execute();
      await db.schema.dropTable('busbar_capacity_results').execute();
    },
  };
}
