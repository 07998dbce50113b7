import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue #30: a study version keeps the contingency set of the case it was built on, as it was
 * when the version was sent (JSON: the files' text and what they gave), so every scenario × year
 * case is computed on it and the results say which set they used; null: every branch, one at a
 * time.
 */
export function studyContingencySets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('study_versions')
        .addColumn('contingency_set_json', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('study_versions').dropColumn('contingency_set_json').execute();
    },
  };
}
