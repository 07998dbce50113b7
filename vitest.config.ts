import { defineConfig } from 'vitest/config';

// One Vitest project per workspace; `npm run test:unit` runs all but e2e, `npm run test:e2e`
// runs e2e against the built server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          root: './packages/engine',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
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
