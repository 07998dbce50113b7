import { CommanderError } from '@commander-js/extra-typings';
import { isEngineError } from '../util/engine-error';
import { CliInputError } from './cli-error';
import { buildProgram } from './program';
import type { ProgressSink } from './progress';

export interface CliOutput {
  /** 0 done (also --help, --version), 2 usage error or invalid input, 1 a bug in the engine. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** The terminal for progress lines; main.ts passes stderr only when it is a TTY. */
  readonly progress?: ProgressSink;
}

/** One line naming the engine's code, and the line and field of the file when it knows them. */
function describeEngineError(e: { code: string; message: string; line?: number; field?: string }) {
  const where = [
    ...(e.line === undefined ? [] : [`line ${e.line}`]),
    ...(e.field === undefined ? [] : [`field ${e.field}`]),
  ];
  return `holgura: error: ${e.code}: ${e.message}${where.length ? ` (${where.join(', ')})` : ''}\n`;
}

/**
 * The whole `holgura` command as a function, so tests run it in-process: what it would print on
 * stdout and stderr, and its exit code. Progress, when wanted, is written live to `progress`.
 */
export async function runCli(
  argv: readonly string[],
  options: CliOptions = {},
): Promise<CliOutput> {
  let stdout = '';
  let stderr = '';
  const program = buildProgram({
    writeOut: (text) => (stdout += text),
    writeErr: (text) => (stderr += text),
    ...(options.progress === undefined ? {} : { progress: options.progress }),
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return { code: 0, stdout, stderr };
  } catch (e) {
    // Commander has already printed its message (and the hint) on stderr; help and version
    // end here too, with exit code 0.
    if (e instanceof CommanderError) return { code: e.exitCode === 0 ? 0 : 2, stdout, stderr };
    if (isEngineError(e)) return { code: 2, stdout, stderr: stderr + describeEngineError(e) };
    if (e instanceof CliInputError) {
      const details = e.details.map((d) => `  - ${d}\n`).join('');
      return {
        code: 2,
        stdout,
        stderr: `${stderr}holgura: error: ${e.code}: ${e.message}\n${details}`,
      };
    }
    // A bug, not bad input: the stack on stderr, and an exit code unlike bad input's.
    const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return { code: 1, stdout, stderr: `${stderr}holgura: internal error: ${detail}\n` };
  }
}
