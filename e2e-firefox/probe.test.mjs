// Unit tests for the pure parts of the Firefox smoke test: the must-agree rule of the engine
// comparison, the probe's fields, the command line and the backend selection. No browser needed.
//   node --test e2e-firefox/
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseOptions, registeredBackends, selectBackends } from './options.mjs';
import { RULES, compareProbes, features, formatComparison, mismatchMessage, probeFields } from './probe.mjs';

// What the page shows in Firefox ESR 153 and Chromium 156 on the 2-core test machine (README).
const pageFirefox = [
  ['Browser', 'Firefox 153 on Linux x86_64 (desktop)'],
  ['Cores', '2 logical (navigator.hardwareConcurrency)'],
  ['Cross-origin isolated', 'yes: up to 2 threads'],
  ['WASM SIMD', 'supported'],
  ['Largest wasm memory', '4.00 GiB (the 4 GiB wasm32 limit)'],
  ['Device memory hint', 'not reported by this browser'],
];
const pageChromium = [
  ['Browser', 'Chrome 156 on Linux (desktop)'],
  ['Cores', '2 logical (navigator.hardwareConcurrency)'],
  ['Cross-origin isolated', 'yes: up to 2 threads'],
  ['WASM SIMD', 'supported'],
  ['Largest wasm memory', '3.94 GiB (probe timed out: at least this)'],
  ['Device memory hint', '~16.0 GiB (navigator.deviceMemory, rounded)'],
];
// The features both engines ship, which must agree.
const sharedFeatures = [
  'SharedArrayBuffer',
  'shared WebAssembly.Memory',
  'wasm threads (atomics)',
  'wasm bulk memory',
  'wasm BigInt ↔ i64',
  'wasm sign extension',
  'wasm non-trapping float-to-int',
];
const shared = sharedFeatures.map((n) => [n, 'yes']);
const firefox = probeFields(pageFirefox, [
  ...shared,
  ['performance.memory', 'no'],
  ['WebGPU (navigator.gpu)', 'no'],
  ['User agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0'],
]);
const chromium = probeFields(pageChromium, [
  ...shared,
  ['performance.memory', 'yes'],
  ['WebGPU (navigator.gpu)', 'yes'],
  ['User agent', 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0'],
]);
const set = (fields, name, value) =>
  fields.map(([k, v]) => [k, k === name ? value : v]).filter(([, v]) => v !== undefined);

describe('the must-agree rule', () => {
  it('has one rule per field, each with a reason', () => {
    assert.equal(new Set(RULES.map((r) => r.field)).size, RULES.length);
    for (const r of RULES) assert.ok(r.why?.length > 10, `${r.field} has no reason`);
  });

  it('requires these fields to agree, and only these', () => {
    assert.deepEqual(
      RULES.filter((r) => r.agree).map((r) => r.field),
      ['Cores', 'Cross-origin isolated', 'WASM SIMD', 'Device class', ...sharedFeatures],
    );
  });

  it('passes the two engines as they are on the test machine, differences in user agent, memory hint and APIs included', () => {
    const { rows, mismatches } = compareProbes(firefox, chromium);
    assert.deepEqual(mismatches, []);
    const differs = rows.filter((r) => !r.same).map((r) => r.field);
    assert.deepEqual(differs, [
      'Browser',
      'Largest wasm memory',
      'Device memory hint',
      'performance.memory',
      'WebGPU (navigator.gpu)',
      'User agent',
    ]);
  });

  for (const [field, ff, ch] of [
    ['Cores', '2 logical (navigator.hardwareConcurrency)', '4 logical (navigator.hardwareConcurrency)'],
    ['Cross-origin isolated', 'no: single-threaded only', 'yes: up to 2 threads'],
    ['WASM SIMD', 'not supported', 'supported'],
    ['wasm threads (atomics)', 'no', 'yes'],
    ['wasm BigInt ↔ i64', 'yes', 'no (TypeError: Cannot convert 7 to a BigInt)'],
    ['SharedArrayBuffer', 'no', 'yes'],
  ]) {
    it(`fails on a different "${field}", naming the field and both values`, () => {
      const { mismatches } = compareProbes(set(firefox, field, ff), set(chromium, field, ch));
      assert.deepEqual(
        mismatches.map((m) => [m.field, m.firefox, m.chromium]),
        [[field, ff, ch]],
      );
      const msg = mismatchMessage(mismatches);
      assert.match(msg, /disagree on 1 probe field that must agree/);
      for (const s of [field, `Firefox "${ff}"`, `Chromium "${ch}"`, RULES.find((r) => r.field === field).why])
        assert.ok(msg.includes(s), `message lacks ${s}:\n${msg}`);
    });
  }

  it('finds nothing to disagree on when Chromium was left out (--no-chromium), and still lists the rows', () => {
    const { rows, mismatches } = compareProbes(firefox, undefined);
    assert.deepEqual(mismatches, []);
    assert.ok(rows.some((r) => r.field === 'Cores' && r.chromium === undefined));
  });

  it('fails when a must-agree field is missing in one engine or both (the page renamed a row)', () => {
    const renamed = (fields) => fields.map(([k, v]) => [k === 'Cores' ? 'CPU cores' : k, v]);
    assert.deepEqual(
      compareProbes(firefox, set(chromium, 'Cores', undefined)).mismatches.map((m) => [m.field, m.chromium]),
      [['Cores', undefined]],
    );
    const both = compareProbes(renamed(firefox), renamed(chromium));
    assert.deepEqual(
      both.mismatches.map((m) => m.field),
      ['Cores'],
    );
    assert.match(mismatchMessage(both.mismatches), /Cores: Firefox \(missing\), Chromium \(missing\)/);
  });

  it('fails when the device class differs, and when the Browser row no longer gives one', () => {
    const phone = [['Browser', 'Chrome 156 on Android (phone)'], ...pageChromium.slice(1)];
    assert.deepEqual(
      compareProbes(firefox, probeFields(phone, shared)).mismatches.map((m) => [m.field, m.firefox, m.chromium]),
      [['Device class', 'desktop', 'phone']],
    );
    const bare = [['Browser', 'Firefox 153 on Linux'], ...pageFirefox.slice(1)];
    assert.deepEqual(
      compareProbes(probeFields(bare, shared), chromium).mismatches.map((m) => m.field),
      ['Device class'],
    );
  });

  it('shows a field without a rule, and does not fail on it', () => {
    const { rows, mismatches } = compareProbes([...firefox, ['GPU', 'none']], [...chromium, ['GPU', 'SwiftShader']]);
    assert.deepEqual(mismatches, []);
    const gpu = rows.find((r) => r.field === 'GPU');
    assert.equal(gpu.agree, false);
    assert.equal(gpu.why, undefined);
    assert.match(
      formatComparison(rows, 'Firefox 153', 'Chromium 156').find((l) => l.startsWith('  GPU')),
      /differs \(no rule yet: shown only\)/,
    );
  });
});

describe('the side-by-side report', () => {
  it('marks must-agree fields that differ, and allowed differences with their reason', () => {
    const { rows } = compareProbes(set(firefox, 'Cores', '3 logical'), chromium);
    const lines = formatComparison(rows, 'Firefox 153', 'Chromium 156');
    assert.match(lines[0], /Firefox 153\s+Chromium 156/);
    assert.match(
      lines.find((l) => l.trim().startsWith('Cores')),
      /3 logical.*2 logical.*✘ DIFFERS \(must agree\)/,
    );
    assert.match(
      lines.find((l) => l.trim().startsWith('WASM SIMD')),
      /✔ agrees$/,
    );
    assert.match(
      lines.find((l) => l.trim().startsWith('Device memory hint')),
      /differs, allowed: navigator.deviceMemory exists only in Chromium$/,
    );
  });

  it('says the must-agree fields were not compared when there is no Chromium column', () => {
    const { rows } = compareProbes(firefox, []);
    const lines = formatComparison(rows, 'Firefox 153', undefined);
    assert.match(
      lines.find((l) => l.trim().startsWith('Cores')),
      /must agree: NOT COMPARED$/,
    );
    assert.ok(!lines.some((l) => l.includes('Chromium')));
  });
});

describe('the in-page feature probe', () => {
  it('finds every must-agree wasm feature in V8 (the test modules are valid)', () => {
    const hadNavigator = 'navigator' in globalThis;
    if (!hadNavigator) globalThis.navigator = { userAgent: 'node' };
    try {
      const got = new Map(features());
      for (const r of RULES.filter((r) => r.agree && got.has(r.field))) assert.equal(got.get(r.field), 'yes', r.field);
      assert.equal(got.size, 15);
      assert.ok(
        [...got.keys()].every((k) => RULES.some((r) => r.field === k)),
        'every feature has a rule',
      );
    } finally {
      if (!hadNavigator) delete globalThis.navigator;
    }
  });
});

describe('the command line', () => {
  it('proves every backend without flags', () => {
    assert.deepEqual(parseOptions([]), { 'no-chromium': false, 'probe-only': false, help: false });
  });

  it('takes --name=value and --name value', () => {
    assert.equal(parseOptions(['--backends=gnark,halo2']).backends, 'gnark,halo2');
    assert.equal(parseOptions(['--threads', '2']).threads, '2');
  });

  it('refuses unknown flags, positionals, bad thread counts and --probe-only with what to prove', () => {
    assert.throws(() => parseOptions(['--probe']), /Unknown option '--probe'/);
    assert.throws(() => parseOptions(['gnark']), /positional/);
    assert.throws(() => parseOptions(['--threads=0']), /positive whole number/);
    assert.throws(() => parseOptions(['--probe-only', '--backends=gnark']), /--probe-only proves nothing/);
  });
});

describe('the backends proved', () => {
  it('are every backend in the registry, which has some', () => {
    const all = registeredBackends();
    assert.ok(all.length > 0);
    assert.deepEqual(selectBackends(all, undefined), all);
  });

  it('fail with an empty registry, an unknown name or no name', () => {
    assert.throws(() => selectBackends([], undefined), /no backend/);
    assert.throws(() => selectBackends(['gnark', 'halo2'], 'gnrk,halo2'), /gnrk, which the registry does not have/);
    assert.throws(() => selectBackends(['gnark', 'halo2'], ','), /names no backend/);
  });

  it('keep the registry order', () => {
    assert.deepEqual(selectBackends(['gnark', 'halo2', 'plonky2'], ' plonky2, gnark '), ['gnark', 'plonky2']);
  });
});
