import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue #31: a bus's AC check keeps, beside the power flow at its limit, its capacity verified
 * in AC (contracts' AcCapacityResult JSON). null: stored before it existed — the row is shown as
 * not verified and verifying it again fills it in.
 */
export function busbarAcCapacities(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('busbar_capacity_ac_checks')
        .addColumn('capacity_json', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('busbar_capacity_ac_checks').dropColumn('capacity_json').execute();
    },
  };
}
