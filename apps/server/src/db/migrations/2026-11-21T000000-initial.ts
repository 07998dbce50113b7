import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/** Spec §3 tables, with the owner on every row. */
export function initial(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'text', (col) => col.primaryKey())
        .addColumn('first_name', 'text', (col) => col.notNull())
        .addColumn('last_name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('company', 'text', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addColumn('updated_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();

      await db.schema
        .createTable('cases')
        .addColumn('case_id', 'text', (col) => col.primaryKey())
        .addColumn('case_name', 'text', (col) => col.notNull())
        .addColumn('case_description', 'text')
        .addColumn('process', 'text')
        .addColumn('family_id', 'text')
        .addColumn('family_name', 'text')
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('scenario', 'text')
        .addColumn('year', 'integer')
        .addColumn('busbar_capacity_mw', d.double)
        .addColumn('contingency_count', 'integer')
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema
        .createIndex('cases_user_created_idx')
        .on('cases')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.createIndex('cases_family_idx').on('cases').column('family_id').execute();

      await db.schema
        .createTable('case_api_data')
        .addColumn('case_id', 'text', (col) =>
          col.primaryKey().references('cases.case_id').onDelete('cascade'),
        )
        // The original product's fullDataJSON (docs/product.md §3); written once flexibility results exist.
        .addColumn('full_data_json', d.json)
        .addColumn('extras', d.json)
        // Holgura's own result (contracts result/analysis-result.v1).
        .addColumn('analysis_json', d.json)
        .addColumn('api_response_date', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addColumn('user_id', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('demo_cases')
        .addColumn('id', d.autoIncrementId, (col) =>
          d.name === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey(),
        )
        .addColumn('full_data_json', d.json, (col) => col.notNull())
        .addColumn('analysis_json', d.json)
        .addColumn('demo_flows_json', d.json)
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('demo_cases').execute();
      await db.schema.dropTable('case_api_data').execute();
      await db.schema.dropTable('cases').execute();
      await db.schema.dropTable('profiles').execute();
    },
  };
}
