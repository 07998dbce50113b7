import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The case's N-1 screening on its contingency set (issue #30, contracts' contingencySetN1Schema),
 * computed when the set is saved and kept with it as JSON. Null for a set saved before: the
 * summary says so and the planner saves it again.
 */
export function contingencySetN1(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('case_contingency_sets').addColumn('n1_json', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('case_contingency_sets').dropColumn('n1_json').execute();
    },
  };
}
