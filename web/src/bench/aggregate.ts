// N measured runs of one (backend, length, threads) cell -> one RunResult with each phase's
// median and spread over the N samples.
import { stat, type PhaseStat, type RunResult } from '@zkplay/core/run-result';

/**
 * Aggregates single warm runs (as runOnce returns them: one sample per phase) into one result:
 * runs = N, each phase's Stat over its N samples (phases in the order they first ran),
 * cold = false, verified only if every run verified, the largest peak memory and proof size.
 */
export function aggregateRuns(runs: RunResult[]): RunResult {
  if (runs.length === 0) throw new Error('aggregateRuns needs at least one run');
  const first = runs[0];
  for (const r of runs) {
    if (
      r.backend !== first.backend ||
      r.hash !== first.hash ||
      r.message.bytes !== first.message.bytes ||
      r.environment.threads !== first.environment.threads
    ) {
      throw new Error('aggregateRuns: runs of different backends, lengths or thread counts cannot be aggregated');
    }
  }
  const order: Omit<PhaseStat, 'ms'>[] = [];
  const samples = new Map<string, number[]>();
  for (const r of runs) {
    for (const p of r.phases) {
      if (!samples.has(p.id)) {
        samples.set(p.id, []);
        order.push({ id: p.id, label: p.label, ...(p.step ? { step: p.step } : {}) });
      }
      samples.get(p.id)!.push(...p.ms.samples);
    }
  }
  const phases: PhaseStat[] = order.map((p) => ({ ...p, ms: stat(samples.get(p.id)!) }));
  const peak = runs.reduce((best, r) => (r.memory.peakBytes > best.peakBytes ? r.memory : best), first.memory);
  const proofSizes = runs.map((r) => r.sizes.proof).filter((x): x is number => x !== undefined);
  return {
    schemaVersion: 1,
    backend: first.backend,
    ...(first.hash ? { hash: first.hash } : {}),
    config: { ...first.config },
    environment: { ...first.environment },
    message: { ...first.message },
    phases,
    sizes: { ...first.sizes, ...(proofSizes.length ? { proof: Math.max(...proofSizes) } : {}) },
    circuit: { ...first.circuit },
    ...(first.capacityBytes !== undefined ? { capacityBytes: first.capacityBytes } : {}),
    memory: { ...peak },
    verified: runs.every((r) => r.verified),
    runs: runs.length,
    cold: false,
    timestamp: runs[runs.length - 1].timestamp,
  };
}
