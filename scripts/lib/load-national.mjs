// npm run load -- --mode national: issue #16's national-size load, on the built server.
//
// Stores an analysed 10,000-bus case (case_ACTIVSg10k, uploaded and analysed like any case; its
// result is ~80 MB of JSON in all) with the demo data (450 study cases) and 40 accounts of 12
// cases each, then, with /api/health probed every 10 ms from a process of its own throughout:
//
// 1. 200 connections for --seconds: the case list (own pages, demo pages), the result's parts
//    (summary, constraint pages, a constraint's generators, violations, network view) and
//    /api/stats, each connection a client asking --rate times a second, and 4 connections
//    reading full SAX-compatible documents once a second (the original API's results route,
//    …/result/full-data-json, GET …/data);
// 2. the issue's failing read: 50 clients with gzip and 10 without on GET …/data, back to back,
//    for at least 30 s;
// 3. the connections of (1) again, in rounds, while two more 10k cases are uploaded and
//    analysed (two analysis threads on SQLite, two worker processes on PostgreSQL), until both
//    are stored;
// 4. the connections of (1) again, in rounds, while another user computes a large study (120
//    scenario × year cases of ACTIVSg2000, every bus of each), at most four rounds, then the
//    study is cancelled (issue #26: one user's work must not hold the others up).
//
// It prints per route p50/p99/max, requests, errors and non-2xx, /api/health's percentiles per
// phase and the API process's peak memory. Targets (issue #16): no errors anywhere; p99 < 300
// ms for the list and the parts in (1); /api/health p99 < 100 ms in (1), (3) and (4).

import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePath, unpackReference } from '@holgura/test-fixtures';
import { repoRoot, signUp } from './built-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// The national-size case: case_ACTIVSg10k of @holgura/test-fixtures (unpacked on first use), or
// NATIONAL_CASE.
await unpackReference();
export const NATIONAL_CASE = process.env.NATIONAL_CASE ?? referencePath('cases/case_ACTIVSg10k.m');
const PARTS_P99_TARGET_MS = 300;
const HEALTH_P99_TARGET_MS = 100;
const ACCOUNTS = 40;
const OWN_CASES = 12;

const BROWSER = 'gzip, deflate, br, zstd';
async function json(baseUrl, url, headers, init = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    ...init,
    headers: { ...headers, ...init.headers },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Uploads the case and waits for its analysis (polling, as the web app's fallback does). */
export async function uploadNational(baseUrl, account, label) {
  const bytes = fs.readFileSync(NATIONAL_CASE);
  const started = performance.now();
  const headers = { authorization: `Bearer ${account.token}` };
  const response = await fetch(`${baseUrl}/api/casesCalculate/calculate`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'text/plain',
      'x-file-name': path.basename(NATIONAL_CASE),
    },
    body: bytes,
  });
  if (response.status !== 202)
    throw new Error(`${label}: upload ${response.status} ${await response.text()}`);
  const { jobId, caseId } = await response.json();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await json(baseUrl, `/api/jobs/${jobId}`, headers);
    if (status.state === 'done') return { caseId, seconds: (performance.now() - started) / 1000 };
    if (status.state === 'failed')
      throw new Error(`${label}: ${status.error?.code} ${status.error?.message}`);
  }
}

/** The large study of phase 4: the demo study's scenarios repeated to this many cases. */
const LARGE_STUDY_CASES = 120;
/** Phase 4 measures at most this many rounds of `seconds`, then cancels the study. */
const STUDY_ROUNDS = 4;

/**
 * POSTs a study of LARGE_STUDY_CASES scenario × year cases on ACTIVSg2000 (the demo study's
 * scenarios under new names, its six years and 25 busbars; every bus of each case is computed
 * too) and gives its status and a stop that cancels it if it still runs.
 */
