#!/usr/bin/env node
// `holgura` launcher: runs the CLI bundled by build.mjs (`npm run build -w @holgura/engine`, also
// run by the root `npm run build` and after `npm ci`), plain JavaScript with no loader.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/holgura.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'holgura: the CLI is not built (packages/engine/dist/holgura.js is missing).\n' +
      'Run: npm run build -w @holgura/engine\n',
  );
  process.exit(1);
}
// A bug's stack then names the TypeScript source lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import(bundle.href);
