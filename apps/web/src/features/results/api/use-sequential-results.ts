import type { CaseSummary } from '@holgura/contracts';
import { useEffect, useState } from 'react';
import { toResultCard, type ResultCard } from '../model';
import { getBusbarCapacity } from './results';

/** Spec §9: the pause between two case fetches. */
export const CASE_PAUSE_MS = 500;

export type SequentialResults = {
  status: 'idle' | 'loading' | 'error' | 'loaded';
  cards: ResultCard[];
  done: number;
  total: number;
  failed: number;
};

const idle: SequentialResults = { status: 'idle', cards: [], done: 0, total: 0, failed: 0 };

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Spec §4 results loading: one case at a time with a 500 ms pause between cases; a case that
 * fails is skipped; if none loads, the state is an error. Cards appear as they load.
 */
export function useSequentialResults(
  cases: readonly CaseSummary[] | null,
  pauseMs = CASE_PAUSE_MS,
): SequentialResults {
  const [state, setState] = useState<SequentialResults>(idle);
  const [source, setSource] = useState<readonly CaseSummary[] | null>(null);

  // Restart on a new selection (state derived during render, not in the effect).
  if (source !== cases) {
    setSource(cases);
    setState(
      cases === null || cases.length === 0
        ? { ...idle, status: cases === null ? 'idle' : 'loaded' }
        : { status: 'loading', cards: [], done: 0, total: cases.length, failed: 0 },
    );
  }

  useEffect(() => {
    if (cases === null || cases.length === 0) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      const cards: ResultCard[] = [];
      let failed = 0;
      for (const [index, summary] of cases.entries()) {
        if (index > 0) await pause(pauseMs, signal);
        if (signal.aborted) return;
        try {
          const capacity = await getBusbarCapacity(summary.caseId, signal);
          cards.push(toResultCard(summary, capacity));
        } catch {
          if (signal.aborted) return;
          failed += 1;
        }
        if (signal.aborted) return;
        const done = index + 1;
        const last = done === cases.length;
        setState({
          status: last ? (cards.length === 0 ? 'error' : 'loaded') : 'loading',
          cards: [...cards],
          done,
          total: cases.length,
          failed,
        });
      }
    })();
    return () => controller.abort();
  }, [cases, pauseMs]);

  return state;
}
