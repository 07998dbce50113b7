import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { screenN1 } from '../../src/contingency/n1';
import { loadCase } from '../../src/io/load-case';
import { isEngineError } from '../../src/util/engine-error';

/**
 * Hostile input (issue 8): seeded mutations of real MATPOWER and PSS/E RAW cases — truncations, swapped and deleted
 * fields, huge numbers, NaN, binary noise. Reading and then screening N-1 (what an upload gets)
 * must end in a result or a coded EngineError, never anything else, within 2 s a file.
 */
const seeds = (
  [
    'cases/case9.m',
    'cases/case30.m',
    'cases/case118.m',
    'raw/IEEE_14_bus.raw',
    'raw/IEEE_14_v35_3_nudox.raw',
    'raw/t_psse_case3.raw',
  ] as const
).map((name) => ({ name, text: readReferenceText(name, 'latin1') }));

/** mulberry32: small, seeded, reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Mutation = (text: string, rand: () => number) => string | Uint8Array;
const pick = <T>(items: T[], rand: () => number): T => items[Math.floor(rand() * items.length)]!;
const tokenSpans = (text: string) => [...text.matchAll(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi)];

const mutations: Record<string, Mutation> = {
  truncate: (text, rand) => text.slice(0, Math.floor(rand() * text.length)),
  hugeNumber: (text, rand) =>
    replaceToken(text, rand, () => pick(['1e308', '-1e308', '9'.repeat(400)], rand)),
  notANumber: (text, rand) =>
    replaceToken(text, rand, () => pick(['NaN', 'Inf', '-Inf', 'abc', '1.2.3'], rand)),
  zero: (text, rand) => replaceToken(text, rand, () => '0'),
  deleteToken: (text, rand) => replaceToken(text, rand, () => ''),
  swapLines: (text, rand) => {
    const lines = text.split('\n');
    const a = Math.floor(rand() * lines.length);
    const b = Math.floor(rand() * lines.length);
    [lines[a], lines[b]] = [lines[b]!, lines[a]!];
    return lines.join('\n');
  },
  dropBracket: (text, rand) => {
    const brackets = [...text.matchAll(/[[\];]/g)];
    if (brackets.length === 0) return text;
    const at = pick(brackets, rand).index!;
    return text.slice(0, at) + text.slice(at + 1);
  },
  binaryNoise: (text, rand) => {
    const bytes = new TextEncoder().encode(text);
    const start = Math.floor(rand() * bytes.length);
    for (let i = start; i < Math.min(bytes.length, start + 64); i++) {
      bytes[i] = Math.floor(rand() * 256);
    }
    return bytes;
  },
  duplicateBlock: (text, rand) => {
    const at = Math.floor(rand() * text.length);
    return text.slice(0, at) + text.slice(at, at + 500) + text.slice(at);
  },
};

function replaceToken(text: string, rand: () => number, by: () => string): string {
  const tokens = tokenSpans(text);
  if (tokens.length === 0) return text;
  const token = pick(tokens, rand);
  return text.slice(0, token.index) + by() + text.slice(token.index! + token[0].length);
}

describe('case readers under hostile input', () => {
  const rand = random(20261121);
  const runs = 40;

  for (const [mutationName, mutate] of Object.entries(mutations)) {
    it(`${mutationName}: a network or a coded error, within 2 s, ${runs} seeded MATPOWER and RAW files`, async () => {
      const outcomes = { parsed: 0, refused: 0 };
      for (let i = 0; i < runs; i++) {
        const seed = pick(seeds, rand);
        const mutated = mutate(seed.text, rand);
        const bytes = typeof mutated === 'string' ? new TextEncoder().encode(mutated) : mutated;
        const started = performance.now();
        try {
          const { network } = await loadCase(bytes);
          screenN1(network, { top: 5 });
          outcomes.parsed++;
        } catch (error) {
          expect(
            isEngineError(error),
            `${seed.name} after ${mutationName} #${i} threw ${String(error)}`,
          ).toBe(true);
          outcomes.refused++;
        }
        const elapsed = performance.now() - started;
        expect(elapsed, `${seed.name} after ${mutationName} #${i}: ms`).toBeLessThan(2000);
      }
      expect(outcomes.parsed + outcomes.refused).toBe(runs);
    });
  }
});
