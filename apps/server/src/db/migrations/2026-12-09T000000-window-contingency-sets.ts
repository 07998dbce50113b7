import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue #30: a connection window on the planner's contingencies keeps them as they were when it
 * was created (JSON as a study version keeps its set: the files' text and what they gave), so a
 * later change of the case's set never changes what an existing window computed or recomputes;
 * null: every in-service branch, one at a time.
 */
export function windowContingencySets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('connection_windows')
        .addColumn('contingency_set_json', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('connection_windows').dropColumn('contingency_set_json').execute();
    },
  };
}
