import type { JobStatus } from '@holgura/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/render';
import { followJob } from './job';

const status = (patch: Partial<JobStatus>): JobStatus => ({
  jobId: 'j1',
  caseId: 'c1',
  state: 'running',
  progressPercent: 10,
  stage: 'Leyendo el archivo',
  error: null,
  attempts: 1,
  createdAt: '2026-11-21T00:00:00Z',
  startedAt: null,
  finishedAt: null,
  ...patch,
});

class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeEventSource.last = null;
});

describe('following a job', () => {
  it('polls until the job is done when the browser has no EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    const answers = [status({}), status({ state: 'done', progressPercent: 100 })];
    mockApi({ '/api/jobs/j1': () => jsonResponse(answers.shift()) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen: number[] = [];
    const final = await followJob(
      'j1',
      (s) => seen.push(s.progressPercent),
      new AbortController().signal,
    );
    vi.useRealTimers();
    expect(final.state).toBe('done');
    expect(seen).toEqual([10, 100]);
  });

  it('reads the Server-Sent Events stream and closes it when the job ends', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const seen: string[] = [];
    const done = followJob('j1', (s) => seen.push(s.state), new AbortController().signal);
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/jobs/j1/events');
    source.emit('status', status({ state: 'queued', progressPercent: 0 }));
    source.emit('status', status({ state: 'failed', error: { code: 'X', message: 'línea 3' } }));
    await expect(done).resolves.toMatchObject({ state: 'failed', error: { message: 'línea 3' } });
    expect(seen).toEqual(['queued', 'failed']);
    expect(source.closed).toBe(true);
  });

  it('falls back to polling when the stream fails (a bearer-only SAX user)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi({ '/api/jobs/j1': { body: status({ state: 'done', progressPercent: 100 }) } });
    const done = followJob('j1', () => undefined, new AbortController().signal);
    FakeEventSource.last!.emit('error');
    await expect(done).resolves.toMatchObject({ state: 'done' });
    expect(FakeEventSource.last!.closed).toBe(true);
  });
});
