import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { parseStudyGroup } from '@holgura/contracts';
import type { StudyGroupChoice } from '../study-group/resolve';

/**
 * `--group`: the study group in the text form the API takes (docs/decisions/013), parsed by
 * the contracts' grammar so `holgura flex --group area:3` and `POST …/analyses { group: 'area:3' }`
 * study the same units. Commander reports a bad value as a usage error (exit code 2).
 */
export function parseGroup(raw: string): StudyGroupChoice {
  const parsed = parseStudyGroup(raw);
  if (!parsed.ok) {
    throw new InvalidArgumentError(
      'Expected default, renewables, all, fuel:<name>, area:<n>, zone:<n>, kv:<min kV> or ' +
        'gens:<1-based generator rows, e.g. 3,4,7 or 10-14>.',
    );
  }
  return parsed.choice;
}

export const groupOption = () =>
  new Option(
    '--group <group>',
    'study group: renewables | all | fuel:<name> | area:<n> | zone:<n> | kv:<min kV> | ' +
      'gens:<rows> (default: renewables when their headroom is at least 1 MW and 1 % of their ' +
      'capacity, else every unit with headroom, as the web app does)',
  ).argParser(parseGroup);
