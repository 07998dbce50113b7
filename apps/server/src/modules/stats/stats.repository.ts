import { sql } from 'kysely';
import type { StatsResponse } from '@holgura/contracts';
import type { Db } from '../../db/database';

/** Aggregates over every user's cases: the stats strip is public (PRODUCT.md). */
export async function readStats(db: Db): Promise<StatsResponse> {
  const studyCases = await db
    .selectFrom('cases')
    .where('family_id', 'is not', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('scenarios'),
      sql<number>`count(distinct ${eb.ref('family_id')})`.as('busbars'),
      sql<number>`count(distinct ${eb.ref('year')})`.as('years'),
    ])
    .executeTakeFirstOrThrow();

  const contingencies = await db
    .selectFrom('cases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('contingency_count'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();

  const capacity = await db
    .selectFrom(
      db
        .selectFrom('cases')
        .where('family_id', 'is not', null)
        .where('busbar_capacity_mw', 'is not', null)
        .groupBy('family_id')
        .select((eb) => eb.fn.max<number>('busbar_capacity_mw').as('best_mw'))
        .as('per_busbar'),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('best_mw'), sql<number>`0`).as('mw'))
    .executeTakeFirstOrThrow();

  return {
    totalCapacityMw: Number(capacity.mw),
    projectionYears: Number(studyCases.years),
    busbarsEvaluated: Number(studyCases.busbars),
    contingenciesAnalysed: Number(contingencies.n),
    scenariosAnalysed: Number(studyCases.scenarios),
  };
}
