import { EngineError, isEngineError } from '../util/engine-error';
import type { Flags } from './commands';
import { acpf, dcpf, info, lodf, n1, ptdf } from './commands';
import { loadCaseFile } from './load-case';
import { study } from './study-command';
import { capacity, flex } from './transfer-commands';

const USAGE = `usage: holgura <command> FILE [options]
  info FILE
  dcpf FILE
  acpf FILE
  ptdf FILE --branches 1,5,9 --buses 1,2,3
  lodf FILE --branches 1,5 --outages 2,3
  n1   FILE [--top N] [--post-rating A|B|C] [--min-kv KV]`;

const COMMANDS = new Set([
  'info',
  'dcpf',
  'acpf',
  'ptdf',
  'lodf',
  'n1',
  'capacity',
  'flex',
  'study',
]);

/** A flag given twice (`--bus 5 --bus 30`) means the list of both. */
function setFlag(flags: Flags, name: string, value: string | undefined): void {
  flags[name] =
    flags[name] === undefined || value === undefined ? value : `${flags[name]},${value}`;
}

function parseArgs(argv: string[]): { command: string; file: string; flags: Flags } {
  const positional: string[] = [];
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) setFlag(flags, a.slice(2, eq), a.slice(eq + 1));
      else if (a === '--json' || a === '--project-effects') flags[a.slice(2)] = 'true';
      else setFlag(flags, a.slice(2), argv[++i]);
    } else {
      positional.push(a);
    }
  }
  const [command, file] = positional;
  if (!command || !COMMANDS.has(command) || !file || positional.length > 2) {
    throw new EngineError('CLI_USAGE', USAGE);
  }
  return { command, file, flags };
}

export interface CliOutput {
  /** 0 ok, 2 bad input or usage, 1 a bug in the engine. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The whole `holgura` command as a function, so tests run it in-process. */
export async function runCli(argv: string[]): Promise<CliOutput> {
  try {
    const { command, file, flags } = parseArgs(argv);
    if (command === 'study') {
      return { code: 0, stdout: `${JSON.stringify(await study(file, flags))}\n`, stderr: '' };
    }
    const loaded = await loadCaseFile(file);
    const net = loaded.network;
    const out =
      command === 'info'
        ? info(loaded)
        : command === 'dcpf'
          ? dcpf(net)
          : command === 'acpf'
            ? acpf(net)
            : command === 'ptdf'
              ? ptdf(net, flags)
              : command === 'lodf'
                ? lodf(net, flags)
                : command === 'capacity'
                  ? capacity(net, flags)
                  : command === 'flex'
                    ? flex(net, flags)
                    : n1(net, flags);
    return { code: 0, stdout: `${JSON.stringify(out)}\n`, stderr: '' };
  } catch (e) {
    if (isEngineError(e)) {
      const error: Record<string, unknown> = { code: e.code, message: e.message };
      if (e.line !== undefined) error.line = e.line;
      if (e.field !== undefined) error.field = e.field;
      return { code: 2, stdout: `${JSON.stringify({ error })}\n`, stderr: '' };
    }
    // A bug, not bad input: say so on stderr and fail differently from bad input.
    const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return { code: 1, stdout: '', stderr: `${detail}\n` };
  }
}
