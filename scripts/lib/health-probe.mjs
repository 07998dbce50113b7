// /api/health every 10 ms, one request at a time on one kept-alive connection, in a process of
// its own (forked by scripts/lib/load-national.mjs): the load generator's busy event loop must
// not be measured as the server's latency. Answers { type: 'mark' } with the percentiles of the
// samples since the last mark; { type: 'stop' } ends it.
import http from 'node:http';

const [baseUrl, everyMsText = '10'] = process.argv.slice(2);
const everyMs = Number(everyMsText);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let samples = [];
let errors = 0;
let running = true;

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(`${baseUrl}/api/health`, { agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) samples.push(performance.now() - started);
        else errors++;
        resolve();
      });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      errors++;
      resolve();
    });
  });
}

process.on('message', (message) => {
  if (message.type === 'mark') {
    const sorted = samples.sort((a, b) => a - b);
    process.send({
      type: 'marked',
      stats: {
        count: sorted.length,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? NaN,
        errors,
      },
    });
    samples = [];
    errors = 0;
  }
  if (message.type === 'stop') running = false;
});

while (running) {
  const started = performance.now();
  await once();
  const wait = everyMs - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
agent.destroy();
process.disconnect();
