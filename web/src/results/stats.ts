// The results view's arithmetic: how groups are named, and where one run falls among others.
import type { Group, StoredRun } from './client';

/** What a group is, of a group or of one of its runs (results-aggregates.schema.json). */
export type GroupFields = Pick<
  Group,
  'backend' | 'config' | 'deviceClass' | 'browser' | 'emulated' | 'emulationProfile' | 'emulationRate' | 'wideArithmetic'
>;

/** A group's key: every field the service groups by. */
export const groupKey = (g: GroupFields) =>
  JSON.stringify([g.backend, g.config, g.deviceClass, g.browser, g.emulated, g.emulationProfile, g.emulationRate, g.wideArithmetic]);

/** The page filter that reads one group's runs. */
export const filterOf = (g: GroupFields) => ({
  backend: g.backend,
  config: g.config,
  deviceClass: g.deviceClass,
  browser: g.browser,
  emulated: g.emulated,
  emulationProfile: g.emulationProfile,
  emulationRate: g.emulationRate,
  wideArithmetic: g.wideArithmetic,
});

/**
 * "phone · Chrome". Emulated runs are named as such, so they are never mistaken for real phones:
 * a calibrated one by the phone class it stands for ("emulated Pixel 5 class"), one slowed by
 * hand by its factor. Runs of the wide-arithmetic build are named apart: they measure another
 * build, which most browsers cannot run.
 */
export const deviceOf = (g: Omit<GroupFields, 'backend' | 'config'>) =>
  `${g.deviceClass}${emulationLabel(g)} · ${g.browser}${g.wideArithmetic ? ' · wide-arithmetic build' : ''}`;

function emulationLabel(g: Pick<Group, 'emulated' | 'emulationProfile' | 'emulationRate'>): string {
  if (!g.emulated) return '';
  if (g.emulationRate) return ` (emulated, CPU ÷${g.emulationRate})`;
  return g.emulationProfile ? ` (emulated ${g.emulationProfile})` : ' (emulated)';
}

/** One calibrated phone class among the groups shown: how close its runs came to the class's score. */
export interface Calibration {
  profile: string;
  target: number;
  runs: number;
  rate: [number, number];
  measured: [number, number];
}

/**
 * The calibrated emulations among `groups`, one per phone class (a class may span browsers and
 * configurations): the span of the CPU rates they ran at and of the BenchmarkIndex they
 * reached against the class's target, so that the view says how near the emulation came
 * rather than only what it stands for.
 */
export function calibrations(groups: Group[]): Calibration[] {
  const byProfile = new Map<string, Calibration>();
  for (const g of groups) {
    const c = g.calibration;
    if (!c) continue;
    const seen = byProfile.get(g.emulationProfile);
    if (!seen) {
      byProfile.set(g.emulationProfile, {
        profile: g.emulationProfile,
        target: c.target,
        runs: g.runs,
        rate: [c.rateMin, c.rateMax],
        measured: [c.measuredMin, c.measuredMax],
      });
      continue;
    }
    seen.runs += g.runs;
    seen.rate = [Math.min(seen.rate[0], c.rateMin), Math.max(seen.rate[1], c.rateMax)];
    seen.measured = [Math.min(seen.measured[0], c.measuredMin), Math.max(seen.measured[1], c.measuredMax)];
  }
  return [...byProfile.values()].sort((a, b) => b.target - a.target);
}

/** "circuit=keccak256-1block" from the stored configuration JSON (keys sorted by the service). */
export function configText(config: string): string {
  try {
    return Object.entries(JSON.parse(config) as Record<string, unknown>)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
  } catch {
    return config;
  }
}

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

export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The runs' times of one step, those that report it. */
export const timesOf = (runs: StoredRun[], step: 'proveMs' | 'verifyMs') =>
  runs.flatMap((r) => (r[step] === null ? [] : [r[step]]));
