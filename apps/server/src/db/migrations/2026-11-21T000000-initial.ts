import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('profiles')
      .addColumn('user_id', 'text', (col) => col.primaryKey())
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('company', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(now))
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
      .addColumn('busbar_capacity_mw', 'real')
      .addColumn('contingency_count', 'integer')
      .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
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
      .addColumn('full_data_json', 'text', (col) => col.notNull())
      .addColumn('extras', 'text')
      .addColumn('api_response_date', 'text', (col) => col.notNull().defaultTo(now))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('demo_cases')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('full_data_json', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('demo_cases').execute();
    await db.schema.dropTable('case_api_data').execute();
    await db.schema.dropTable('cases').execute();
    await db.schema.dropTable('profiles').execute();
  },
};
