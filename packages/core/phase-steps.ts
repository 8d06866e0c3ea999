// Which protocol step (prepare / prove / verify, fixed by protocol.ts) a reported phase ran in.
// Shared code asks this instead of knowing a backend's phase ids, so a backend may name its
// phases freely (e.g. 'fri-verify' or 'check') and still be plotted and timed correctly.
import type { PhaseStat, RunResult } from './run-result';

export type Step = 'prepare' | 'prove' | 'verify';

/** The phase's step; results recorded before phases carried one fall back to the old fixed ids. */
export function stepOf(phase: Pick<PhaseStat, 'id' | 'step'>): Step | undefined {
  if (phase.step) return phase.step;
  return phase.id === 'verify' ? 'verify' : phase.id === 'prove' ? 'prove' : undefined;
}

/** Median milliseconds spent in one step (the sum of its phases' medians), or undefined if none ran. */
export function stepMs(result: Pick<RunResult, 'phases'>, step: Step): number | undefined {
  const inStep = result.phases.filter((p) => stepOf(p) === step);
  return inStep.length ? inStep.reduce((sum, p) => sum + p.ms.median, 0) : undefined;
}
