import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { apiError, type ErrorCode } from '@holgura/contracts';
import type { UserLimits } from '../../config/env';
import type { Db } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/schema';

type LimitCode = Extract<
  ErrorCode,
  'UPLOAD_RATE_LIMITED' | 'JOBS_LIMIT_REACHED' | 'STORAGE_QUOTA_EXCEEDED'
>;

const STATUS: Record<LimitCode, number> = {
  UPLOAD_RATE_LIMITED: 429,
  JOBS_LIMIT_REACHED: 429,
  STORAGE_QUOTA_EXCEEDED: 413,
};

/** A user's upload or study would go past one of their limits (config `limits`). */
export class UserLimitError extends Error {
  constructor(readonly code: LimitCode) {
    super(code);
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function sendUserLimitError(reply: FastifyReply, error: UserLimitError): FastifyReply {
  if (error.status === 429) void reply.header('retry-after', '60');
  return reply.status(error.status).send(apiError(error.code));
}

/**
 * Per-user limits on what costs the server (issue #16): jobs created per minute (an upload and
 * a study, or a new version of one, each create one), jobs queued or running at once, and bytes
 * of stored files (analysed cases and study base files still in use). Counted from the database,
 * so every API process enforces the same limits.
 */
export function userLimits(deps: { db: Db; dialect: DialectName; limits: UserLimits }) {
  const { db, dialect, limits } = deps;

  async function storedBytes(q: Kysely<Database>, owner: string): Promise<number> {
    const row = await q
      .selectFrom('uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), sql<number>`0`).as('bytes'))
      .where('uploads.user_id', '=', owner)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('analysis_jobs')
              .innerJoin('cases', 'cases.case_id', 'analysis_jobs.case_id')
              .select('analysis_jobs.id')
              .whereRef('analysis_jobs.upload_id', '=', 'uploads.id'),
          ),
          eb.exists(
            eb
              .selectFrom('study_versions')
              .select('study_versions.job_id')
              .whereRef('study_versions.upload_id', '=', 'uploads.id'),
          ),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /** The first limit `incomingBytes` more would break, or null. */
  async function exceeded(
    q: Kysely<Database>,
    owner: string,
    incomingBytes: number,
  ): Promise<LimitCode | null> {
    const since = new Date(Date.now() - 60_000).toISOString();
    const jobs = await q
      .selectFrom('analysis_jobs')
      .select((eb) => [
        eb.fn
          .sum<number>(eb.case().when('created_at', '>', since).then(1).else(0).end())
          .as('recent'),
        eb.fn
          .sum<number>(eb.case().when('state', 'in', ['queued', 'running']).then(1).else(0).end())
          .as('active'),
      ])
      .where('user_id', '=', owner)
      .where((eb) =>
        eb.or([eb('created_at', '>', since), eb('state', 'in', ['queued', 'running'])]),
      )
      .executeTakeFirstOrThrow();
    if (Number(jobs.recent ?? 0) >= limits.uploadsPerMinute) return 'UPLOAD_RATE_LIMITED';
    if (Number(jobs.active ?? 0) >= limits.activeJobs) return 'JOBS_LIMIT_REACHED';
    if ((await storedBytes(q, owner)) + incomingBytes > limits.storageBytes) {
      return 'STORAGE_QUOTA_EXCEEDED';
    }
    return null;
  }

  return {
    /**
     * Route hook (after sign-in, before the body arrives): refuses an upload or a study the user
     * has no room for, counting the body's announced size against their stored bytes.
     */
    async beforeUpload(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      const owner = request.principal?.userId;
      if (owner === undefined) return undefined;
      const announced = Number(request.headers['content-length'] ?? 0);
      const code = await exceeded(db, owner, Number.isFinite(announced) ? announced : 0);
      return code === null ? undefined : sendUserLimitError(reply, new UserLimitError(code));
    },

    /**
     * The same check inside the transaction that records an upload, so uploads sent together
     * cannot all pass the early check: on PostgreSQL the owner's transactions queue on an
     * advisory lock; SQLite runs one transaction at a time.
     */
    async assertWithin(tx: Kysely<Database>, owner: string, incomingBytes: number): Promise<void> {
      if (dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`holgura-user:${owner}`}, 0))`.execute(
          tx,
        );
      }
      const code = await exceeded(tx, owner, incomingBytes);
      if (code !== null) throw new UserLimitError(code);
    },

    storedBytes: (owner: string) => storedBytes(db, owner),
  };
}

export type UserLimitsGuard = ReturnType<typeof userLimits>;
