import type * as Contract from '@holgura/contracts';
import type { CheckedFigure, InputCheckCode } from '../base/input-checks';
import type { SlackRule } from '../base/base-dispatch';
import type { PostRating } from '../contingency/n1';
import type { baseCaseToV1 } from '../report/base-case-v1';
import type { flexibilityToV1 } from '../report/flexibility-v1';
import type { BusbarCapacityOptions } from '../busbar/capacity';
import type { FlexibilityOptions } from '../flexibility/analyse';
import type { ViolationCounts, ViolationEffect } from '../transfer/pre-existing';
import type {
  RenewableFacts,
  StudyGroupChoice,
  StudyGroupKind,
  StudyGroupReasonCode,
} from '../study-group/resolve';
import type { FlexibilityResult, StudyGroupResult } from '../flexibility/result';
import type { SinkRule, SinkSpec, StudyGroupRule } from '../transfer/weights';
import type { EngineErrorCode } from '../util/engine-error';

/**
 * Types the engine and @holgura/contracts both declare. The engine may not import the contracts
 * outside src/cli (eslint.config.js), so each side keeps its own declaration and this file ties
 * them: a type that drifts on either side fails `tsc -b` here, at its line. Nothing imports this
 * file and it emits nothing.
 */

/** Identical types, readonly modifiers included. */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Each assignable to the other: the same members, readonly or not (zod infers mutable ones). */
type Interchangeable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A is assignable to B. */
type Extends<A, B> = [A] extends [B] ? true : false;
type Assert<T extends true> = T;

type PreExistingRule = NonNullable<FlexibilityOptions['preExisting']>;

export type TiedToContracts = [
  // Study groups (docs/analysis.md §5, contracts result/study-group.ts).
  Assert<Equal<StudyGroupChoice, Contract.StudyGroupChoice>>,
  Assert<Equal<StudyGroupKind, Contract.StudyGroupKind>>,
  Assert<Equal<StudyGroupKind, (typeof Contract.studyGroupKinds)[number]>>,
  Assert<Equal<StudyGroupResult['choice'], Contract.ResolvedStudyGroupChoice>>,
  Assert<Equal<StudyGroupReasonCode, Contract.StudyGroupReasonCode>>,
  Assert<Equal<StudyGroupReasonCode, (typeof Contract.studyGroupReasonCodes)[number]>>,
  Assert<Equal<RenewableFacts, NonNullable<Contract.StudyGroupFacts['renewables']>>>,
  // What the server and the CLI hand to describeStudyGroup.
  Assert<Extends<StudyGroupResult, Contract.StudyGroupFacts>>,

  // Analysis options as the API and study files take them (contracts result/analysis-options.ts,
  // api/study.ts): the engine's option members take the same values ('auto' sink: no option).
  Assert<Equal<PostRating, Contract.AnalysisOptions['postContingencyRating']>>,
  Assert<Equal<PostRating, NonNullable<FlexibilityOptions['postRating']>>>,
  Assert<Equal<PostRating, Contract.StudyFile['options']['postContingencyRating']>>,
  Assert<Equal<SlackRule, Contract.AnalysisOptions['slack']>>,
  Assert<Equal<SlackRule, NonNullable<FlexibilityOptions['slack']>>>,
  Assert<Equal<SlackRule, Contract.StudyFile['options']['slack']>>,
  Assert<Equal<Extract<SinkSpec, string>, Exclude<Contract.AnalysisOptions['sink'], 'auto'>>>,
  Assert<Equal<PreExistingRule, Contract.StudyFile['options']['preExistingViolations']>>,
  Assert<Equal<PreExistingRule, NonNullable<BusbarCapacityOptions['preExisting']>>>,

  // What a flexibility result records (contracts result/flexibility.v1.ts).
  Assert<Equal<SinkRule, Contract.Flexibility['options']['sink']>>,
  Assert<Equal<StudyGroupRule, Contract.Flexibility['options']['studyGroup']['rule']>>,
  Assert<Equal<PostRating, Contract.Flexibility['options']['postContingencyRating']>>,
  Assert<Equal<keyof FlexibilityResult['figures'], Contract.FlexibilityFigureName>>,

  // Pre-existing violations (contracts result/flexibility.v1.ts).
  Assert<Equal<ViolationEffect, Contract.PreExistingViolation['effect']>>,
  Assert<Interchangeable<ViolationCounts, Contract.PreExisting['counts']>>,

  // The base case's input checks (contracts result/base-case.v1.ts).
  Assert<Equal<InputCheckCode, Contract.InputCheckCode>>,
  Assert<Equal<CheckedFigure, Contract.CheckedFigure>>,

  // Every engine error code has its Spanish message in the contracts' catalogue (errors.ts).
  Assert<Extends<EngineErrorCode, Contract.ErrorCode>>,

  // The report's mappers write the contracts' result shapes (the server also parses them).
  Assert<Extends<ReturnType<typeof flexibilityToV1>, Contract.Flexibility>>,
  Assert<Extends<ReturnType<typeof baseCaseToV1>, Contract.BaseCase>>,
];
