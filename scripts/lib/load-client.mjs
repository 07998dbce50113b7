// A load client for scripts/lib/load-national.mjs, run in a process of its own (fork): groups
// of keep-alive connections, each a client that sends its requests in turn, one at a time —
// back to back, or paced at `rate` requests a second. Node's own HTTP parser reads the answers
// and discards them as they arrive, so a 9 MB or 80 MB document costs the client little (the
// autocannon 9 this repo uses for `npm run load` parses bodies in JavaScript: it read the 10,000-
// bus documents at ~25 MB/s, where curl gets 230 MB/s from the same server).
//
// Latency: from the moment a request was due (paced) or sent (back to back) to the last byte of
// its answer; a paced client that falls behind counts its waiting (no coordinated omission).
// Message in: { type: 'run', baseUrl, seconds, groups: [{ name, rate?, connections: [[request,
// …], …] }] } with request = { method, path, headers, body? }. Message out: { type: 'done',
// groups: [{ name, connections, count, p50, p99, max, errors, non2xx, statuses, bytes }] }.
import http from 'node:http';

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

function send(agent, baseUrl, request) {
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${baseUrl}${request.path}`,
      { method: request.method, headers: request.headers, agent, timeout: 60_000 },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, bytes }));
        response.on('error', () => resolve({ status: 0, bytes }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => resolve({ status: 0, bytes: 0 }));
    outgoing.end(request.body);
  });
}

async function connection(baseUrl, requests, rate, deadline, stats) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const interval = rate === undefined ? 0 : 1000 / rate;
  // Paced clients start at random offsets, as independent users would.
  let due = performance.now() + Math.random() * interval;
  for (let k = 0; ; k++) {
    if (interval > 0) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const started = interval > 0 ? due : performance.now();
    if (started >= deadline) break;
    const answer = await send(agent, baseUrl, requests[k % requests.length]);
    stats.latencies.push(performance.now() - started);
    stats.bytes += answer.bytes;
    if (answer.status === 0) stats.errors++;
    else if (answer.status < 200 || answer.status >= 300) {
      stats.non2xx++;
      stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
    }
    due += interval;
  }
  agent.destroy();
}

process.on('message', async (message) => {
  if (message.type !== 'run') return;
  const deadline = performance.now() + message.seconds * 1000;
  const results = await Promise.all(
    message.groups.map(async (group) => {
      const stats = { latencies: [], bytes: 0, errors: 0, non2xx: 0, statuses: new Map() };
      await Promise.all(
        group.connections.map((requests) =>
          connection(message.baseUrl, requests, group.rate, deadline, stats),
        ),
      );
      const sorted = stats.latencies.sort((a, b) => a - b);
      return {
        name: group.name,
        connections: group.connections.length,
        count: sorted.length,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? NaN,
        errors: stats.errors,
        non2xx: stats.non2xx,
        statuses: [...stats.statuses].map(([code, count]) => `${count} × ${code}`).join(', '),
        bytes: stats.bytes,
      };
    }),
  );
  process.send({ type: 'done', groups: results });
});