async function postLargeStudy(baseUrl, account) {
  const demo = JSON.parse(fs.readFileSync(path.join(repoRoot, 'demo/estudio-demo.json'), 'utf8'));
  const copies = Math.ceil(LARGE_STUDY_CASES / demo.years.length / demo.scenarios.length);
  const scenarios = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const scenario of demo.scenarios)
      scenarios.push({ ...scenario, name: `${scenario.name}${copy}` });
  }
  const study = {
    ...demo,
    name: 'Estudio grande de la prueba de carga',
    scenarios: scenarios.slice(0, LARGE_STUDY_CASES / demo.years.length),
  };
  delete study.baseCase;
  const headers = { authorization: `Bearer ${account.token}` };
  const form = new FormData();
  const caseFile = path.join(repoRoot, 'demo', demo.baseCase);
  form.append('case', new Blob([fs.readFileSync(caseFile)]), path.basename(caseFile));
  form.append('study', JSON.stringify(study));
  const response = await fetch(`${baseUrl}/api/studies`, { method: 'POST', headers, body: form });
  if (response.status !== 202)
    throw new Error(`POST /api/studies: ${response.status} ${await response.text()}`);
  const { jobId, studyId } = await response.json();
  const started = performance.now();
  const status = () => json(baseUrl, `/api/jobs/${jobId}`, headers);
  return {
    status,
    /** Cancels the study if it still runs; what it had done, and in how long. */
    async stop() {
      const last = await status();
      if (last.state === 'running' || last.state === 'queued') {
        await json(baseUrl, `/api/studies/${studyId}/cancel`, headers, { method: 'POST' });
      }
      return {
        state: last.state,
        error: last.error?.code ?? null,
        percent: last.progressPercent,
        stage: last.stage,
        seconds: (performance.now() - started) / 1000,
      };
    },
  };
}

/** /api/health probed from a process of its own (scripts/lib/health-probe.mjs). */
function healthProbe(baseUrl) {
  const child = fork(path.join(here, 'health-probe.mjs'), [baseUrl, '10']);
  const ended = new Promise((resolve) => child.once('exit', resolve));
  return {
    /** Percentiles of the samples since the last mark. */
    mark: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message.stats));
        child.send({ type: 'mark' });
      }),
    async stop() {
      child.send({ type: 'stop' });
      await ended;
    },
  };
}

/**
 * How busy the machine was at the end of a phase: the 1-minute load average and, on Linux, the
 * share of the last 60 s in which some task waited for a CPU (/proc/pressure/cpu). The figures
 * mean little on a machine that other work keeps busy, and this says so.
 */
function machineLoad() {
  let pressure = null;
  try {
    const line = fs.readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
    pressure = Number(/avg60=([\d.]+)/.exec(line)?.[1] ?? NaN);
  } catch {
    // Not Linux, or no pressure information.
  }
  return { load1: os.loadavg()[0], cpuPressure: pressure };
}

