import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Connection windows (issue #28): many requests for connection capacity allocated at once on an
 * analysed case. One row per window, owned by modules/windows: its requests and options as the
 * caller sent them (JSON), the job computing it, and when done the awards of the three rules
 * (the contracts' WindowResultView, gzip-compressed). Deleted with its case.
 */
export function connectionWindows(d: DialectSql): Migration {
  const bytes = d.name === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('connection_windows')
        .addColumn('window_id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('case_id', 'text', (col) => col.notNull())
        .addColumn('job_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('request_count', 'integer', (col) => col.notNull())
        .addColumn('requested_mw', d.double, (col) => col.notNull())
        .addColumn('requests_json', 'text', (col) => col.notNull())
        .addColumn('options_json', 'text', (col) => col.notNull())
        .addColumn('total_order_mw', d.double)
        .addColumn('total_max_mw', d.double)
        .addColumn('total_fair_mw', d.double)
        .addColumn('result_gzip', bytes)
        .addColumn('created_at', d.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('connection_windows_user')
        .on('connection_windows')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('connection_windows_case')
        .on('connection_windows')
        .column('case_id')
        .execute();
      await db.schema
        .createIndex('connection_windows_job')
        .on('connection_windows')
        .column('job_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('connection_windows').execute();
    },
  };
}
