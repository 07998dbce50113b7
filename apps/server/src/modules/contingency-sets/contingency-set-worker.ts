// The thread that reads a contingency definitions file against its case (contingency-set-thread.ts).
import { parentPort } from 'node:worker_threads';
import {
  definitionFileKind,
  EngineError,
  expandContingencyRules,
  readDefinitionBundle,
  type DefinitionFileKind,
  type EngineErrorCode,
} from '@holgura/engine';
import { MAX_UNRESOLVED_LINES_SHOWN } from '@holgura/contracts';
import { engineFailure, readCaseForJob } from '../../jobs/engine-failure';
import { serveRequests } from '../../jobs/request-thread';
import { screenSetForSummary } from './contingency-set-n1';
import type {
  ClassifiedFiles,
  ContingencySetReadOutcome,
  ContingencySetReadRequest,
  DefinitionFileText,
} from './contingency-set-thread';

/** An error about one of several files: the route names the file. */
class FileError extends EngineError {
  constructor(
    code: EngineErrorCode,
    message: string,
    readonly file: string,
  ) {
    super(code, message);
  }
}

/** The files by their content: one contingency file, at most one .sub and one .mon. */
export function classifyFiles(files: readonly DefinitionFileText[]): ClassifiedFiles {
  const found: Partial<Record<DefinitionFileKind, DefinitionFileText>> = {};
  for (const file of files) {
    const kind = definitionFileKind(file.content);
    if (kind === null) {
      // One file that is none of them: the reader says what it expected (CONTINGENCY_FILE_INVALID).
      if (files.length === 1) return { contingencies: file, subsystems: null, monitored: null };
      throw new FileError(
        'CONTINGENCY_FILE_INVALID',
        `${file.fileName} is no contingency, subsystem or monitored element file`,
        file.fileName,
      );
    }
    const first = found[kind];
    if (first !== undefined) {
      throw new FileError(
        'CONTINGENCY_FILES_SAME_KIND',
        `${first.fileName} and ${file.fileName} are both ${kind} files`,
        file.fileName,
      );
    }
    found[kind] = file;
  }
  if (found.contingencies === undefined) {
    throw new EngineError('CONTINGENCY_FILE_MISSING', 'no contingency file among the files sent');
  }
  return {
    contingencies: found.contingencies,
    subsystems: found.subsystems ?? null,
    monitored: found.monitored ?? null,
  };
}

/**
 * The files' contingencies on the case, counted, with the lines that resolve to nothing; when
 * every line of every file resolves, the case's N-1 screening on them (the set's summary keeps
 * it).
 */
export async function readContingencySet(
  request: ContingencySetReadRequest,
): Promise<ContingencySetReadOutcome> {
  try {
    const loaded = await readCaseForJob(request.networkBytes);
    const net = loaded.network;
    if (request.rules !== undefined) {
      const byRule = expandContingencyRules(net, request.rules);
      return {
        ok: true,
        format: 'rules',
        files: null,
        counts: byRule.counts,
        unresolvedCount: 0,
        unresolved: [],
        n1: byRule.counts.total === 0 ? null : screenSetForSummary(net, byRule.contingencies),
        subsystemsFile: null,
        monitoredFile: null,
      };
    }
    const files = classifyFiles(request.files);
    const asFile = (f: DefinitionFileText) => ({ name: f.fileName, text: f.content });
    const bundle = readDefinitionBundle(
      {
        contingencies: asFile(files.contingencies),
        ...(files.subsystems === null ? {} : { subsystems: asFile(files.subsystems) }),
        ...(files.monitored === null ? {} : { monitored: asFile(files.monitored) }),
      },
      net,
      loaded.generatorIds === undefined ? {} : { generatorIds: loaded.generatorIds },
    );
    const { set, monitored } = bundle;
    const refused = bundle.unresolved.length > 0;
    return {
      ok: true,
      format: set.format === 'contab' ? 'contab' : 'psse-con',
      files,
      counts: set.counts,
      unresolvedCount: bundle.unresolved.length,
      unresolved: bundle.unresolved
        .slice(0, MAX_UNRESOLVED_LINES_SHOWN)
        .map(({ line, text, code, reason, file }) => ({ line, text, code, reason, file })),
      // Nothing is computed on part of a planner's list: a set with unresolved lines is refused.
      n1:
        refused || set.counts.total === 0
          ? null
          : screenSetForSummary(net, set.contingencies, monitored ?? undefined),
      subsystemsFile:
        files.subsystems === null || bundle.subsystems === null
          ? null
          : { fileName: files.subsystems.fileName, subsystems: bundle.subsystems.subsystems.size },
      monitoredFile:
        files.monitored === null || monitored === null
          ? null
          : {
              fileName: files.monitored.fileName,
              branches: monitored.branches.length,
              unrated: monitored.branches.filter((k) => !(net.branches.rateAMva[k]! > 0)).length,
              interfaces: monitored.interfaces.map((i) => ({
                name: i.name,
                limitMw: i.limitMw,
                members: i.members.length,
              })),
              voltageRanges: monitored.voltageRanges.length,
            },
    };
  } catch (error) {
    const failure = engineFailure(error);
    return error instanceof FileError ? { ...failure, file: error.file } : failure;
  }
}

if (parentPort !== null) {
  serveRequests<ContingencySetReadRequest, ContingencySetReadOutcome>(
    parentPort,
    async (request) => ({ value: await readContingencySet(request) }),
  );
}
