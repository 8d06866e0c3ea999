// The results view's arithmetic: which runs compare (one backend, configuration and message
// length: a "case"), how they split by device class and browser, and where one run falls.
import { stepMs, type Step } from '@zkplay/core/phase-steps';
import type { Emulation } from '@zkplay/core/generated/schema-types';
import type { StoredResult } from './client';

/** One configuration's key: backend, config (keys sorted) and message length. */
export function caseKey(r: StoredResult): string {
  const { backend, config, message } = r.submission.result;
  return `${backend} ${canonicalConfig(config)} ${message.bytes}`;
}

export function canonicalConfig(config: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(config).sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * "phone · Chrome", with emulated runs named as such so they are never mistaken for real phones,
 * and runs of a wide-arithmetic build (environment.build "wasm-threads-wide") in a group of their
 * own: they measure another build, which most browsers cannot run. A calibrated emulation is
 * grouped by the phone class it stands for (its rate differs from machine to machine), one by
 * hand by its factor.
 */
export function groupOf(r: StoredResult): string {
  const d = r.submission.device;
  const wide = r.submission.result.environment.build.endsWith('-wide') ? ' · wide-arithmetic build' : '';
  return `${d.deviceClass}${emulationLabel(d.emulated)} · ${d.browser}${wide}`;
}

function emulationLabel(e: Emulation | undefined): string {
  if (!e) return '';
  return e.benchmarkIndex ? ` (emulated ${e.profile})` : ` (emulated, CPU ÷${e.cpuThrottling})`;
}

export const timeOf = (r: StoredResult, step: Step) => stepMs(r.submission.result, step);

/**
 * Where v falls among the other runs' values: the percent of them that were faster (0: the
 * fastest of all, 100: the slowest), ties counted half. Undefined when there are no others.
 */
export function percentileRank(others: number[], v: number): number | undefined {
  if (!others.length) return undefined;
  const faster = others.filter((x) => x < v).length;
  const ties = others.filter((x) => x === v).length;
  return Math.round((100 * (faster + ties / 2)) / others.length);
}

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** One calibrated phone class among the runs: how close its runs came to the class's score. */
export interface Calibration {
  profile: string;
  target: number;
  runs: number;
  rate: [number, number];
  measured: [number, number];
}

/**
 * The calibrated emulations among `runs`, one per phone class: the span of the CPU rates they
 * ran at and of the BenchmarkIndex they reached against the class's target, so that the view can
 * say how near the emulation came rather than only what it stands for.
 */
export function calibrations(runs: StoredResult[]): Calibration[] {
  const byProfile = new Map<string, Calibration>();
  for (const r of runs) {
    const e = r.submission.device.emulated;
    if (!e?.benchmarkIndex) continue;
    const c = byProfile.get(e.profile);
    const { target, measured } = e.benchmarkIndex;
    if (!c) {
      byProfile.set(e.profile, {
        profile: e.profile,
        target,
        runs: 1,
        rate: [e.cpuThrottling, e.cpuThrottling],
        measured: [measured, measured],
      });
      continue;
    }
    c.runs++;
    c.rate = [Math.min(c.rate[0], e.cpuThrottling), Math.max(c.rate[1], e.cpuThrottling)];
    c.measured = [Math.min(c.measured[0], measured), Math.max(c.measured[1], measured)];
  }
  return [...byProfile.values()].sort((a, b) => b.target - a.target);
}
