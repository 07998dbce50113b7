import { readFileSync, statSync } from 'node:fs';
import type { LoadedCase } from '../io/load-case';
import { MAX_CASE_BYTES, loadCase } from '../io/load-case';
import { EngineError } from '../util/engine-error';

/** Reads a case file for the CLI (xz-compressed or not); refuses oversized files unread. */
export async function loadCaseFile(path: string): Promise<LoadedCase> {
  let bytes: Uint8Array;
  try {
    if (statSync(path).size > MAX_CASE_BYTES) {
      throw new EngineError('INPUT_TOO_LARGE', `${path} is larger than 200 MB`);
    }
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError('INPUT_UNREADABLE', `cannot read ${path}: ${(e as Error).message}`);
  }
  return loadCase(bytes);
}
