// step() and run() when suites run side by side (scripts/test.mjs): each async context has its
// own outermost step, and a sink's `nice` lowers the priority of the commands run under it.
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { finishedSteps, run, step, withSink } from './steps.mjs';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('step', () => {
  it('marks the outermost step of each of two concurrent contexts as outer, and a nested one not', async () => {
    await Promise.all([
      step('side A', async () => {
        await pause(20);
        await step('inside A', () => pause(5));
      }),
      step('side B', () => pause(10)),
    ]);
    const outer = (name: string) => finishedSteps.find((s) => s.name === name)?.outer;
    expect([outer('side A'), outer('side B'), outer('inside A')]).toEqual([true, true, false]);
  });

  it('records nothing for a step that failed', async () => {
    await expect(step('broken', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(finishedSteps.some((s) => s.name === 'broken')).toBe(false);
  });
});

describe('run under a sink', () => {
  it("runs commands at the sink's niceness (on top of this process's own) and keeps their output off the console", async () => {
    const lines: string[] = [];
    const sink = { quiet: true, nice: 7, line: (l: string) => lines.push(l), step() {} };
    await withSink(sink, () => run('sh', ['-c', 'nice']));
    // npm test runs this suite itself at nice 10 (scripts/test.mjs), and niceness stops at 19.
    expect(lines.map((l) => l.trim())).toContain(`| ${Math.min(19, getPriority() + 7)}`);
  });

  it('puts the tail of a failed quiet command into its error', async () => {
    const sink = { quiet: true, line() {}, step() {} };
    await expect(withSink(sink, () => run('sh', ['-c', 'echo why it failed; exit 3']))).rejects.toThrow(
      /exited with 3\nwhy it failed/,
    );
  });
});
