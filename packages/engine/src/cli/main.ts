// Entry point of the `holgura` command, bundled by build.mjs into dist/holgura.js (bin/holgura.mjs
// runs it); `npx tsx packages/engine/src/cli/main.ts <command> FILE` runs the source directly.
import { runCli } from './run';

// `holgura n1 … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const result = await runCli(process.argv.slice(2), {
  ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
