import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One Vitest project per workspace; `npm run test:unit` runs all but e2e, `npm run test:e2e`
// runs e2e against the built server.

/** Unpacks the committed reference cases and results (@holgura/test-fixtures) before any test. */
const unpackReference = fileURLToPath(
  new URL('./packages/test-fixtures/src/global-setup.ts', import.meta.url),
);

export default defineConfig({
  test: {
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
          fileParallelism: false,
        },
      },
    ],
  },
});
