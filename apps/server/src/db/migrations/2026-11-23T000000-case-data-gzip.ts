import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * The case-data answer, kept ready to send: gzip-compressed once when the result is written
 * (a 2,000-bus result is ~240 KB of JSON, ~26 KB compressed) and its entity tag. Rows from
 * before get both on their first read.
 */
export function caseDataGzip(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('case_api_data')
        .addColumn('data_gzip', d.name === 'postgres' ? 'bytea' : 'blob')
        .execute();
      await db.schema.alterTable('case_api_data').addColumn('data_etag', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('case_api_data').dropColumn('data_etag').execute();
      await db.schema.alterTable('case_api_data').dropColumn('data_gzip').execute();
    },
  };
}
