import { sql } from 'kysely';
import type { StatsResponse } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { DEMO_OWNER } from '../cases/cases.repository';

/**
 * The public stats strip (docs/product.md), over public data only: the bundled demo study and
 * case. Users' uploads and studies are private, and anonymous figures that moved with each of
 * them showed anyone what others uploaded and when (issue #16; decision 004).
 */
export async function readStats(db: Db): Promise<Omit<StatsResponse, 'demoData'>> {
  const publicCases = () => db.selectFrom('cases').where('user_id', '=', DEMO_OWNER);
  // The four aggregates are independent: on PostgreSQL they run at once on the pool's
  // connections instead of queueing for it four times in a row (a busy pool made that the
  // slowest route under load, docs/reliability.md).
  const studyCases = publicCases()
    .where('family_id', 'is not', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('scenarios'),
      sql<number>`count(distinct ${eb.ref('family_id')})`.as('busbars'),
      sql<number>`count(distinct ${eb.ref('year')})`.as('years'),
    ])
    .executeTakeFirstOrThrow();

  // A study stores one row per busbar of each scenario × year case, all screening the same
  // network: count each (owner, scenario, year) case once, and every uploaded case.
  const uploadContingencies = publicCases()
    .where('family_id', 'is', null)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('contingency_count'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();
  const studyContingencies = db
    .selectFrom(
      publicCases()
        .where('family_id', 'is not', null)
        .groupBy(['user_id', 'scenario', 'year'])
        .select((eb) => eb.fn.max<number>('contingency_count').as('per_case'))
        .as('study_cases'),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('per_case'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();

  const capacity = db
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

  const [study, uploads, studies, best] = await Promise.all([
    studyCases,
    uploadContingencies,
    studyContingencies,
    capacity,
  ]);
  return {
    totalCapacityMw: Number(best.mw),
    projectionYears: Number(study.years),
    busbarsEvaluated: Number(study.busbars),
    contingenciesAnalysed: Number(uploads.n) + Number(studies.n),
    scenariosAnalysed: Number(study.scenarios),
  };
}

/** Whether demo data is stored (an older format being rebuilt counts: it is served meanwhile). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const row = await db.selectFrom('demo_cases').select('data_version').limit(1).executeTakeFirst();
  return row !== undefined;
}
