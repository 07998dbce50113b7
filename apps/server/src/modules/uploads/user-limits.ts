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
 * Bytes a busbar capacity row takes stored, with its indexes (measured on ACTIVSg10k: 10,000
 * rows, about 2.3 MB in SQLite): the rows are counted by this, not measured one by one.
 */
const CAPACITY_ROW_BYTES = 230;

/**
 * Per-user limits on what costs the server (issues #16, #26): writes per minute (an upload, a
 * study or a new version of one, a case created and a result written through the API each
 * count), jobs queued or running at once, and bytes stored — the files still in use, and every
 * result: the parts and documents of analyses and studies, network views, group analyses,
 * busbar capacities, study files, connection windows. Counted from the database, so every API process enforces the
 * same limits.
 */
export function userLimits(deps: { db: Db; dialect: DialectName; limits: UserLimits }) {
  const { db, dialect, limits } = deps;
  /** Bytes of a text or binary column as stored (0 for null), on either database. */
  const bytesOf = (column: string) =>
    dialect === 'postgres'
      ? sql<number>`coalesce(octet_length(${sql.ref(column)}), 0)`
      : sql<number>`coalesce(length(cast(${sql.ref(column)} as blob)), 0)`;
  const total = async (query: Promise<{ bytes: number | string | null } | undefined>) =>
    Number((await query)?.bytes ?? 0);

  /** What the owner's results take: everything an analysis or a study wrote for them. */
  async function resultBytes(q: Kysely<Database>, owner: string): Promise<number> {
    const parts = q
      .selectFrom('result_parts')
      .innerJoin('results', 'results.result_id', 'result_parts.result_id')
      .innerJoin('cases', 'cases.case_id', 'results.case_id')
      .select((eb) => eb.fn.sum<number>('result_parts.stored_bytes').as('bytes'))
      .where('cases.user_id', '=', owner)
      .executeTakeFirst();
    const documents = q
      .selectFrom('case_api_data')
      .select(
        sql<number>`sum(${bytesOf('full_data_json')} + ${bytesOf('extras')} + ${bytesOf('analysis_json')} + ${bytesOf('data_gzip')})`.as(
          'bytes',
        ),
      )
      .where('user_id', '=', owner)
      .executeTakeFirst();
    const networks = q
      .selectFrom('case_networks')
      .innerJoin('cases', 'cases.case_id', 'case_networks.case_id')
      .select(
        sql<number>`sum(${bytesOf('case_networks.network_json')} + ${bytesOf('case_networks.network_gzip')})`.as(
          'bytes',
        ),
      )
      .where('cases.user_id', '=', owner)
      .executeTakeFirst();
    const groups = q
      .selectFrom('case_group_analyses')
      .select(sql<number>`sum(${bytesOf('flexibility_gzip')})`.as('bytes'))
      .where('user_id', '=', owner)
      .executeTakeFirst();
    const capacities = q
      .withTables<{ busbar_capacity_results: { user_id: string; bus_count: number } }>()
      .selectFrom('busbar_capacity_results')
      .select((eb) => eb.fn.sum<number>('bus_count').as('bytes'))
      .where('user_id', '=', owner)
      .executeTakeFirst();
    const studyFiles = q
      .selectFrom('study_versions')
      .innerJoin('studies', 'studies.study_id', 'study_versions.study_id')
      .select(sql<number>`sum(${bytesOf('study_versions.study_json')})`.as('bytes'))
      .where('studies.user_id', '=', owner)
      .executeTakeFirst();
    const windows = q
      .selectFrom('connection_windows')
      .select(
        sql<number>`sum(${bytesOf('requests_json')} + ${bytesOf('options_json')} + ${bytesOf('result_gzip')})`.as(
          'bytes',
        ),
      )
      .where('user_id', '=', owner)
      .executeTakeFirst();
    const [p, d, n, g, c, f, w] = await Promise.all(
      [parts, documents, networks, groups, capacities, studyFiles, windows].map(total),
    );
    return p! + d! + n! + g! + c! * CAPACITY_ROW_BYTES + f! + w!;
  }

  async function storedBytes(q: Kysely<Database>, owner: string): Promise<number> {
    return (await fileBytes(q, owner)) + (await resultBytes(q, owner));
  }

  /** The owner's stored files still in use (cases and study base files). */
  async function fileBytes(q: Kysely<Database>, owner: string): Promise<number> {
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
    const writes = await q
      .selectFrom('api_writes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', owner)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const recent = Number(jobs.recent ?? 0) + Number(writes.n);
    if (recent >= limits.uploadsPerMinute) return 'UPLOAD_RATE_LIMITED';
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

    /**
     * Route hook for writes that store data without a job (PUT a case, PUT its data): the same
     * limits as an upload (per minute, the body against the stored bytes); an accepted write is
     * recorded for the next ones.
     */
    async beforeWrite(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      const owner = request.principal?.userId;
      if (owner === undefined) return undefined;
      const announced = Number(request.headers['content-length'] ?? 0);
      const code = await exceeded(db, owner, Number.isFinite(announced) ? announced : 0);
      if (code !== null) return sendUserLimitError(reply, new UserLimitError(code));
      const now = new Date();
      await db
        .insertInto('api_writes')
        .values({ user_id: owner, created_at: now.toISOString() })
        .execute();
      // Only the last minute is read: older rows go.
      await db
        .deleteFrom('api_writes')
        .where('created_at', '<', new Date(now.getTime() - 120_000).toISOString())
        .execute();
      return undefined;
    },

    storedBytes: (owner: string) => storedBytes(db, owner),
  };
}

export type UserLimitsGuard = ReturnType<typeof userLimits>;
