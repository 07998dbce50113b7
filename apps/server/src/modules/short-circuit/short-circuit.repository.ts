import type { ShortCircuitResponse, WeakGridStatus } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import { shortCircuitDb } from './short-circuit.tables';

/** Rows per INSERT of a computation's buses (3 values each: far under both databases' limits). */
const BUS_BATCH = 500;

/** Lets the event loop serve other requests between two batches (SQLite calls are synchronous). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A case's short-circuit strength kept with the case (issue #31): what GET …/short-circuit last
 * computed, so «Capacidad por barra» shows each bus's weak-grid figure beside its capacity
 * without computing it again, and says why when the case's data gives none.
 */
export function shortCircuitRepository(db: Db) {
  const sdb = shortCircuitDb(db);
  return {
    /**
     * Keeps a computation that gave figures: the answer, and each bus's weak-grid MW. It
     * replaces the case's earlier one (another X″d), whatever it was.
     */
    async storeFigures(
      caseId: string,
      userId: string,
      figures: Omit<ShortCircuitResponse, 'caseId'>,
    ): Promise<void> {
      await sdb.transaction().execute(async (tx) => {
        await tx.deleteFrom('case_short_circuits').where('case_id', '=', caseId).execute();
        await tx
          .insertInto('case_short_circuits')
          .values({
            case_id: caseId,
            user_id: userId,
            status: 'ok',
            xd_pu: figures.xdPu,
            scr_min: figures.scrMin,
            answer_json: JSON.stringify(figures),
            computed_at: nowIso(),
          })
          .execute();
        const buses = figures.buses;
        for (let from = 0; from < buses.length; from += BUS_BATCH) {
          await tx
            .insertInto('case_short_circuit_buses')
            .values(
              buses.slice(from, from + BUS_BATCH).map((bus) => ({
                case_id: caseId,
                bus_number: bus.bus,
                weak_grid_mw: bus.weakGridMw,
              })),
            )
            .execute();
          await yieldToEventLoop();
        }
      });
    },

    /**
     * Keeps why the case's own data gives no figure (no machine data, the export placeholder),
     * unless figures computed with an X″d are kept already: those stay.
     */
    async storeRefusal(
      caseId: string,
      userId: string,
      status: 'unavailable' | 'placeholder',
    ): Promise<void> {
      const kept = await sdb
        .selectFrom('case_short_circuits')
        .select('status')
        .where('case_id', '=', caseId)
        .executeTakeFirst();
      if (kept?.status === 'ok') return;
      await sdb.deleteFrom('case_short_circuits').where('case_id', '=', caseId).execute();
      await sdb
        .insertInto('case_short_circuits')
        .values({
          case_id: caseId,
          user_id: userId,
          status,
          xd_pu: null,
          scr_min: null,
          answer_json: null,
          computed_at: nowIso(),
        })
        .execute();
    },

    /** The kept answer computed with this X″d (null: the file's alone), or null. */
    async keptAnswer(
      caseId: string,
      xdPu: number | null,
    ): Promise<Omit<ShortCircuitResponse, 'caseId'> | null> {
      const row = await sdb
        .selectFrom('case_short_circuits')
        .select(['status', 'xd_pu', 'answer_json'])
        .where('case_id', '=', caseId)
        .executeTakeFirst();
      if (row?.status !== 'ok' || row.answer_json === null || row.xd_pu !== xdPu) return null;
      return JSON.parse(row.answer_json) as Omit<ShortCircuitResponse, 'caseId'>;
    },

    /** Where the case's weak-grid figures stand. */
    async status(caseId: string): Promise<WeakGridStatus> {
      const row = await sdb
        .selectFrom('case_short_circuits')
        .select(['status', 'xd_pu', 'scr_min', 'computed_at'])
        .where('case_id', '=', caseId)
        .executeTakeFirst();
      if (row === undefined) return { state: 'absent', xdPu: null, scrMin: null, computedAt: null };
      return {
        state: row.status === 'ok' ? 'available' : row.status,
        xdPu: row.xd_pu,
        scrMin: row.scr_min,
        computedAt: row.computed_at,
      };
    },

    /** These buses' weak-grid MW, by bus number (none while the case has no figures). */
    async weakGridOf(caseId: string, busNumbers: readonly number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      const wanted = [...new Set(busNumbers)];
      for (let from = 0; from < wanted.length; from += BUS_BATCH) {
        const rows = await sdb
          .selectFrom('case_short_circuit_buses')
          .select(['bus_number', 'weak_grid_mw'])
          .where('case_id', '=', caseId)
          .where('bus_number', 'in', wanted.slice(from, from + BUS_BATCH))
          .execute();
        for (const row of rows) out.set(row.bus_number, row.weak_grid_mw);
      }
      return out;
    },

    /** Every bus's weak-grid MW of the case, by bus number. */
    async allWeakGrid(caseId: string): Promise<Map<number, number>> {
      const rows = await sdb
        .selectFrom('case_short_circuit_buses')
        .select(['bus_number', 'weak_grid_mw'])
        .where('case_id', '=', caseId)
        .execute();
      return new Map(rows.map((row) => [row.bus_number, row.weak_grid_mw]));
    },
  };
}

export type ShortCircuitRepository = ReturnType<typeof shortCircuitRepository>;