/** Peak resident memory of a process while `measure` runs (Linux /proc). */
function memoryWatch(pid) {
  let peak = 0;
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
    } catch {
      // Not Linux, or the process ended.
    }
  };
  const timer = setInterval(read, 250);
  return {
    mark() {
      read();
      const value = peak;
      peak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The groups of connections, 200 in all: each connection cycles through its own requests.
 * `target`: whether the group's p99 must be under the parts target.
 */
function routeGroups({ accounts, owner, caseId, summary, rate }) {
  const bearer = (account) => ({
    authorization: `Bearer ${account.token}`,
    'accept-encoding': BROWSER,
  });
  const ownerHeaders = bearer(owner);
  const figures = ['attributable', 'strict'];
  const pages = [];
  for (const figure of figures) {
    for (const level of summary.flexibility.figures[figure].levels) {
      const lastPage = Math.max(1, Math.ceil(level.constraintCount / 25));
      for (const page of [1, 2, lastPage]) {
        if (page > lastPage) continue;
        pages.push(
          `/api/cases/${caseId}/result/constraints?level=${level.level}&figure=${figure}&page=${page}&pageSize=25`,
        );
      }
    }
  }
  const constraintCount = summary.flexibility.constraintCount;
  const generatorPaths = Array.from(
    { length: Math.min(40, constraintCount) },
    (_, i) =>
      `/api/cases/${caseId}/result/constraints/${1 + Math.floor((i * constraintCount) / 40)}/generators`,
  );
  const get = (url, headers) => ({ method: 'GET', path: url, headers });
  const demoPages = Array.from(
    { length: 10 },
    (_, i) => `/api/cases?owner=demo&pageSize=25&page=${i + 1}`,
  );
  return [
    {
      name: 'GET /api/cases?owner=own&family=none (página de 5)',
      rate,
      connections: 40,
      target: true,
      requests: (i) => [
        get(
          '/api/cases?owner=own&family=none&pageSize=5&page=1',
          bearer(accounts[i % accounts.length]),
        ),
        get(
          '/api/cases?owner=own&family=none&pageSize=5&page=2',
          bearer(accounts[i % accounts.length]),
        ),
      ],
    },
    {
      name: 'GET /api/cases?owner=demo (páginas de 25)',
      rate,
      connections: 10,
      target: true,
      requests: (i) => demoPages.map((url) => get(url, bearer(accounts[i % accounts.length]))),
    },
    {
      name: 'GET …/result/summary',
      rate,
      connections: 36,
      target: true,
      requests: () => [get(`/api/cases/${caseId}/result/summary`, ownerHeaders)],
    },
    {
      name: 'GET …/result/constraints (páginas de 25)',
      rate,
      connections: 40,
      target: true,
      requests: (i) => pages.map((_, k) => get(pages[(k + i) % pages.length], ownerHeaders)),
    },
    {
      name: 'GET …/result/constraints/:id/generators',
      rate,
      connections: 40,
      target: true,
      requests: (i) =>
        generatorPaths.map((_, k) =>
          get(generatorPaths[(k + i) % generatorPaths.length], ownerHeaders),
        ),
    },
    {
      name: 'GET …/result/violations',
      rate,
      connections: 10,
      target: true,
      requests: () => [get(`/api/cases/${caseId}/result/violations`, ownerHeaders)],
    },
    {
      name: 'GET /api/cases/:id/network',
      rate,
      connections: 10,
      target: true,
      requests: () => [get(`/api/cases/${caseId}/network`, ownerHeaders)],
    },
    {
      name: 'Documentos SAX completos (POST /download-excel/api-results ×2, …/result/full-data-json, GET …/data), 1 por segundo cada uno',
      connections: 4,
      rate: 1,
      target: false,
      documents: true,
      requests: (i) => {
        if (i < 2) {
          return [
            {
              method: 'POST',
              path: '/download-excel/api-results',
              headers: { ...ownerHeaders, 'content-type': 'application/json' },
              body: JSON.stringify({ cases: [caseId] }),
            },
          ];
        }
        if (i < 3) return [get(`/api/cases/${caseId}/result/full-data-json`, ownerHeaders)];
        return [get(`/api/cases/${caseId}/data`, ownerHeaders)];
      },
    },
    {
      name: 'GET /api/stats',
      rate,
      connections: 10,
      target: false,
      requests: () => [get('/api/stats', { 'accept-encoding': BROWSER })],
    },
  ];
}

/** Every request of every group once, before measuring: a wrong path fails here, not silently. */
async function checkPaths(baseUrl, groups) {
  for (const group of groups) {
    const seen = new Set();
    for (let i = 0; i < group.connections; i++) {
      for (const request of group.requests(i)) {
        const key = `${request.method} ${request.path} ${request.headers.authorization ?? ''} ${request.headers['accept-encoding'] ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`${request.method} ${request.path}: ${response.status} antes de medir`);
      }
    }
  }
}

/**
 * All groups at once for `seconds`, from load clients of their own (scripts/lib/load-client.mjs):
 * one for the groups of documents (megabytes per answer) and one for the others, so reading
 * documents never delays the small requests' clocks.
 */
async function runGroups(baseUrl, groups, seconds) {
  const results = new Array(groups.length);
  const batches = [
    groups.map((group, index) => ({ group, index })).filter(({ group }) => !group.documents),
    groups.map((group, index) => ({ group, index })).filter(({ group }) => group.documents),
  ].filter((batch) => batch.length > 0);
  await Promise.all(
    batches.map(
      (batch) =>
        new Promise((resolve, reject) => {
          const client = fork(path.join(here, 'load-client.mjs'));
          client.once('error', reject);
          client.once('message', (message) => {
            client.kill();
            for (const [k, result] of message.groups.entries()) {
              results[batch[k].index] = {
                ...result,
                target: batch[k].group.target,
                rps: result.count / seconds,
                bytesPerResponse: result.bytes / Math.max(1, result.count),
              };
            }
            resolve();
          });
          client.send({
            type: 'run',
            baseUrl,
            seconds,
            groups: batch.map(({ group }) => ({
              name: group.name,
              ...(group.rate === undefined ? {} : { rate: group.rate }),
              connections: Array.from({ length: group.connections }, (_, i) => group.requests(i)),
            })),
          });
        }),
    ),
  );
  return results;
}

/** The issue's failing read: 50 browsers and 10 clients without gzip on GET …/data, back to back. */
function documentGroups({ owner, caseId }) {
  const url = `/api/cases/${caseId}/data`;
  return [
    {
      name: 'GET /api/cases/:id/data con gzip, sin pausa',
      connections: 50,
      target: false,
      documents: true,
      requests: () => [
        {
          method: 'GET',
          path: url,
          headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': BROWSER },
        },
      ],
    },
    {
      name: 'GET /api/cases/:id/data sin gzip, sin pausa',
      connections: 10,
      target: false,
      documents: true,
      requests: () => [
        { method: 'GET', path: url, headers: { authorization: `Bearer ${owner.token}` } },
      ],
    },
  ];
}

/** The whole national run against a started server (`apiPid`: the API process, for its memory). */
export async function runNational({ dialect, baseUrl, apiPid, seconds, rate }) {
  const accounts = [];
  for (let i = 0; i < ACCOUNTS + 4; i++) accounts.push(await signUp(baseUrl, `nac-${i}`));
  const [owner, ...others] = accounts;
  const readers = others.slice(0, ACCOUNTS);
  const uploaders = others.slice(ACCOUNTS);
  for (const [i, account] of readers.entries()) {
    for (let k = 0; k < OWN_CASES; k++) {
      const response = await fetch(`${baseUrl}/api/cases/caso-${i}-${k}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ caseName: `Caso ${k} de la cuenta ${i}` }),
      });
      if (response.status !== 200) throw new Error(`PUT caso: ${response.status}`);
    }
  }
  // The demo study (450 cases) is computed at first start: wait for all of it.
  const ownerHeaders = { authorization: `Bearer ${owner.token}` };
  let demoCases = 0;
  for (let stable = 0, waited = 0; stable < 3; waited++) {
    if (waited > 600) throw new Error('la demostración no terminó en 10 minutos');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { total } = await json(baseUrl, '/api/cases?owner=demo&pageSize=5', ownerHeaders);
    stable = total > 0 && total === demoCases ? stable + 1 : 0;
    demoCases = total;
  }
  console.error(
    `[${dialect}] ${demoCases} casos de demostración; subiendo ${path.basename(NATIONAL_CASE)}…`,
  );
  const stored = await uploadNational(baseUrl, owner, 'owner');
  const summary = await json(baseUrl, `/api/cases/${stored.caseId}/result/summary`, ownerHeaders);
  const groups = routeGroups({ accounts: readers, owner, caseId: stored.caseId, summary, rate });
  const documents = documentGroups({ owner, caseId: stored.caseId });
  await checkPaths(baseUrl, [...groups, ...documents]);

  const health = healthProbe(baseUrl);
  const memory = memoryWatch(apiPid);
  const phases = [];
  const phase = async (name, extra, run) => {
    await health.mark();
    memory.mark();
    console.error(`[${dialect}] ${name}…`);
    const reads = await run();
    phases.push({
      name,
      ...extra,
      reads,
      health: await health.mark(),
      peakRss: memory.mark(),
      machine: machineLoad(),
    });
  };
  try {
    await phase(
      `200 conexiones (${rate} peticiones/s cada una; los documentos, 1/s)`,
      { targets: true },
      async () => await runGroups(baseUrl, groups, seconds),
    );
    // LOAD_NATIONAL_PHASES=mixed stops after the first phase, =reads after the second (to
    // profile them alone).
    const phases_ = process.env.LOAD_NATIONAL_PHASES ?? 'all';
    if (phases_ !== 'mixed') {
      await phase(
        'los documentos completos del issue: 50 clientes con gzip y 10 sin gzip en GET …/data',
        { documents: true },
        async () => await runGroups(baseUrl, documents, Math.max(seconds, 30)),
      );
    }
    if (phases_ === 'all') {
      const started = performance.now();
      let analysed = [];
      await phase(
        'las 200 conexiones mientras se analizan dos casos de 10 000 barras',
        { analyses: true },
        async () => {
          const analyses = Promise.all([
            uploadNational(baseUrl, uploaders[0], 'a'),
            uploadNational(baseUrl, uploaders[1], 'b'),
          ]);
          let finished = false;
          void analyses.then(
            () => (finished = true),
            () => (finished = true),
          );
          // Rounds of `seconds` until both are stored.
          const rounds = [];
          while (!finished) rounds.push(...(await runGroups(baseUrl, groups, seconds)));
          analysed = await analyses;
          return mergeRounds(rounds);
        },
      );
      Object.assign(phases.at(-1), {
        analysisSeconds: analysed.map((each) => each.seconds),
        wallSeconds: (performance.now() - started) / 1000,
      });
    }
    if (phases_ === 'all') {
      let study = null;
      await phase(
        `las 200 conexiones mientras otro usuario calcula un estudio grande (${LARGE_STUDY_CASES} casos × todas las barras)`,
        { study: true },
        async () => {
          const running = await postLargeStudy(baseUrl, uploaders[2]);
          const rounds = [];
          for (let round = 0; round < STUDY_ROUNDS; round++) {
            rounds.push(...(await runGroups(baseUrl, groups, seconds)));
            // A study runs in turns (issue #26): between two it is queued, not finished.
            const { state } = await running.status();
            if (state !== 'running' && state !== 'queued') break;
          }
          study = await running.stop();
          return mergeRounds(rounds);
        },
      );
      Object.assign(phases.at(-1), { studyProgress: study });
    }
  } finally {
    memory.stop();
    await health.stop();
  }
  return { dialect, demoCases, uploadSeconds: stored.seconds, summary, phases };
}

