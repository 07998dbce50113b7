import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The case's N-1 screening on its contingency set (issue #30, contracts' contingencySetN1Schema),
 * computed when the set is saved and kept with it as JSON (null for a set saved before: the
 * summary says so and the planner saves it again); and the PSS/E files that go with a .con — its
 * subsystems (.sub) and monitored elements (.mon) — each as JSON { fileName, content, summary },
 * null when not sent.
 */
export function contingencySetN1(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['n1_json', 'subsystems_json', 'monitored_json']) {
        await db.schema.alterTable('case_contingency_sets').addColumn(column, 'text').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['monitored_json', 'subsystems_json', 'n1_json']) {
        await db.schema.alterTable('case_contingency_sets').dropColumn(column).execute();
      }
    },
  };
}
