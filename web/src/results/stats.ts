// The results view's arithmetic: how groups are named, and where one run falls among others.
import type { Group, StoredRun } from './client';

/** A group's key: backend, configuration (as the service stores it), device class, browser, emulation. */
export const groupKey = (g: Pick<Group, 'backend' | 'config' | 'deviceClass' | 'browser' | 'emulated'>) =>
  JSON.stringify([g.backend, g.config, g.deviceClass, g.browser, g.emulated]);

/** "phone · Chrome", emulated runs named as such so they are never mistaken for real phones. */
export const deviceOf = (g: Pick<Group, 'deviceClass' | 'browser' | 'emulated'>) =>
  `${g.deviceClass}${g.emulated ? ' (emulated)' : ''} · ${g.browser}`;

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
