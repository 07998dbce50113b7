import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectSql } from '../dialect';

const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'];

/**
 * Users' capacity studies (issue #15). A study has versions (an edit runs as a new version; the
 * shown results stay those of the last complete one); its busbar × scenario × year results are
 * ordinary cases tagged with the study and version. A study version is computed by one job of
 * kind 'study', one scenario × year case at a time: `queued_at` orders the queue so a study
 * that yields between two cases goes behind what others queued meanwhile, and `slices_done`
 * counts the cases done (it keys pg-boss deliveries). A study job has no case of its own, so
 * `case_id` becomes nullable, and jobs can be 'cancelled'.
 */
export function studies(d: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('studies')
        .addColumn('study_id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('network_label', 'text', (col) => col.notNull())
        .addColumn('latest_version', 'integer', (col) => col.notNull())
        .addColumn('results_version', 'integer')
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addColumn('updated_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .execute();
      await db.schema.createIndex('studies_user_idx').on('studies').column('user_id').execute();

      await db.schema
        .createTable('study_versions')
        .addColumn('study_id', 'text', (col) =>
          col.notNull().references('studies.study_id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('study_json', 'text', (col) => col.notNull())
        .addColumn('upload_id', 'text', (col) => col.notNull().references('uploads.id'))
        .addColumn('base_case_id', 'text')
        .addColumn('base_file_name', 'text', (col) => col.notNull())
        .addColumn('job_id', 'text', (col) => col.notNull())
        .addColumn('case_count', 'integer', (col) => col.notNull())
        .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
        .addPrimaryKeyConstraint('study_versions_pk', ['study_id', 'version'])
        .execute();

      await db.schema.alterTable('cases').addColumn('study_id', 'text').execute();
      await db.schema.alterTable('cases').addColumn('study_version', 'integer').execute();
      await db.schema
        .createIndex('cases_study_idx')
        .on('cases')
        .columns(['study_id', 'study_version'])
        .execute();

      if (d.name === 'postgres') {
        await sql`alter table analysis_jobs alter column case_id drop not null`.execute(db);
        await sql`alter table analysis_jobs drop constraint if exists analysis_jobs_state_check`.execute(
          db,
        );
        await sql
          .raw(
            `alter table analysis_jobs add constraint analysis_jobs_state_check check (${stateCheck()})`,
          )
          .execute(db);
        await addJobColumns(db, d);
      } else {
        await rebuildSqliteJobs(db, d);
      }
      await sql`update analysis_jobs set queued_at = created_at`.execute(db);
      await db.schema
        .createIndex('analysis_jobs_queue_idx')
        .on('analysis_jobs')
        .columns(['state', 'queued_at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('analysis_jobs_queue_idx').execute();
      await db.schema.dropIndex('cases_study_idx').execute();
      await db.schema.alterTable('cases').dropColumn('study_version').execute();
      await db.schema.alterTable('cases').dropColumn('study_id').execute();
      await db.schema.dropTable('study_versions').execute();
      await db.schema.dropTable('studies').execute();
    },
  };
}

function stateCheck(): string {
  return `state in (${JOB_STATES.map((state) => `'${state}'`).join(', ')})`;
}

async function addJobColumns(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  await db.schema
    .alterTable('analysis_jobs')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('analysis'))
    .execute();
  await db.schema.alterTable('analysis_jobs').addColumn('study_id', 'text').execute();
  await db.schema.alterTable('analysis_jobs').addColumn('study_version', 'integer').execute();
  await db.schema.alterTable('analysis_jobs').addColumn('queued_at', d.timestamp).execute();
  await db.schema
    .alterTable('analysis_jobs')
    .addColumn('slices_done', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

/** SQLite cannot drop a NOT NULL or change a CHECK in place: the table is rebuilt. */
async function rebuildSqliteJobs(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  await db.schema
    .createTable('analysis_jobs_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('upload_id', 'text', (col) => col.notNull().references('uploads.id'))
    .addColumn('case_id', 'text')
    .addColumn('state', 'text', (col) => col.notNull().check(sql.raw(stateCheck())))
    .addColumn('progress_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stage', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
    .addColumn('started_at', d.timestamp)
    .addColumn('finished_at', d.timestamp)
    .addColumn('updated_at', d.timestamp, (col) => col.notNull().defaultTo(d.now))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('analysis'))
    .addColumn('study_id', 'text')
    .addColumn('study_version', 'integer')
    .addColumn('queued_at', d.timestamp)
    .addColumn('slices_done', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const columns = sql.raw(
    'id, user_id, upload_id, case_id, state, progress_percent, stage, error_code, ' +
      'error_message, attempts, created_at, started_at, finished_at, updated_at',
  );
  await sql`insert into analysis_jobs_next (${columns}) select ${columns} from analysis_jobs`.execute(
    db,
  );
  await db.schema.dropTable('analysis_jobs').execute();
  await sql`alter table analysis_jobs_next rename to analysis_jobs`.execute(db);
  await db.schema
    .createIndex('analysis_jobs_user_idx')
    .on('analysis_jobs')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('analysis_jobs_state_idx')
    .on('analysis_jobs')
    .columns(['state', 'created_at'])
    .execute();
}
