import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One Vitest project per workspace; `npm run test:unit` runs all but e2e, `npm run test:e2e`
// runs e2e against the built server.

/** Unpacks the committed reference cases and results (@holgura/test-fixtures) before any test. */
const unpackReference = fileURLToPath(
  new URL('./packages/test-fixtures/src/global-setup.ts', import.meta.url),
);

/**
 * Vitest's default is one worker fewer than the cores: a single one on CI's 2 cores, which left
 * a core idle. The in-process suites (engine, contracts, web, test-fixtures) are CPU-bound and
 * independent: they take every core (5.5 → 3.2 min here). The server's files keep the default,
 * one at a time: two at once on 2 cores failed their timing checks (a remembered token's expiry)
 * and timed out PostgreSQL's per-test schema migrations. `npm run test:unit` runs the server's
 * after the others (a group of their own); `npm test` instead runs the server suite beside the
 * in-process suites on one worker and the build (two Vitest processes, `concurrently`): the
 * server's files mostly wait on their worker threads and on PostgreSQL, so the two share the
 * 2 cores, and CI saves the in-process suites' and the build's minutes (about 3.5).
 */
const cores = availableParallelism();

export default defineConfig({
  test: {
    maxWorkers: cores,
    projects: [
      {
        test: {
          name: 'test-fixtures',
          root: './packages/test-fixtures',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: [unpackReference],
        },
      },
      {
        test: {
          name: 'engine',
          root: './packages/engine',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: [unpackReference],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: [unpackReference],
          // Analyses run in worker threads and, on PostgreSQL, through pg-boss's polling.
          testTimeout: 30_000,
          maxWorkers: Math.max(cores - 1, 1),
          sequence: { groupOrder: 1 },
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['./support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two spec files at a time: most wait on a server and a browser, not on the CPU, and
          // 18 of 23 start a server of their own (the shared one sees two users at once, as in
          // production). 1,050 s one at a time → 408 s two at a time, here, on 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