/** How phase 4's study ended: done, failed (a failure the report must show), or cancelled. */
function studyOutcome(study) {
  if (study.state === 'done') return 'terminó';
  if (study.state === 'failed') return `FALLÓ con ${study.error} al ${study.percent} %`;
  return `${study.percent} % (${study.stage ?? '–'}) y cancelado`;
}

/** Rounds of the same groups as one row each: requests and errors add up, the worst p99 stays. */
function mergeRounds(rows) {
  const byName = new Map();
  for (const row of rows) {
    const seen = byName.get(row.name);
    if (seen === undefined) {
      byName.set(row.name, { ...row });
      continue;
    }
    const count = seen.count + row.count;
    byName.set(row.name, {
      ...seen,
      p50: Math.max(seen.p50, row.p50),
      p99: Math.max(seen.p99, row.p99),
      max: Math.max(seen.max, row.max),
      rps: (seen.rps * seen.count + row.rps * row.count) / Math.max(1, count),
      bytesPerResponse: (seen.bytes + row.bytes) / Math.max(1, count),
      bytes: seen.bytes + row.bytes,
      count,
      errors: seen.errors + row.errors,
      non2xx: seen.non2xx + row.non2xx,
      statuses: [seen.statuses, row.statuses].filter(Boolean).join(', '),
    });
  }
  return [...byName.values()];
}

