import type { MessagePort } from 'node:worker_threads';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { AllBusbarsContext } from './context';
import type { BusGroup, BusRankings, GroupRunner, RankParams } from './run';
import { makeGroupRunner } from './run';
import type { OutageStream, StreamPartData } from './stream';
import { makeStreamKernel, makeStreamPart } from './stream';

/**
 * Both cores on one job (capacities.ts), keeping the call synchronous: a helper thread and the
 * calling thread take tasks from shared counters (chunks of outages for the stream, then groups
 * of buses), and the calling thread waits on shared memory (Atomics.wait) for the helper's last
 * task. The helper's stream is handed back through a MessagePort read synchronously; its bus
 * rankings land directly in shared arrays.
 *
 * Nothing depends on the helper: it may fail to start (no worker entry next to a bundle, no
 * threads), start late, or die; the calling thread then takes every task itself, including
 * any the helper claimed and did not report (after HELPER_STALL_MS without a sign of life).
 */
const STATE = 0;
const NEXT_CHUNK = 1;
const NEXT_GROUP = 2;
const HEARTBEAT = 3;
const CONTROL_SLOTS = 4;

const NOT_STARTED = 0;
const RUNNING = 1;
const STREAM_DONE = 2;
const GROUPS_RUNNING = 3;
const GROUPS_DONE = 4;
const FAILED = 5;
const ABANDONED = 6;

/** Claimed by the calling thread or the helper (per chunk, per group). */
export const BY_MAIN = 1;
const BY_HELPER = 2;

const HELPER_STALL_MS = 60_000;

/** Outages per stream task. */
export const STREAM_CHUNK = 64;

export interface HelperData {
  readonly control: SharedArrayBuffer;
  readonly chunkOwner: SharedArrayBuffer;
  readonly groupOwner: SharedArrayBuffer;
  readonly ctx: AllBusbarsContext;
  readonly epsilon: number;
  readonly outageScale: Float64Array;
  readonly groups: BusGroup[];
  readonly rankings: BusRankings;
  readonly params: RankParams;
  readonly maxBuses: number;
  readonly maxClusters: number;
  readonly port: MessagePort;
}

interface GroupsPart {
  readonly counters: GroupRunner['counters'];
  readonly timingsMs: GroupRunner['timingsMs'];
}

/** Shared arrays: typed arrays on SharedArrayBuffers, seen by both threads. */
export const sharedAlloc = (bytes: number): ArrayBufferLike => new SharedArrayBuffer(bytes);

/** Task claims from shared counters; with no helper, plain counting on the calling thread. */
export class Tasks {
  readonly control = new Int32Array(sharedAlloc(4 * CONTROL_SLOTS));
  readonly chunkOwner: Int32Array;
  readonly groupOwner: Int32Array;

  constructor(
    readonly chunks: number,
    readonly groups: number,
  ) {
    this.chunkOwner = new Int32Array(sharedAlloc(4 * Math.max(1, chunks)));
    this.groupOwner = new Int32Array(sharedAlloc(4 * Math.max(1, groups)));
  }

  /** The next unclaimed chunk, or −1. */
  claimChunk(by: number): number {
    return claim(this.control, NEXT_CHUNK, this.chunkOwner, this.chunks, by);
  }

  claimGroup(by: number): number {
    return claim(this.control, NEXT_GROUP, this.groupOwner, this.groups, by);
  }

  /** Tasks claimed so far (the counters run past the number of tasks at the end). */
  claimedChunks(): number {
    return Math.min(this.chunks, Atomics.load(this.control, NEXT_CHUNK));
  }

  claimedGroups(): number {
    return Math.min(this.groups, Atomics.load(this.control, NEXT_GROUP));
  }
}

function claim(
  control: Int32Array,
  counter: number,
  owner: Int32Array,
  n: number,
  by: number,
): number {
  const t = Atomics.add(control, counter, 1);
  if (t >= n) return -1;
  Atomics.store(owner, t, by);
  return t;
}

/** The calling thread's handle on its helper. */
export interface Helper {
  /** After the calling thread ran out of chunks: the helper's part, and chunks to redo. */
  finishStream(): { part: StreamPartData | null; redo: number[] };
  /** Hands the merged stream to the helper, which then takes groups too. */
  startGroups(stream: OutageStream): void;
  /** After the calling thread ran out of groups: the helper's counters, and groups to redo. */
  finishGroups(): { part: GroupsPart | null; redo: number[] };
  close(): void;
}

