import type {
  WindowBindingView,
  WindowRequestResult,
  WindowResultView,
  WindowRuleName,
  WindowRuleResult,
} from '@holgura/contracts';
import { esWindows } from '../../../strings/es-windows';
import { formatFixed, formatMw } from '../../../utils/format';

const t = esWindows.explain;

/** Below this a shadow price is the solver's noise: widening the element frees nothing. */
const ZERO_PRICE = 0.005;
/** A stand-alone figure within this of the request is all of it (the figures carry 1 decimal). */
const SAME_MW = 0.05;

/** MW the app computed (awards, stand-alone figures, limits): one decimal, always. */
export const mwText = (value: number) => formatFixed(value, 1);

function askedSentence(request: WindowRequestResult): string {
  const mw = formatMw(request.requestedMw);
  if (request.minMw > 0 && request.minMw >= request.requestedMw) {
    return t.askedAllOrNothing(mw, request.bus, request.busName);
  }
  if (request.minMw > 0) {
    return t.askedMin(mw, request.bus, request.busName, formatMw(request.minMw));
  }
  return t.asked(mw, request.bus, request.busName);
}

/**
 * The contingency a binding constraint is after, by name; null only for N-0. Never read from
 * `contingency`: a contingency of the planner's set that is not one branch (a double circuit,
 * a unit) has no branch number, yet is no N-0 (issue #30).
 */
export function contingencyNameOf(binding: WindowBindingView): string | null {
  return binding.contingencyName ?? binding.setContingency?.name ?? null;
}

/** One limiting constraint (or the sink's room) with what widening it would free. */
export function bindingSentence(binding: WindowBindingView, first: boolean): string {
  const limit = binding.limitMw === null ? null : formatMw(binding.limitMw);
  const sink = binding.kind === 'sink-room';
  const head = sink
    ? t.sinkRoom(first, limit)
    : t.constraint(
        first,
        binding.monitoredName ?? String(binding.monitored ?? ''),
        contingencyNameOf(binding),
        limit,
      );
  const where =
    binding.scenario != null && binding.year != null
      ? t.inCase(binding.scenario, binding.year)
      : '';
  if (Math.abs(binding.shadowPrice) < ZERO_PRICE) return `${head}${where}${t.noShadowPrice}`;
  const price = formatFixed(binding.shadowPrice, 2);
  return `${head}${where}${sink ? t.shadowPriceSink(price) : t.shadowPrice(price)}`;
}

/**
 * Why a request gets what it gets under one rule, in Spanish sentences built from the result
 * alone: what it asked, what it would get alone, what the rule gives it, what holds it back
 * (element, contingency, limit, shadow price) and whom it competes with. Null when the request
 * is not in the result.
 */
export function explainRequest(
  result: WindowResultView,
  requestId: string,
  rule: WindowRuleName,
): string[] | null {
  const request = result.requests.find((r) => r.id === requestId);
  if (request === undefined) return null;
  const sentences = [askedSentence(request)];
  if (request.year != null) sentences.push(t.entersIn(request.year));
  sentences.push(
    request.standaloneMw >= request.requestedMw - SAME_MW
      ? t.standaloneAll(mwText(request.standaloneMw))
      : t.standalone(mwText(request.standaloneMw)),
  );
  const ruleResult: WindowRuleResult = result.rules[rule];
  if (!ruleResult.ok) {
    sentences.push(t.ruleFailed(rule, ruleResult.error.message.replace(/\.$/, '')));
    return sentences;
  }
  const award = ruleResult.awards.find((a) => a.id === requestId);
  if (award === undefined) return sentences;
  sentences.push(t.award(rule, mwText(award.awardedMw), award.status));
  if (award.binding.length > 0) {
    award.binding.forEach((binding, i) => sentences.push(bindingSentence(binding, i === 0)));
  } else {
    sentences.push(award.status === 'complete' ? t.nothingLimits : t.limitUnknown);
  }
  if (award.competitors.length > 0) sentences.push(t.competitors(award.competitors.join(', ')));
  return sentences;
}
