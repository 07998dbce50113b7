import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * The two large answers, case data and the network view, kept ready to send: gzip-compressed
 * once when written (a 2,000-bus result is ~240 KB of JSON, ~26 KB compressed) with an entity
 * tag. Rows from before get both on their first read.
 */
export function readyAnswers(d: DialectSql): Migration {
  const bytes = d.name === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('case_api_data').addColumn('data_gzip', bytes).execute();
      await db.schema.alterTable('case_api_data').addColumn('data_etag', 'text').execute();
      await db.schema.alterTable('case_networks').addColumn('network_gzip', bytes).execute();
      await db.schema.alterTable('case_networks').addColumn('network_etag', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('case_networks').dropColumn('network_etag').execute();
      await db.schema.alterTable('case_networks').dropColumn('network_gzip').execute();
      await db.schema.alterTable('case_api_data').dropColumn('data_etag').execute();
      await db.schema.alterTable('case_api_data').dropColumn('data_gzip').execute();
    },
  };
}