export interface HelperSpawn {
  /** The helper's entry module: worker.ts, or its bundle all-busbars-worker.js. */
  readonly url: URL;
  /**
   * Wait up to this long for the helper to start before working (default 0: start at once and
   * let it join when it can). Tests use it to be sure both threads take part.
   */
  readonly awaitStartMs?: number;
}

/**
 * Where the helper's entry is: worker.ts next to this module (sources), or all-busbars-worker.js
 * next to the bundle that holds it (packages/engine/build.mjs and apps/server/build.mjs name
 * that entry).
 */
export function defaultHelperSpawn(): HelperSpawn {
  const here = import.meta.url;
  return { url: new URL(here.endsWith('.ts') ? './worker.ts' : './all-busbars-worker.js', here) };
}

/** Starts a helper on `tasks`, or returns null when no thread can be made. */
export function startHelper(
  tasks: Tasks,
  spawn: HelperSpawn,
  data: Omit<HelperData, 'control' | 'chunkOwner' | 'groupOwner' | 'port'>,
): Helper | null {
  const channel = new MessageChannel();
  const workerData: HelperData = {
    ...data,
    control: tasks.control.buffer as SharedArrayBuffer,
    chunkOwner: tasks.chunkOwner.buffer as SharedArrayBuffer,
    groupOwner: tasks.groupOwner.buffer as SharedArrayBuffer,
    port: channel.port2,
  };
  let worker: Worker;
  try {
    worker = spawnWorker(spawn.url, workerData, [channel.port2]);
  } catch {
    return null;
  }
  worker.unref();
  // Errors arrive on the event loop, which this call does not return to: the shared state
  // tells the calling thread instead. This only keeps them from being unhandled.
  worker.on('error', () => undefined);
  const control = tasks.control;
  const port = channel.port1;
  const until = performance.now() + (spawn.awaitStartMs ?? 0);
  while (Atomics.load(control, STATE) === NOT_STARTED && performance.now() < until) {
    Atomics.wait(control, STATE, NOT_STARTED, 50);
  }

  /** Waits while the helper is in `busy`; true when it reached `done`. */
  const waitFor = (busy: number, done: number): boolean => {
    if (Atomics.compareExchange(control, STATE, NOT_STARTED, ABANDONED) === NOT_STARTED) {
      return false;
    }
    let beat = Atomics.load(control, HEARTBEAT);
    let since = performance.now();
    for (;;) {
      const state = Atomics.load(control, STATE);
      if (state === done) return true;
      if (state !== busy) return false;
      Atomics.wait(control, STATE, state, 1000);
      const now = Atomics.load(control, HEARTBEAT);
      if (now !== beat) {
        beat = now;
        since = performance.now();
      } else if (performance.now() - since > HELPER_STALL_MS) {
        Atomics.store(control, STATE, ABANDONED);
        return false;
      }
    }
  };
  /** The message the helper posted before it stored its state. */
  const receive = <T>(): T | null => {
    for (let tries = 0; tries < 100; tries++) {
      const m = receiveMessageOnPort(port);
      if (m) return m.message as T;
      Atomics.wait(control, HEARTBEAT, Atomics.load(control, HEARTBEAT), 10);
    }
    return null;
  };
  // Everything the calling thread did not do itself: the helper's tasks, and one it may have
  // claimed just before it died.
  const helperOwned = (owner: Int32Array, n: number): number[] => {
    const out: number[] = [];
    for (let t = 0; t < n; t++) if (Atomics.load(owner, t) !== BY_MAIN) out.push(t);
    return out;
  };

  return {
    finishStream() {
      const ok = waitFor(RUNNING, STREAM_DONE);
      const part = ok ? receive<StreamPartData>() : null;
      return { part, redo: part ? [] : helperOwned(tasks.chunkOwner, tasks.chunks) };
    },
    startGroups(stream) {
      if (Atomics.load(control, STATE) !== STREAM_DONE) return;
      const { outageScale: _, ...rest } = stream;
      port.postMessage(rest);
    },
    finishGroups() {
      const state = Atomics.compareExchange(control, STATE, STREAM_DONE, ABANDONED);
      if (state !== GROUPS_RUNNING && state !== GROUPS_DONE) {
        return { part: null, redo: helperOwned(tasks.groupOwner, tasks.groups) };
      }
      const ok = waitFor(GROUPS_RUNNING, GROUPS_DONE);
      const part = ok ? receive<GroupsPart>() : null;
      return { part, redo: part ? [] : helperOwned(tasks.groupOwner, tasks.groups) };
    },
    close() {
      Atomics.store(control, STATE, ABANDONED);
      port.close();
      void worker.terminate();
    },
  };
}

