/** Where progress goes: the terminal behind stderr (`process.stderr` when it is a TTY). */
export interface ProgressSink {
  write(text: string): void;
  /** Terminal width: a longer line would wrap and `\r` could no longer overwrite it. */
  readonly columns?: number;
}

const CLEAR_LINE = '\r\x1b[2K';

/**
 * One overwritten line on stderr saying which stage a long run is in ("N-1 screening…",
 * "case 3/18 alta_2028…"). The engine runs synchronously, so a stage is announced when it
 * starts; there is no animation between announcements. Without a sink (stderr is not a
 * terminal, or `--quiet`) it writes nothing, so pipes and logs only ever get results and errors.
 */
export class Progress {
  private shown = false;
  private readonly started = performance.now();

  constructor(private readonly sink: ProgressSink | undefined) {}

  stage(text: string): void {
    if (this.sink === undefined) return;
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    // The elapsed time first: a line cut to the terminal's width loses the end of the text.
    const line = `holgura [${seconds} s] ${text}`;
    const width = this.sink.columns ?? 80;
    this.sink.write(CLEAR_LINE + (line.length < width ? line : `${line.slice(0, width - 2)}…`));
    this.shown = true;
  }

  /** Clears the line, so what follows on the terminal starts clean. */
  done(): void {
    if (this.sink === undefined || !this.shown) return;
    this.sink.write(CLEAR_LINE);
    this.shown = false;
  }
}
