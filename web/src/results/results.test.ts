import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaProblems } from '@zkplay/core/schemas';
import type { RunResult } from '@zkplay/core/run-result';
import { browserFamily, osFamily, sharedDevice, toSubmission } from './submission';
import { calibrations, caseKey, groupOf, ordinal, percentileRank } from './stats';
import type { StoredResult } from './client';
import type { DeviceProbe } from '../bench/probe';

// The service's own test submission: the page and the service agree on one example.
const sample = JSON.parse(readFileSync('results/service/testdata/submission.json', 'utf8'));

const UA = {
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/128.0 Mobile/15E148 Safari/605.1.15',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.0.0',
};

describe('the shared device', () => {
  it('keeps a browser family and major version only', () => {
    expect(browserFamily(UA.pixel)).toEqual({ browser: 'Chrome', browserVersion: '139' });
    expect(browserFamily(UA.iphone)).toEqual({ browser: 'Safari', browserVersion: '17' });
    expect(browserFamily(UA.firefoxIos)).toEqual({ browser: 'Firefox', browserVersion: '128' });
    expect(browserFamily(UA.edge)).toEqual({ browser: 'Edge', browserVersion: '139' });
    expect(browserFamily('curl/8')).toEqual({ browser: 'other', browserVersion: '0' });
  });
  it('names the OS family, Android before Linux', () => {
    expect(osFamily('Linux armv8l', UA.pixel)).toBe('Android');
    expect(osFamily('iPhone', UA.iphone)).toBe('iOS');
    expect(osFamily('Win32', UA.edge)).toBe('Windows');
    expect(osFamily('MacIntel', '')).toBe('macOS');
    expect(osFamily('Linux x86_64', '')).toBe('Linux');
  });
  it('makes a submission the schema takes, with no user agent anywhere', () => {
    const probe = {
      cores: 8,
      crossOriginIsolated: true,
      device: 'phone',
      userAgent: UA.pixel,
      os: 'Linux armv8l',
      memoryBytes: 4 * 2 ** 30,
      simd: true,
    } as DeviceProbe;
    const result: RunResult = {
      ...sample.result,
      environment: { ...sample.result.environment, userAgent: UA.pixel, os: 'Linux armv8l', cores: 8, device: 'phone' },
    };
    const sub = toSubmission(result, sharedDevice(probe, 'b1'));
    expect(schemaProblems('result-submission', sub)).toBeUndefined();
    expect(JSON.stringify(sub)).not.toMatch(/Mozilla|armv8l/);
    expect(sub.device).toEqual({
      browser: 'Chrome',
      browserVersion: '139',
      os: 'Android',
      deviceClass: 'phone',
      cores: 8,
      memoryGiB: 4,
      crossOriginIsolated: true,
      wasmFeatures: ['simd', 'threads'],
      build: 'b1',
    });
  });
  it('refuses to share a native run', () => {
    const native = { ...sample.result, environment: { kind: 'native', threads: 1, build: 'native' } };
    expect(() => toSubmission(native, sample.device)).toThrow(/only runs in the browser/);
  });
});

describe('the results view', () => {
  const stored = (over: Partial<StoredResult['submission']['device']>, config = { b: 1, a: 2 }): StoredResult => ({
    id: 'x',
    receivedMs: 0,
    emulated: !!over.emulated,
    submission: { ...sample, result: { ...sample.result, config }, device: { ...sample.device, ...over } },
  });
  it('puts runs of one backend, configuration and length together, whatever the key order', () => {
    expect(caseKey(stored({}, { b: 1, a: 2 }))).toBe(caseKey(stored({}, { a: 2, b: 1 } as never)));
  });
  it('labels emulated phones as emulated', () => {
    expect(groupOf(stored({ deviceClass: 'phone', emulated: { cpuThrottling: 4, profile: 'p' } }))).toBe(
      'phone (emulated, CPU ÷4) · Chrome',
    );
  });
  it('groups a calibrated emulation by the phone class it stands for, not its machine-dependent rate', () => {
    const calibrated = (cpuThrottling: number) =>
      stored({
        deviceClass: 'phone',
        emulated: {
          cpuThrottling,
          profile: 'Pixel 5 class',
          benchmarkIndex: { target: 1000, measured: 990, unthrottled: 2500 },
        },
      });
    expect(groupOf(calibrated(2.5))).toBe('phone (emulated Pixel 5 class) · Chrome');
    expect(groupOf(calibrated(1.9))).toBe(groupOf(calibrated(2.5)));
  });
  it('sums up each calibrated phone class: its runs, rates and the scores they reached', () => {
    const run = (profile: string, target: number, cpuThrottling: number, measured: number) =>
      stored({
        deviceClass: 'phone',
        emulated: { cpuThrottling, profile, benchmarkIndex: { target, measured, unthrottled: 2000 } },
      });
    const runs = [
      run('Moto G Power class', 264, 6.15, 293),
      run('Pixel 5 class', 1000, 1.77, 1004),
      run('Pixel 5 class', 1000, 2.11, 1071.5),
      stored({ deviceClass: 'phone', emulated: { cpuThrottling: 4, profile: 'by hand' } }),
      stored({}),
    ];
    expect(calibrations(runs)).toEqual([
      { profile: 'Pixel 5 class', target: 1000, runs: 2, rate: [1.77, 2.11], measured: [1004, 1071.5] },
      { profile: 'Moto G Power class', target: 264, runs: 1, rate: [6.15, 6.15], measured: [293, 293] },
    ]);
  });
  it('keeps runs of a wide-arithmetic build in a group of their own', () => {
    const r = stored({ deviceClass: 'desktop' });
    expect(groupOf(r)).toBe('desktop · Chrome');
    const wide = { ...r, submission: { ...r.submission, result: { ...r.submission.result } } };
    wide.submission.result.environment = { ...r.submission.result.environment, build: 'wasm-threads-wide' };
    expect(groupOf(wide)).toBe('desktop · Chrome · wide-arithmetic build');
  });
  it('ranks a time among the others', () => {
    expect(percentileRank([1, 2, 10, 20], 5)).toBe(50);
    expect(percentileRank([1, 2, 3], 0)).toBe(0);
    expect(percentileRank([1, 2, 3], 9)).toBe(100);
    expect(percentileRank([5, 5], 5)).toBe(50);
    expect(percentileRank([], 5)).toBeUndefined();
    expect([1, 2, 3, 11, 12, 13, 21, 22, 23, 101].map(ordinal).join(' ')).toBe(
      '1st 2nd 3rd 11th 12th 13th 21st 22nd 23rd 101st',
    );
  });
});
