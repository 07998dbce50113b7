import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Withdrawals (issue #28, "who moves up"): a window made from another without some of its
 * requests is a normal window that also names the window it came from and the requests
 * withdrawn (contracts' windowWithdrawalSchema). Both null for a window created from its requests.
 * The original may be deleted later: its id stays, the view says it is gone.
 */
export function windowWithdrawals(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('connection_windows')
        .addColumn('original_window_id', 'text')
        .execute();
      await db.schema
        .alterTable('connection_windows')
        .addColumn('withdrawn_ids_json', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('connection_windows').dropColumn('withdrawn_ids_json').execute();
      await db.schema.alterTable('connection_windows').dropColumn('original_window_id').execute();
    },
  };
}