export function nationalReport(runs, seconds, rate) {
  const cpu = os.cpus()[0]?.model ?? 'CPU';
  const lines = [
    `Holgura — carga nacional (${path.basename(NATIONAL_CASE)}), 200 conexiones a ${rate} peticiones/s cada una, ${seconds} s por ronda (${os.cpus().length} × ${cpu}, Node ${process.version}, ${new Date().toISOString()}, carga de la máquina al terminar: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  ];
  const misses = [];
  for (const run of runs) {
    const flexibility = run.summary.flexibility;
    lines.push(
      '',
      `**${run.dialect}**: ${run.demoCases} casos de demostración; el caso de 10 000 barras subido y analizado en ${run.uploadSeconds.toFixed(1)} s (${flexibility.constraintCount} restricciones, ${flexibility.plantCount} plantas).`,
    );
    for (const phase of run.phases) {
      lines.push(
        '',
        `*${phase.name}*${phase.studyProgress ? ` (el estudio: ${studyOutcome(phase.studyProgress)} en ${phase.studyProgress.seconds.toFixed(0)} s)` : ''}${phase.analysisSeconds ? ` (análisis: ${phase.analysisSeconds.map((s) => `${s.toFixed(1)} s`).join(' y ')}; ${phase.wallSeconds.toFixed(0)} s en total)` : ''}; memoria máxima del proceso de la API: ${(phase.peakRss / 1024 ** 2).toFixed(0)} MB; carga de la máquina al terminar: ${phase.machine.load1.toFixed(1)}${phase.machine.cpuPressure === null ? '' : `, tareas esperando CPU el ${phase.machine.cpuPressure.toFixed(0)} % del último minuto`}`,
        '',
        '| Ruta | Conexiones | p50 (ms) | p99 (ms) | Máx (ms) | Peticiones | Peticiones/s | Errores | No 2xx | KB por respuesta |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      );
      for (const read of phase.reads) {
        lines.push(
          `| ${read.name} | ${read.connections} | ${read.p50.toFixed(0)} | ${read.p99.toFixed(0)} | ${read.max.toFixed(0)} | ${read.count} | ${read.rps.toFixed(0)} | ${read.errors} | ${read.non2xx} | ${(read.bytesPerResponse / 1024).toFixed(1)} |`,
        );
        if (read.errors > 0 || read.non2xx > 0) {
          misses.push(
            `${run.dialect} ${phase.name} ${read.name}: ${read.errors} errores, ${read.non2xx} no 2xx${read.statuses ? ` (${read.statuses})` : ''}`,
          );
        }
        if (read.target && phase.targets && read.p99 >= PARTS_P99_TARGET_MS) {
          misses.push(`${run.dialect} ${phase.name} ${read.name}: p99 ${read.p99} ms`);
        }
      }
      if (phase.studyProgress?.state === 'failed') {
        misses.push(
          `${run.dialect} ${phase.name}: el estudio falló (${phase.studyProgress.error})`,
        );
      }
      const h = phase.health;
      lines.push(
        `| /api/health (una conexión, cada 10 ms) | 1 | ${h.p50.toFixed(1)} | ${h.p99.toFixed(1)} | ${h.max.toFixed(1)} | ${h.count} | — | ${h.errors} | — | — |`,
      );
      // Phase 2 saturates the machine on purpose: its health figures are reported, not targets.
      if (h.errors > 0 || (!phase.documents && !(h.p99 < HEALTH_P99_TARGET_MS))) {
        misses.push(
          `${run.dialect} ${phase.name} /api/health: p99 ${h.p99.toFixed(1)} ms, ${h.errors} errores`,
        );
      }
    }
  }
  lines.push(
    '',
    misses.length === 0
      ? `Objetivos cumplidos: sin errores; p99 < ${PARTS_P99_TARGET_MS} ms en la lista y las partes; /api/health p99 < ${HEALTH_P99_TARGET_MS} ms con las 200 conexiones, también durante los análisis.`
      : `Objetivos NO cumplidos:\n${misses.map((miss) => `- ${miss}`).join('\n')}`,
  );
  return { text: lines.join('\n'), ok: misses.length === 0 };
}

export const nationalCaseAvailable = () => fs.existsSync(NATIONAL_CASE);
export { repoRoot };
