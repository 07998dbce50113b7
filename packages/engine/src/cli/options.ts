import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import type { SlackRule } from '../base/base-dispatch';
import type { PostRating } from '../contingency/n1';

/**
 * Option-argument parsers for commander: a bad value becomes commander's own usage error
 * ("option '--top <n>' argument 'x' is invalid. …"), printed on stderr with exit code 2.
 */

export function parseCount(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < 0) {
    throw new InvalidArgumentError('Expected a whole number ≥ 0.');
  }
  return value;
}

export function parsePositiveInteger(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < 1) {
    throw new InvalidArgumentError('Expected a whole number ≥ 1.');
  }
  return value;
}

export function parseNumber(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) {
    throw new InvalidArgumentError('Expected a number.');
  }
  return value;
}

export function parsePositiveNumber(raw: string): number {
  const value = parseNumber(raw);
  if (!(value > 0)) throw new InvalidArgumentError('Expected a number > 0.');
  return value;
}

/**
 * A comma-separated list of integers (bus numbers, 1-based branch or generator rows); an option
 * given twice (`--bus 5 --bus 30`) means both lists, as the CLI always accepted.
 */
export function parseIntegerList(raw: string, previous: number[] = []): number[] {
  const values = raw.split(',').map((part) => {
    const value = Number(part.trim());
    if (part.trim() === '' || !Number.isInteger(value)) {
      throw new InvalidArgumentError(`'${part}' is not an integer.`);
    }
    return value;
  });
  return [...previous, ...values];
}

export const POST_RATINGS = ['A', 'B', 'C', 'emergency'] as const satisfies readonly PostRating[];

/** The limit after a contingency, shared by n1, capacity and flex (docs/analysis.md §3). */
export const postRatingOption = () =>
  new Option(
    '--post-rating <rating>',
    'limit after a contingency: RATE_A, B or C; emergency = RATE_B, or RATE_A where B is 0',
  )
    .choices(POST_RATINGS)
    .default('emergency' as const);

/**
 * `--pre-existing`: what violations the case already has do (capacity: `limit` by default;
 * window: `ignore`, as the API's windows do).
 */
export const preExistingOption = (help: string, byDefault: 'limit' | 'ignore' = 'limit') =>
  new Option('--pre-existing <rule>', help)
    .choices(['limit', 'ignore'] as const)
    .default(byDefault);

export const OUTPUT_FORMATS = ['json', 'csv', 'table'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `--format`: every command prints JSON; those whose output is a table also CSV and text. */
export const formatOption = (tabular: boolean) =>
  new Option(
    '--format <format>',
    tabular
      ? 'json (the whole result), csv (the table, for scripts) or table (aligned, for reading)'
      : 'output format',
  )
    .choices(tabular ? OUTPUT_FORMATS : (['json'] as const))
    .default('json' as const);

export const quietOption = () =>
  new Option('-q, --quiet', 'no progress on stderr (it is shown only when stderr is a terminal)');

export const SLACK_RULES = ['distributed', 'single'] as const satisfies readonly SlackRule[];

/**
 * `--slack`: who takes the file's mismatch (the AC losses its dispatch covers) in the DC base
 * case. The analyses default to 'distributed'; `dcpf` to 'single', MATPOWER's rundcpf.
 */
export const slackOption = (defaultRule: SlackRule) =>
  new Option(
    '--slack <rule>',
    "who takes the file's generation-load mismatch (its AC losses) in the DC base case: " +
      'distributed (every in-service unit, in proportion to its output, within its limits) or ' +
      'single (the reference unit, as MATPOWER rundcpf)',
  )
    .choices(SLACK_RULES)
    .default(defaultRule);
