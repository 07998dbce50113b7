import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Writes through the API that store data without a job (issue #26: `PUT /api/cases/{id}` and
 * `PUT /api/cases/{id}/data`), one row each, so they count against a user's writes per minute
 * as uploads do. Rows older than a minute are no longer read and are deleted as new ones come.
 */
export function apiWrites(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_writes')
        .addColumn('id', d.autoIncrementId, (col) =>
          d.name === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey(),
        )
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('api_writes_user_time')
        .on('api_writes')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_writes').execute();
    },
  };
}
