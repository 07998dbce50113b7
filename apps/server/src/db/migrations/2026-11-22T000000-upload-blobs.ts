import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Upload contents in the database, for PostgreSQL deployments: analysis workers on other
 * machines must read what the API stored (SQLite keeps files in DATA_DIR).
 */
export function uploadBlobs(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload_blobs')
        .addColumn('sha256', 'text', (col) => col.primaryKey())
        .addColumn('content', d.name === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('upload_blobs').execute();
    },
  };
}
