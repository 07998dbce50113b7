import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

/**
 * Windows over a study (issue #28, firm awards): a window names either one of the owner's
 * analysed cases or a study version (its every scenario × year case). case_id becomes nullable
 * — a study window has no case — and study_id / study_version say which study. SQLite cannot
 * drop NOT NULL: the table is rebuilt with the same rows.
 */
export function windowStudies(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (d.name === 'postgres') {
        await sql`alter table connection_windows alter column case_id drop not null`.execute(db);
        await db.schema.alterTable('connection_windows').addColumn('study_id', 'text').execute();
        await db.schema
          .alterTable('connection_windows')
          .addColumn('study_version', 'integer')
          .execute();
      } else {
        await sql`create table connection_windows_next (
          window_id text primary key,
          user_id text not null,
          case_id text,
          study_id text,
          study_version integer,
          job_id text not null,
          name text not null,
          request_count integer not null,
          requested_mw real not null,
          requests_json text not null,
          options_json text not null,
          total_order_mw real,
          total_max_mw real,
          total_fair_mw real,
          result_gzip blob,
          created_at text not null,
          updated_at text not null,
          original_window_id text,
          withdrawn_ids_json text
        )`.execute(db);
        await sql`insert into connection_windows_next (window_id, user_id, case_id, job_id, name,
          request_count, requested_mw, requests_json, options_json, total_order_mw, total_max_mw,
          total_fair_mw, result_gzip, created_at, updated_at, original_window_id, withdrawn_ids_json)
          select window_id, user_id, case_id, job_id, name, request_count, requested_mw,
          requests_json, options_json, total_order_mw, total_max_mw, total_fair_mw, result_gzip,
          created_at, updated_at, original_window_id, withdrawn_ids_json
          from connection_windows`.execute(db);
        await sql`drop table connection_windows`.execute(db);
        await sql`alter table connection_windows_next rename to connection_windows`.execute(db);
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
      }
      await db.schema
        .createIndex('connection_windows_study')
        .on('connection_windows')
        .column('study_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('connection_windows_study').execute();
      await db.schema.alterTable('connection_windows').dropColumn('study_version').execute();
      await db.schema.alterTable('connection_windows').dropColumn('study_id').execute();
    },
  };
}
