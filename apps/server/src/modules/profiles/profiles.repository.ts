import { sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';

export interface Profile {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  company: string;
}

/** Every query is scoped to the one user it is given: no caller can name another's profile. */
export function profilesRepository(db: Db) {
  return {
    async find(userId: string): Promise<Profile | null> {
      const row = await db
        .selectFrom('profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row === undefined
        ? null
        : {
            userId: row.user_id,
            firstName: row.first_name,
            lastName: row.last_name,
            email: row.email,
            company: row.company,
          };
    },

    /** Creates the profile, or leaves an existing one as it is (SAX users sign in repeatedly). */
    async createIfMissing(profile: Profile): Promise<void> {
      await db
        .insertInto('profiles')
        .values({
          user_id: profile.userId,
          first_name: profile.firstName,
          last_name: profile.lastName,
          email: profile.email,
          company: profile.company,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /**
     * Updates the profile and, for a product account, the account's own copy of the names
     * (better-auth's `user` row), so the session reports the new name at once.
     */
    async update(userId: string, changes: ProfileChanges): Promise<Profile | null> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('profiles')
          .set({
            first_name: changes.firstName,
            last_name: changes.lastName,
            company: changes.company,
            updated_at: nowIso(),
          })
          .where('user_id', '=', userId)
          .execute();
        const name = `${changes.firstName} ${changes.lastName}`;
        await sql`update "user" set "name" = ${name}, "firstName" = ${changes.firstName},
          "lastName" = ${changes.lastName}, "company" = ${changes.company}
          where "id" = ${userId}`.execute(tx);
      });
      return this.find(userId);
    },
  };
}

export type ProfilesRepository = ReturnType<typeof profilesRepository>;
