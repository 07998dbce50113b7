import { unpackReference } from './index';

/** Vitest globalSetup: every reference fixture unpacked before any test file loads. */
export default async function setup(): Promise<void> {
  await unpackReference();
}
