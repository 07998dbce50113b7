#!/usr/bin/env node
// Entry point of the `holgura` command: `npx tsx packages/engine/src/cli/main.ts <command> FILE`.
import { runCli } from './run';

const result = await runCli(process.argv.slice(2));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
