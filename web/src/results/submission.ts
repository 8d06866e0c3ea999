// What "Share this result" sends (schema/result-submission.schema.json): the RunResult with its
// environment stripped to kind, threads, build and commit, and the device reduced to what a
// benchmark needs. The page shows this object, as JSON, before anything is sent.
import type { Emulation, ResultSubmission, SharedDevice } from '@zkplay/core/generated/schema-types';
import type { RunResult } from '@zkplay/core/run-result';
import { appUrl } from '@zkplay/core/artifacts';
import { schemaProblems } from '@zkplay/core/schemas';
import { browserName, type DeviceProbe } from '../bench/probe';

export type { ResultSubmission, SharedDevice };

const BROWSERS: SharedDevice['browser'][] = [
  'Chrome',
  'Chromium',
  'Edge',
  'Firefox',
  'Safari',
  'Samsung Internet',
  'Opera',
];

/** Browser family and major version, from the name the bench view shows ("Chrome (iOS) 139"). */
export function browserFamily(userAgent: string): Pick<SharedDevice, 'browser' | 'browserVersion'> {
  const m = /^(.*?)(?: \(iOS\))? (\d+)$/.exec(browserName(userAgent));
  const name = BROWSERS.find((b) => b === m?.[1]) ?? 'other';
  return { browser: name, browserVersion: m?.[2].slice(0, 4) ?? '0' };
}

/** The OS family, from the platform string and the user agent (Android reports "Linux armv8l"). */
export function osFamily(platform: string, userAgent: string): SharedDevice['os'] {
  const s = `${platform} ${userAgent}`;
  if (/Android/i.test(s)) return 'Android';
  if (/iPhone|iPad|iPod|\biOS\b/i.test(s)) return 'iOS';
  if (/CrOS|Chrome OS/i.test(s)) return 'ChromeOS';
  if (/Win/i.test(s)) return 'Windows';
  if (/Mac/i.test(s)) return 'macOS';
  if (/Linux/i.test(s)) return 'Linux';
  return 'other';
}

const MEMORY_HINTS = [0.25, 0.5, 1, 2, 4, 8, 16, 32] as const;

export function sharedDevice(probe: DeviceProbe, build: string, emulated?: Emulation): SharedDevice {
  const gib = probe.memoryBytes ? probe.memoryBytes / 2 ** 30 : undefined;
  const memoryGiB = MEMORY_HINTS.find((h) => h === gib);
  return {
    ...browserFamily(probe.userAgent),
    os: osFamily(probe.os, probe.userAgent),
    deviceClass: probe.device,
    cores: probe.cores,
    ...(memoryGiB ? { memoryGiB } : {}),
    crossOriginIsolated: probe.crossOriginIsolated,
    wasmFeatures: [
      ...(probe.simd ? (['simd'] as const) : []),
      ...(probe.crossOriginIsolated ? (['threads'] as const) : []),
      ...(probe.wideArithmetic ? (['wide-arithmetic'] as const) : []),
    ],
    build,
    ...(emulated ? { emulated } : {}),
  };
}

export function toSubmission(result: RunResult, device: SharedDevice): ResultSubmission {
  const { kind, threads, build, commit } = result.environment;
  if (kind !== 'wasm') throw new Error('only runs in the browser are shared');
  const submission: ResultSubmission = {
    schemaVersion: 1,
    result: { ...result, environment: { kind, threads, build, ...(commit ? { commit } : {}) } },
    device,
  };
  const problems = schemaProblems('result-submission', submission);
  if (problems) throw new Error(`this result cannot be shared: ${problems}`);
  return submission;
}

/** The backends' artifact build ids (artifacts/results-catalogue.json, written by the set-up). */
export async function buildIds(): Promise<Record<string, string>> {
  const res = await fetch(appUrl('artifacts/results-catalogue.json'), { cache: 'no-cache' });
  const catalogue = res.ok ? await res.json().catch(() => undefined) : undefined;
  if (!catalogue || schemaProblems('results-catalogue', catalogue)) return {};
  return Object.fromEntries(
    Object.entries(catalogue.backends as Record<string, { build: string }>).map(([id, b]) => [id, b.build]),
  );
}
