import zlib from 'node:zlib';
import type { Transferable } from 'node:worker_threads';
import {
  caseResultFacts,
  constraintGenerators,
  constraintSummary,
  flexibilityFigure,
  flexibilitySummary,
  violationsOf,
  type AnalysisResultV1,
  type Flexibility,
  type NetworkViewV1,
} from '@holgura/contracts';
import type { FigureName } from '../../db/schema';
import { encodeSegment, etagOf, type JsonSegment } from '../../http/json-segments';

/**
 * What an analysis worker thread hands the API for storage (issue #16, docs/decisions/015):
 * every text serialised and compressed here, in the thread, so the API's event loop never
 * stringifies, parses or compresses megabytes. Buffers travel as transfers, not copies.
 */
export interface EncodedPart {
  name: string;
  segment: JsonSegment;
}

export interface EncodedLevel {
  figure: FigureName;
  level: number;
  transferMw: number;
  flexibilityPercent: number;
  constraintIds: number[];
}

/** What case_group_analyses keeps for the group besides the parts (as before issue #16). */
export interface EncodedGroupFacts {
  groupKey: string;
  label: string;
  chosenBy: 'default' | 'request';
  tmaxMw: number;
  fcitcAttributableMw: number;
  fcitcStrictMw: number;
  preExistingCount: number | null;
  unitCount: number;
  /** GET …/analyses/{analysisId}: `{ groupKey, flexibility }`, gzip, and its tag. */
  answerGzip: Uint8Array;
  answerEtag: string;
}

export interface EncodedFlexibility {
  /** 'flexibility' (summary), 'violations', 'generators/<constraint id>'. */
  parts: EncodedPart[];
  constraints: { id: number; summaryJson: string }[];
  levels: EncodedLevel[];
  /** Null for a flexibility without a study group (results from before issue #21). */
  group: EncodedGroupFacts | null;
}

export interface EncodedNetworkView {
  json: string;
  gzip: Uint8Array;
  etag: string;
}

export interface EncodedResult {
  /** 'case' (network facts and N-1), 'analysis' (AnalysisResultV1), 'full-data-json'. */
  parts: EncodedPart[];
  flexibility: EncodedFlexibility | null;
  network: EncodedNetworkView | null;
}

export const PART = {
  case: 'case',
  analysis: 'analysis',
  fullDataJson: 'full-data-json',
  flexibility: 'flexibility',
  violations: 'violations',
  generators: (constraintId: number) => `generators/${constraintId}`,
} as const;

const part = (name: string, value: unknown): EncodedPart => ({
  name,
  segment: encodeSegment(JSON.stringify(value)),
});

/** The answer GET /api/cases/{caseId}/analyses/{analysisId} sends (group-jobs.repository.ts). */
export function groupAnswerJson(groupKey: string, flexibility: Flexibility): string {
  return `{"groupKey":${JSON.stringify(groupKey)},"flexibility":${JSON.stringify(flexibility)}}`;
}

export function encodeFlexibility(flexibility: Flexibility): EncodedFlexibility {
  const plants = new Map(flexibility.plants.map((plant) => [plant.id, plant]));
  const parts = [
    part(PART.flexibility, flexibilitySummary(flexibility)),
    part(PART.violations, violationsOf(flexibility)),
    ...flexibility.constraints.map((constraint) =>
      part(PART.generators(constraint.id), constraintGenerators(flexibility, constraint, plants)),
    ),
  ];
  const levels = (['attributable', 'strict'] as const).flatMap((figure) =>
    flexibilityFigure(flexibility, figure).levels.map((level): EncodedLevel => ({
      figure,
      level: level.level,
      transferMw: level.transferMw,
      flexibilityPercent: level.flexibilityPercent,
      constraintIds: level.constraintIds,
    })),
  );
  const group = flexibility.studyGroup;
  let facts: EncodedGroupFacts | null = null;
  if (group !== undefined) {
    const answer = Buffer.from(groupAnswerJson(group.key, flexibility), 'utf8');
    facts = {
      groupKey: group.key,
      label: group.label,
      chosenBy: group.chosenBy,
      tmaxMw: flexibility.tmaxMw,
      fcitcAttributableMw: flexibility.figures?.attributable.fcitcMw ?? flexibility.fcitcMw,
      fcitcStrictMw: flexibility.figures?.strict.fcitcMw ?? flexibility.fcitcMw,
      preExistingCount: flexibility.preExisting?.counts.total ?? null,
      unitCount: group.units.length,
      answerGzip: zlib.gzipSync(answer, { level: answer.length > 1 << 20 ? 6 : 9 }),
      answerEtag: etagOf(answer),
    };
  }
  return {
    parts,
    constraints: flexibility.constraints.map((constraint) => ({
      id: constraint.id,
      summaryJson: JSON.stringify(constraintSummary(constraint)),
    })),
    levels,
    group: facts,
  };
}

/** The network view as case_networks keeps it (modules/network/network.repository.ts). */
export function encodeNetworkView(view: NetworkViewV1): EncodedNetworkView {
  const json = JSON.stringify(view);
  const answer = Buffer.from(`{"network":${json}}`, 'utf8');
  return {
    json,
    gzip: zlib.gzipSync(answer, { level: zlib.constants.Z_BEST_COMPRESSION }),
    etag: etagOf(answer),
  };
}

/** An upload's analysis, every part of it. */
export function encodeResult(
  result: AnalysisResultV1,
  fullDataJson: unknown,
  networkView: NetworkViewV1 | null,
): EncodedResult {
  return {
    parts: [
      part(PART.case, caseResultFacts(result)),
      part(PART.analysis, result),
      ...(fullDataJson === null ? [] : [part(PART.fullDataJson, fullDataJson)]),
    ],
    flexibility: result.flexibility === undefined ? null : encodeFlexibility(result.flexibility),
    network: networkView === null ? null : encodeNetworkView(networkView),
  };
}

/**
 * The buffers of an encoded result that can move to the other thread without a copy: only those
 * that own their whole ArrayBuffer (a small Buffer may share Node's pool with others, which a
 * transfer would detach), so small ones are copied as usual.
 */
export function transferablesOf(encoded: {
  parts?: EncodedPart[];
  flexibility?: EncodedFlexibility | null;
  network?: EncodedNetworkView | null;
}): Transferable[] {
  const views: Uint8Array[] = [
    ...(encoded.parts ?? []).map((each) => each.segment.deflate),
    ...(encoded.flexibility?.parts ?? []).map((each) => each.segment.deflate),
    ...(encoded.flexibility?.group ? [encoded.flexibility.group.answerGzip] : []),
    ...(encoded.network ? [encoded.network.gzip] : []),
  ];
  const seen = new Set<ArrayBufferLike>();
  const transfers: Transferable[] = [];
  for (const view of views) {
    const whole = view.byteOffset === 0 && view.byteLength === view.buffer.byteLength;
    if (!whole || view.byteLength < 64 * 1024 || seen.has(view.buffer)) continue;
    seen.add(view.buffer);
    transfers.push(view.buffer as ArrayBuffer);
  }
  return transfers;
}
