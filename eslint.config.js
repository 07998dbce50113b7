// One flat config for the whole monorepo. The architecture's arrows (docs/decisions/001) are
// errors here, not wishes: restricted-path zones between workspaces and between web features,
// plus import-x/no-cycle everywhere.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = [
  'landing',
  'auth',
  'analysis',
  'results',
  'demo',
  'profile',
  'studies',
  'windows',
];

/** The architecture's arrows between workspaces and web features (docs/decisions/001). */
const architectureZones = [
  {
    target: './packages/engine',
    from: ['./apps', './e2e'],
    message: 'The engine imports nothing of ours.',
  },
  {
    // One exception: the CLI reads study files with the contracts' schema, so it
    // accepts exactly what the web app does (docs/decisions/010-cli.md).
    target: [
      './packages/engine/*',
      './packages/engine/!(src)/**',
      './packages/engine/src/*',
      './packages/engine/src/!(cli)/**',
    ],
    from: './packages/contracts',
    message: 'The engine imports nothing of ours; only src/cli may use the contracts.',
  },
  {
    target: './packages/contracts',
    from: ['./packages/engine', './apps', './e2e'],
    message: 'Contracts depend on zod only.',
  },
  {
    target: './apps/web',
    from: ['./packages/engine', './apps/server'],
    message: 'The web app knows the engine and server only through the contracts.',
  },
  {
    target: './apps/server',
    from: ['./apps/web', './e2e'],
    message: 'The server never imports the web app.',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'No feature imports another feature: compose them in src/app.',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/utils'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code must not depend on features or the app shell.',
  },
];

/**
 * The server's layers (issue #27, docs/decisions/017): config/, db/ and http/ at the bottom know
 * nothing above them; jobs/ (queue, worker pool and threads, the registry of job kinds) knows no
 * resource module — each module registers its kinds into it; modules/* may use everything below
 * and each other's public functions. The composition root (app.ts, main.ts, worker-main.ts,
 * job-kinds.ts, job-handlers.ts, job-worker.ts) wires them and is imported by none of them. Production code only:
 * a test may build a whole app.
 */
const server = './apps/server/src';
const compositionRoot = [
  'app',
  'main',
  'worker-main',
  'job-kinds',
  'job-handlers',
  'job-worker',
].map((name) => `${server}/${name}.ts`);
const serverLayerZones = [
  {
    target: [`${server}/config`, `${server}/db`, `${server}/http`],
    from: [`${server}/jobs`, `${server}/modules`, ...compositionRoot],
    message:
      'config/, db/ and http/ are plumbing: they know no job, no module and not the composition root (docs/decisions/017).',
  },
  {
    target: `${server}/jobs`,
    from: [`${server}/modules`, ...compositionRoot],
    message:
      'jobs/ knows no resource module: the module registers its job kind (job-kinds.ts, docs/decisions/017).',
  },
  {
    target: `${server}/modules`,
    from: compositionRoot,
    message: 'Modules never import the composition root; app.ts wires them (docs/decisions/017).',
  },
];

/**
 * Test helpers and test data (issue #27): inside src/, a helper is a `*.test-support.ts(x)` file
 * beside what it supports and test data (workers a test starts included) lives in a
 * `test-fixtures/` folder; the reference cases are the workspace @holgura/test-fixtures. Tests,
 * test support, benches, e2e and scripts may import them; production code may not, so no build
 * bundles them.
 */
const testOnlyFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.spec.ts',
  '**/*.test-support.{ts,tsx}',
  '**/test/**',
  '**/bench/**',
  '**/test-fixtures/**',
  'e2e/**',
  'scripts/**',
];
const testOnlyZone = {
  target: ['./apps', './packages'],
  from: ['./**/*.test-support.{ts,tsx}', './**/test-fixtures/**'],
  message:
    'Test helpers (*.test-support), test data (test-fixtures/) and @holgura/test-fixtures are for tests, benches and scripts only.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: './tsconfig.json',
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      // TypeScript already checks default imports; these fire on libraries whose default export
      // is also exported by name (oidc-provider's Provider).
      'import-x/no-named-as-default-member': 'off',
      'import-x/no-named-as-default': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: architectureZones,
        },
      ],
    },
  },
  {
    // Production code: the architecture's arrows, the server's layers, and no test helper, test
    // data or fixture.
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}'],
    ignores: testOnlyFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...architectureZones, ...serverLayerZones, testOnlyZone] },
      ],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/cli/**', 'packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net'],
              message: 'The engine does no I/O of its own; node:fs is for src/cli only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The all-busbar capacity's helper thread and the hours' (src/hours/threads.ts):
    // worker_threads and shared memory, still no I/O.
    files: [
      'packages/engine/src/busbar/all/threads.ts',
      'packages/engine/src/busbar/all/worker.ts',
      'packages/engine/src/hours/threads.ts',
      'packages/engine/src/hours/hours-worker.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                '!node:worker_threads',
                'fs',
                'path',
                'os',
                'child_process',
                'http',
                'https',
                'net',
              ],
              message: 'The engine does no I/O of its own; node:fs is for src/cli only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@holgura/engine', '@holgura/server'],
              message: 'The web app knows the engine only through @holgura/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  prettier,
);
