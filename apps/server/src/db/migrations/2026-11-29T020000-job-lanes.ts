import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The size of an uploaded case (issue #26), recorded by the first job that reads it: the queue
 * keeps a thread for small cases, and a case known to be large never takes it. Null until a job
 * has read the file.
 */
export function jobLanes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('uploads').addColumn('bus_count', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('uploads').dropColumn('bus_count').execute();
    },
  };
}