/**
 * A helper thread on `url` with `data` as its workerData. TypeScript sources (tsx, Vitest) go
 * through a bootstrap that registers tsx first and wraps the data (`{ entry, data }`); the
 * hours' helpers (hours/threads.ts) start the same way.
 */
export function spawnWorker(url: URL, data: unknown, transfer: MessagePort[] = []): Worker {
  if (!url.pathname.endsWith('.ts'))
    return new Worker(url, { workerData: data, transferList: transfer });
  return new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: url.href, data },
    transferList: transfer,
  });
}

/** The helper thread's side (worker.ts calls this with its workerData). */
export async function helperMain(data: HelperData): Promise<void> {
  const control = new Int32Array(data.control);
  if (Atomics.compareExchange(control, STATE, NOT_STARTED, RUNNING) !== NOT_STARTED) return;
  const tasks = {
    control,
    chunkOwner: new Int32Array(data.chunkOwner),
    groupOwner: new Int32Array(data.groupOwner),
  };
  const { ctx, port } = data;
  const set = (state: number): void => {
    Atomics.store(control, STATE, state);
    Atomics.notify(control, STATE);
  };
  const beat = (): void => {
    Atomics.add(control, HEARTBEAT, 1);
    Atomics.notify(control, HEARTBEAT);
  };
  try {
    const nMon = ctx.monitored.length;
    const nOut = ctx.outages.length;
    const mine = makeStreamPart(nMon);
    const kernel = makeStreamKernel(ctx, data.epsilon, mine, data.outageScale);
    const chunks = Math.ceil(nOut / STREAM_CHUNK);
    const s0 = performance.now();
    for (;;) {
      const c = claim(control, NEXT_CHUNK, tasks.chunkOwner, chunks, BY_HELPER);
      if (c < 0 || Atomics.load(control, STATE) !== RUNNING) break;
      kernel.run(c * STREAM_CHUNK, Math.min(nOut, (c + 1) * STREAM_CHUNK));
      beat();
    }
    kernel.finish();
    const part: StreamPartData = {
      roomUpMw: mine.roomUpMw,
      roomDownMw: mine.roomDownMw,
      lodfMax: mine.lodfMax,
      significant: mine.significant,
      atLimit: mine.atLimit,
      violations: mine.violations.part(),
      streamMs: performance.now() - s0,
    };
    const next = new Promise<OutageStream>((resolve) =>
      port.once('message', (m: Omit<OutageStream, 'outageScale'>) =>
        resolve({ ...m, outageScale: data.outageScale }),
      ),
    );
    // The violation records move to the calling thread (no copy): it builds the store.
    port.postMessage(part, mine.violations.buffers());
    if (Atomics.compareExchange(control, STATE, RUNNING, STREAM_DONE) !== RUNNING) return;
    Atomics.notify(control, STATE);
    const stream = await next;
    if (Atomics.compareExchange(control, STATE, STREAM_DONE, GROUPS_RUNNING) !== STREAM_DONE) {
      return;
    }
    const runner = makeGroupRunner(
      ctx,
      stream,
      data.rankings,
      data.params,
      data.maxBuses,
      data.maxClusters,
    );
    for (;;) {
      const g = claim(control, NEXT_GROUP, tasks.groupOwner, data.groups.length, BY_HELPER);
      if (g < 0 || Atomics.load(control, STATE) !== GROUPS_RUNNING) break;
      runner.run(data.groups[g]);
      beat();
    }
    port.postMessage({ counters: runner.counters, timingsMs: runner.timingsMs });
    if (Atomics.compareExchange(control, STATE, GROUPS_RUNNING, GROUPS_DONE) === GROUPS_RUNNING) {
      Atomics.notify(control, STATE);
    }
  } catch {
    set(FAILED);
  } finally {
    port.close();
  }
}
