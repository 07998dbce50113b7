import { sql } from 'kysely';
import type { StatsResponse } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { DEMO_OWNER } from '../cases/cases.repository';

/**
 * The public stats strip (PRODUCT.md), over public data only: the bundled demo study and
 * case. Users' uploads and studies are private, and anonymous figures that moved with each of
 * them showed anyone what others uploaded and when (issue #16; decision 004).
 */
export async function readStats(db: Db): Promise<Omit<StatsResponse, 'demoData'>> {
  const publicCases = () => db.selectFrom('cases').where('user_id', '=', DEMO_OWNER);
  const studyCases = await publicCases()
    .where('family_id', 'is not', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('scenarios'),
      sql<number>`count(distinct ${eb.ref('family_id')})`.as('busbars'),
      sql<number>`count(distinct ${eb.ref('year')})`.as('years'),
    ])
    .executeTakeFirstOrThrow();

  // A study stores one row per busbar of each scenario × year case, all screening the same
  // network: count each (owner, scenario, year) case once, and every uploaded case.
  const uploadContingencies = await publicCases()
    .where('family_id', 'is', null)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('contingency_count'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();
  const studyContingencies = await db
    .selectFrom(
      publicCases()
        .where('family_id', 'is not', null)
        .groupBy(['user_id', 'scenario', 'year'])
        .select((eb) => eb.fn.max<number>('contingency_count').as('per_case'))
        .as('study_cases'),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('per_case'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();

  const capacity = await db
    .selectFrom(
      publicCases()
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
    contingenciesAnalysed: Number(uploadContingencies.n) + Number(studyContingencies.n),
    scenariosAnalysed: Number(studyCases.scenarios),
  };
}

/** Whether demo data is stored (an older format being rebuilt counts: it is served meanwhile). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const row = await db.selectFrom('demo_cases').select('data_version').limit(1).executeTakeFirst();
  return row !== undefined;
}
