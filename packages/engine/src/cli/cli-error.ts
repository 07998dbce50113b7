/**
 * Bad input the CLI finds itself, beyond what the engine reports as `EngineError`: a study file
 * with problems (all of them at once, one per detail line). Exit code 2, like the engine's.
 */
export class CliInputError extends Error {
  constructor(
    readonly code: 'STUDY_FILE_INVALID' | 'INPUT_UNREADABLE',
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CliInputError';
  }
}
