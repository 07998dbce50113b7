import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Analysis options chosen in /analisis (issue #25): the post-contingency rating, the
 * distribution-factor cutoff, the sink, the base dispatch's slack and the busbar cap
 * (contracts' analysisOptionsSchema), as JSON.
 *
 * - `analysis_jobs.options_json`: what a 'group' or 'capacity' job computes with; null: the
 *   defaults (every job written before this, and every upload's own analysis).
 * - `case_group_analyses.options_json`: the options of that group's flexibility; null: the
 *   defaults. Its `group_key` keeps the table's one-row-per-key rule: the group's text for the
 *   defaults, `<group>|<options key>` otherwise (analyses.repository.ts), so a case holds one
 *   analysis per group and set of options.
 */
export function analysisOptions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('analysis_jobs').addColumn('options_json', 'text').execute();
      await db.schema.alterTable('case_group_analyses').addColumn('options_json', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('case_group_analyses').dropColumn('options_json').execute();
      await db.schema.alterTable('analysis_jobs').dropColumn('options_json').execute();
    },
  };
}
