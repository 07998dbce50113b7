import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress';
import { runCli } from './run';

const case30 = referencePath('cases/case30.m');

const CLEAR = '\r\x1b[2K';
/** A stage line without its clearing prefix and its elapsed time. */
const stageText = (write: string) =>
  write.startsWith(CLEAR)
    ? write.slice(CLEAR.length).replace(/^holgura \[\d+\.\d s\] /, '')
    : write;

/** A terminal stand-in: what would have been written to a TTY stderr. */
function terminal(columns = 200) {
  const writes: string[] = [];
  return { writes, sink: { columns, write: (text: string) => void writes.push(text) } };
}

describe('Progress', () => {
  it('overwrites one line per stage and clears it at the end', () => {
    const { writes, sink } = terminal();
    const progress = new Progress(sink);
    progress.stage('reading case30.m…');
    progress.stage('N-1 screening…');
    progress.done();
    expect(writes).toHaveLength(3);
    expect(writes[0].slice(CLEAR.length)).toMatch(/^holgura \[0\.\d s\] reading/);
    expect(writes.map(stageText)).toEqual(['reading case30.m…', 'N-1 screening…', '']);
    expect(writes[2]).toBe(CLEAR);
  });

  it('cuts a line to the terminal width, so \\r can still overwrite it', () => {
    const { writes, sink } = terminal(20);
    new Progress(sink).stage('capacity of 25 busbars…');
    expect(writes[0].slice(CLEAR.length)).toMatch(/^holgura \[0\.0 s\] ca…$/);
  });

  it('writes nothing without a terminal, and clears nothing it did not write', () => {
    new Progress(undefined).stage('N-1 screening…');
    const { writes, sink } = terminal();
    new Progress(sink).done();
    expect(writes).toEqual([]);
  });
});

describe('holgura progress', () => {
  it('shows the stages of n1 on the terminal, never in the captured output', async () => {
    const { writes, sink } = terminal();
    const r = await runCli(['n1', case30, '--top', '3'], { progress: sink });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(writes.every((w) => w.startsWith(CLEAR))).toBe(true);
    expect(writes.map(stageText)).toEqual([
      `reading ${case30}…`,
      'N-1 screening of 41 branches…',
      '',
    ]);
  });

  it('counts the cases of a study as they finish', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'holgura-progress-'));
    const study = path.join(dir, 'study.json');
    writeFileSync(
      study,
      JSON.stringify({
        name: 'Estudio de prueba',
        networkLabel: 'case30 de MATPOWER',
        baseCase: case30,
        years: [2026, 2027],
        scenarios: [{ name: 'base', condition: 'Demanda del caso' }],
        busbars: [5],
      }),
    );
    const { writes, sink } = terminal();
    expect((await runCli(['study', study], { progress: sink })).code).toBe(0);
    const stages = writes.map(stageText);
    expect(stages.slice(2, 4)).toEqual([
      'case 1/2: N-1 and capacity of 1 busbar…',
      'case 2/2 (base_2026 done): capacity of 1 busbar…',
    ]);
    expect(stages.at(-1)).toBe('');
  });

  it('is silent with --quiet, even on a terminal', async () => {
    const { writes, sink } = terminal();
    const r = await runCli(['capacity', case30, '--bus', '5', '--quiet'], { progress: sink });
    expect(r.code).toBe(0);
    expect(writes).toEqual([]);
  });
});
