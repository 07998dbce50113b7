import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** better-auth's own bounds (auth.ts); the strength check comes on top. */
export const MIN_PASSWORD_LENGTH = 8;
/**
 * zxcvbn's score (0–4): 3 is "safely unguessable" (about 10^8 guesses or more). `12345678`,
 * `password1` and keyboard rows score 0; a phrase of a few words scores 4.
 */
const MIN_SCORE = 3;

// zxcvbn-ts with its common-passwords and common-names dictionaries, loaded once.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/**
 * Whether a new password is acceptable: long enough and not among the common or easily
 * guessed ones (issue #16). `userInputs` (the email, the names) count as guessable too.
 */
export function isPasswordAcceptable(password: string, userInputs: string[] = []): boolean {
  if (password.length < MIN_PASSWORD_LENGTH) return false;
  return (
    zxcvbn.check(
      password,
      userInputs.filter((input) => input !== ''),
    ).score >= MIN_SCORE
  );
}
