import { inputCheckWords } from '@holgura/contracts';

/**
 * The input checks (issue #25) in Spanish: worded once in the contracts
 * (words/input-check-words.ts), because a case's report (issue #29) writes them too.
 */
export {
  baseDispatchSentence,
  duplicateExample,
  inputCheckText,
  type CheckContext,
} from '@holgura/contracts';

export const esInputChecks = inputCheckWords;
