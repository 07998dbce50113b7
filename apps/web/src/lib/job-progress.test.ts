import type { JobStatus } from '@holgura/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenSource } from './api-client';
import { jsonResponse, mockApi } from '../render.test-support';
import { followJob } from './job-progress';

const status = (patch: Partial<JobStatus>): JobStatus => ({
  jobId: 'j1',
  kind: 'analysis',
  caseId: 'c1',
  studyId: null,
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

/** A `text/event-stream` answer whose events the test writes as it goes. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    // Split in two writes: a chunk boundary may fall anywhere in an event.
    emit(event: string, data: unknown) {
      const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      controller.enqueue(encoder.encode(text.slice(0, 9)));
      controller.enqueue(encoder.encode(text.slice(9)));
    },
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

afterEach(() => {
  setAccessTokenSource(null);
});

describe('following a job', () => {
  it('polls until the job is done when the browser cannot read streams', async () => {
    vi.stubGlobal('TextDecoderStream', undefined);
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
    vi.unstubAllGlobals();
    expect(final.state).toBe('done');
    expect(seen).toEqual([10, 100]);
  });

  it('reads the event stream with the bearer token until the job ends', async () => {
    setAccessTokenSource(() => Promise.resolve('token-sax'));
    const stream = eventStream();
    const fetchMock = mockApi({
      '/api/jobs/j1/events': ({ headers }) => {
        expect(headers.get('authorization')).toBe('Bearer token-sax');
        expect(headers.get('accept')).toBe('text/event-stream');
        return stream.response;
      },
    });
    const seen: string[] = [];
    const done = followJob('j1', (s) => seen.push(s.state), new AbortController().signal);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    stream.emit('status', status({ state: 'queued', progressPercent: 0 }));
    stream.emit('ping', {});
    stream.emit('status', status({ state: 'failed', error: { code: 'X', message: 'línea 3' } }));
    await expect(done).resolves.toMatchObject({ state: 'failed', error: { message: 'línea 3' } });
    expect(seen).toEqual(['queued', 'failed']);
  });

  it('treats a study job its owner cancelled as finished', async () => {
    const stream = eventStream();
    mockApi({ '/api/jobs/j1/events': () => stream.response });
    const seen: string[] = [];
    const done = followJob('j1', (s) => seen.push(s.state), new AbortController().signal);
    await settle();
    stream.emit('status', status({ kind: 'study', caseId: null, studyId: 's1' }));
    stream.emit(
      'status',
      status({ kind: 'study', caseId: null, studyId: 's1', state: 'cancelled' }),
    );
    await expect(done).resolves.toMatchObject({ state: 'cancelled', studyId: 's1' });
    expect(seen).toEqual(['running', 'cancelled']);
  });

  it('carries on by polling when the stream breaks or ends before the job', async () => {
    for (const breakStream of ['fail', 'end'] as const) {
      const stream = eventStream();
      mockApi({
        '/api/jobs/j1/events': () => stream.response,
        '/api/jobs/j1': { body: status({ state: 'done', progressPercent: 100 }) },
      });
      const seen: string[] = [];
      const done = followJob('j1', (s) => seen.push(s.state), new AbortController().signal);
      await settle();
      stream.emit('status', status({ state: 'running' }));
      await vi.waitFor(() => expect(seen).toEqual(['running']));
      stream[breakStream]();
      await expect(done, breakStream).resolves.toMatchObject({ state: 'done' });
      expect(seen, breakStream).toEqual(['running', 'done']);
    }
  });

  it('polls when the stream is refused', async () => {
    mockApi({
      '/api/jobs/j1/events': () => jsonResponse({ error: { code: 'X', message: 'no' } }, 502),
      '/api/jobs/j1': { body: status({ state: 'done', progressPercent: 100 }) },
    });
    await expect(
      followJob('j1', () => undefined, new AbortController().signal),
    ).resolves.toMatchObject({ state: 'done' });
  });

  it('stops when the page no longer wants the job', async () => {
    const stream = eventStream();
    mockApi({ '/api/jobs/j1/events': () => stream.response });
    const controller = new AbortController();
    const done = followJob('j1', () => undefined, controller.signal);
    await settle();
    stream.emit('status', status({ state: 'running' }));
    controller.abort();
    stream.fail();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
