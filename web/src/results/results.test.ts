import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemaProblems } from '@zkplay/core/schemas';
import type { RunResult } from '@zkplay/core/run-result';
import { browserFamily, osFamily, sharedDevice, toSubmission } from './submission';
import { calibrations, configText, deviceOf, groupKey, ordinal, percentileRank } from './stats';
import { fetchAggregates, fetchPage, pageQuery, type Group } from './client';
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
  const real = {
    backend: 'gnark',
    config: '{"circuit":"k"}',
    deviceClass: 'phone',
    browser: 'Chrome',
    emulated: false,
    emulationProfile: '',
    emulationRate: 0,
    wideArithmetic: false,
  } as const;
  const pixel5 = { ...real, emulated: true, emulationProfile: 'Pixel 5 class' };
  const byHand = { ...real, emulated: true, emulationProfile: 'by hand (cgroup)', emulationRate: 4 };
  it('labels emulated phones by their class or slow-down, and the wide-arithmetic build apart', () => {
    expect(deviceOf(real)).toBe('phone · Chrome');
    expect(deviceOf(pixel5)).toBe('phone (emulated Pixel 5 class) · Chrome');
    expect(deviceOf(byHand)).toBe('phone (emulated, CPU ÷4) · Chrome');
    expect(deviceOf({ ...real, wideArithmetic: true })).toBe('phone · Chrome · wide-arithmetic build');
    const keys = [real, pixel5, byHand, { ...byHand, emulationRate: 6 }, { ...real, wideArithmetic: true }].map(groupKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('sums the calibrated phone classes over the groups shown', () => {
    const spread = { runs: 1, p10: 1, median: 1, p90: 1 };
    const g = (browser: Group['browser'], runs: number, rateMin: number, measuredMax: number): Group => ({
      ...pixel5,
      browser,
      runs,
      prove: spread,
      verify: spread,
      calibration: { target: 1000, rateMin, rateMax: 3.5, measuredMin: 980, measuredMax },
    });
    const handGroup: Group = { ...byHand, runs: 5, prove: spread, verify: spread, calibration: null };
    expect(calibrations([g('Chrome', 2, 3, 1000), g('Chromium', 3, 2.5, 1020), handGroup])).toEqual([
      { profile: 'Pixel 5 class', target: 1000, runs: 5, rate: [2.5, 3.5], measured: [980, 1020] },
    ]);
  });
  it('shows a configuration as its knobs, and text that is no JSON as it is', () => {
    expect(configText('{"blocks":2,"zk":"off"}')).toBe('blocks=2, zk=off');
    expect(configText('{}')).toBe('');
    expect(configText('not json')).toBe('not json');
  });
  it('asks for a page with the service\'s parameter names', () => {
    expect(pageQuery({ backend: 'gnark', deviceClass: 'phone', emulated: false }, 'abc', 50)).toBe(
      'backend=gnark&device=phone&emulated=false&limit=50&cursor=abc',
    );
    // An empty profile asks for real devices; it is not dropped like other empty values.
    expect(pageQuery({ backend: '', emulationProfile: '', emulationRate: 0, wideArithmetic: true })).toBe(
      'profile=&rate=0&wide=true&limit=100',
    );
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

describe('what the page reads from the service', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown) =>
    vi.stubGlobal('fetch', async () => new Response(typeof body === 'string' ? body : JSON.stringify(body)));
  it('takes answers that follow their schema', async () => {
    answer({ groups: [], asOfMs: 1 });
    await expect(fetchAggregates('http://s')).resolves.toEqual({ groups: [], asOfMs: 1 });
    answer({ results: [], next: null });
    await expect(fetchPage('http://s', {})).resolves.toEqual({ results: [], next: null });
  });
  it('refuses a malformed answer with what is wrong, rather than showing it', async () => {
    answer({ groups: [{ backend: 'gnark', runs: '12' }], asOfMs: 1 });
    await expect(fetchAggregates('http://s')).rejects.toThrow(
      /the results service's answer does not follow schema\/results-aggregates\.schema\.json: .*groups/,
    );
    answer({ results: [{ id: '<img src=x onerror=alert(1)>' }], next: null });
    await expect(fetchPage('http://s', {})).rejects.toThrow(/does not follow schema\/results-page\.schema\.json/);
    answer('<html>502 Bad Gateway</html>');
    await expect(fetchAggregates('http://s')).rejects.toThrow('the results service answered something that is not JSON');
  });
});
