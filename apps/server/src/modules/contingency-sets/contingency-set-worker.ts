// The thread that reads a contingency definitions file against its case (contingency-set-thread.ts).
import { parentPort } from 'node:worker_threads';
import { expandContingencyRules, readContingencyDefinitions } from '@holgura/engine';
import { MAX_UNRESOLVED_LINES_SHOWN } from '@holgura/contracts';
import { engineFailure, readCaseForJob } from '../../jobs/engine-failure';
import { serveRequests } from '../../jobs/request-thread';
import { screenSetForSummary } from './contingency-set-n1';
import type {
  ContingencySetReadOutcome,
  ContingencySetReadRequest,
} from './contingency-set-thread';

/**
 * The file's contingencies on the case, counted, with the lines that resolve to nothing; when
 * every line resolves, the case's N-1 screening on them (the set's summary keeps it).
 */
export async function readContingencySet(
  request: ContingencySetReadRequest,
): Promise<ContingencySetReadOutcome> {
  try {
    const loaded = await readCaseForJob(request.networkBytes);
    if (request.rules !== undefined) {
      const byRule = expandContingencyRules(loaded.network, request.rules);
      return {
        ok: true,
        format: 'rules',
        counts: byRule.counts,
        unresolvedCount: 0,
        unresolved: [],
        n1:
          byRule.counts.total === 0
            ? null
            : screenSetForSummary(loaded.network, byRule.contingencies),
      };
    }
    const set = readContingencyDefinitions(request.content, loaded.network, request.fileName, {
      ...(loaded.generatorIds === undefined ? {} : { generatorIds: loaded.generatorIds }),
    });
    return {
      ok: true,
      format: set.format === 'contab' ? 'contab' : 'psse-con',
      counts: set.counts,
      unresolvedCount: set.unresolved.length,
      // Nothing is computed on part of a planner's list: a set with unresolved lines is refused.
      n1:
        set.unresolved.length > 0 || set.counts.total === 0
          ? null
          : screenSetForSummary(loaded.network, set.contingencies),
      unresolved: set.unresolved
        .slice(0, MAX_UNRESOLVED_LINES_SHOWN)
        .map(({ line, text, code, reason }) => ({ line, text, code, reason })),
    };
  } catch (error) {
    return engineFailure(error);
  }
}

if (parentPort !== null) {
  serveRequests<ContingencySetReadRequest, ContingencySetReadOutcome>(
    parentPort,
    async (request) => ({ value: await readContingencySet(request) }),
  );
}
