#!/usr/bin/env node
// `holgura` launcher: the engine ships as TypeScript source, so register tsx's loader (a root
// dev dependency) and run the CLI entry point.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
