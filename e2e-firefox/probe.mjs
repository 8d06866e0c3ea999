// The device probe of both engines on this machine: the page's own probe (#/bench, "This device")
// plus a few wasm and JS features read by the same in-page function in each, in Firefox and in
// Chromium. Printed side by side; the fields in RULES marked `agree` must be the same in both
// engines (same machine, same server, features both engines ship), so a difference there fails
// the run. The others are shown for information.
import { existsSync } from 'node:fs';
import { PROBE_TIMEOUT, STEP_TIMEOUT, within } from './supervisor.mjs';
import { CHROMIUM, chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';

/**
 * Which probe fields must agree between Firefox and Chromium on the same machine (same machine,
 * same server, features both engines ship), and why: field -> reason.
 */
const MUST_AGREE = {
  // The page's probe (web/src/bench/BenchView.svelte, "This device").
  Cores: 'both read the same machine’s logical CPU count (navigator.hardwareConcurrency)',
  'Cross-origin isolated':
    'same server and COOP/COEP headers, which both engines honour; it decides whether provers get threads',
  'WASM SIMD': 'fixed-width wasm SIMD ships in both engines (Firefox 89, Chrome 91)',
  'Device class': 'both run as a desktop window on the same machine (the page picks its defaults from it)',
  // features(): the same function in both engines.
  SharedArrayBuffer: 'both expose it exactly when the page is cross-origin isolated',
  'shared WebAssembly.Memory': 'what the threaded builds instantiate; both ship wasm threads',
  'wasm threads (atomics)': 'the threads proposal ships in both engines (Firefox 79, Chrome 74)',
  'wasm bulk memory': 'ships in both since 2020; rustc and Go emit memory.copy/fill',
  'wasm BigInt ↔ i64': 'ships in both since 2021; wasm-bindgen passes 64-bit integers as BigInt',
  'wasm sign extension': 'ships in both since 2020; rustc emits it by default',
  'wasm non-trapping float-to-int': 'ships in both since 2020; rustc emits it by default',
};

/** The fields that may differ between the engines, and why: field -> reason. */
const MAY_DIFFER = {
  // The page's probe.
  Browser:
    'engine name and version differ by design; the OS string comes from userAgentData in Chromium, navigator.platform in Firefox',
  'Largest wasm memory':
    'grown against an 8 s timer on a shared machine, under each engine’s own process memory policy; proving checks what the provers need',
  'Device memory hint': 'navigator.deviceMemory exists only in Chromium',
  // features().
  'wasm relaxed SIMD': 'newer; ships on each engine’s own schedule and no build uses it',
  'wasm memory64': 'newer; ships on each engine’s own schedule and no build uses it',
  'JSPI (WebAssembly.Suspending)': 'newer; ships on each engine’s own schedule and no build uses it',
  'Atomics.waitAsync': 'newer in Firefox; the page does not use it',
  'performance.memory': 'a Chromium-only API',
  measureUserAgentSpecificMemory: 'Chromium-only (and only when isolated); the page measures wasm memory itself',
  'WebGPU (navigator.gpu)': 'Firefox ESR has no WebGPU on Linux; the provers do not use it',
  'User agent': 'differs by design',
};

/**
 * The rules as { field, agree, why }, the must-agree fields first. A field the page or
 * features() adds without a rule here is shown, marked "no rule".
 */
export const RULES = [
  ...Object.entries(MUST_AGREE).map(([field, why]) => ({ field, agree: true, why })),
  ...Object.entries(MAY_DIFFER).map(([field, why]) => ({ field, agree: false, why })),
];

/** In the page: the "Device probe" list as [label, text] rows, or null while it is not there. Self-contained (runs in either engine). */
function probeRows() {
  const dl = document.querySelector('dl[aria-label="Device probe"]');
  return (
    dl &&
    [...dl.querySelectorAll('dt')].map((dt) => [
      dt.textContent.trim(),
      dt.nextElementSibling?.textContent.replace(/\s+/g, ' ').trim() ?? '',
    ])
  );
}

/** In the page: features as [name, 'yes' | 'no' | 'error: …'] rows. Self-contained; tiny wasm modules, each valid only with its feature. */
export function features() {
  const head = [0, 97, 115, 109, 1, 0, 0, 0];
  const v128 = [1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0];
  const i32 = [1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0];
  const zero16 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const valid = (body) => WebAssembly.validate(new Uint8Array([...head, ...body]));
  const checks = [
    ['SharedArrayBuffer', () => typeof SharedArrayBuffer === 'function'],
    [
      'shared WebAssembly.Memory',
      () => new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer instanceof SharedArrayBuffer,
    ],
    // (memory 1 1 shared) (func (result i32) i32.const 0 i32.atomic.load)
    ['wasm threads (atomics)', () => valid([...i32, 5, 4, 1, 3, 1, 1, 10, 10, 1, 8, 0, 65, 0, 254, 16, 2, 0, 11])],
    // (memory 1) (func i32.const 0 i32.const 0 i32.const 0 memory.fill)
    [
      'wasm bulk memory',
      () =>
        valid([1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 5, 3, 1, 0, 1, 10, 13, 1, 11, 0, 65, 0, 65, 0, 65, 0, 252, 11, 0, 11]),
    ],
    // (func (export "f") (param i64) (result i64) local.get 0), called with a BigInt
    [
      'wasm BigInt ↔ i64',
      () =>
        new WebAssembly.Instance(
          new WebAssembly.Module(
            new Uint8Array([
              ...head,
              1,
              6,
              1,
              96,
              1,
              126,
              1,
              126,
              3,
              2,
              1,
              0,
              7,
              5,
              1,
              1,
              102,
              0,
              0,
              10,
              6,
              1,
              4,
              0,
              32,
              0,
              11,
            ]),
          ),
        ).exports.f(7n) === 7n,
    ],
    ['wasm sign extension', () => valid([...i32, 10, 7, 1, 5, 0, 65, 0, 192, 11])], // i32.extend8_s
    ['wasm non-trapping float-to-int', () => valid([...i32, 10, 11, 1, 9, 0, 67, 0, 0, 0, 0, 252, 0, 11])], // i32.trunc_sat_f32_s
    ['wasm relaxed SIMD', () => valid([...v128, 10, 25, 1, 23, 0, 253, 12, ...zero16, 253, 129, 2, 11])], // i32x4.relaxed_trunc_f32x4_s
    ['wasm memory64', () => valid([5, 3, 1, 4, 1])], // (memory i64 1)
    ['JSPI (WebAssembly.Suspending)', () => typeof WebAssembly.Suspending === 'function'],
    ['Atomics.waitAsync', () => typeof Atomics.waitAsync === 'function'],
    ['performance.memory', () => 'memory' in performance],
    ['measureUserAgentSpecificMemory', () => typeof performance.measureUserAgentSpecificMemory === 'function'],
    ['WebGPU (navigator.gpu)', () => 'gpu' in navigator],
  ];
  const rows = checks.map(([name, f]) => {
    try {
      return [name, f() ? 'yes' : 'no'];
    } catch (e) {
      return [name, `no (${e.name}: ${e.message})`];
    }
  });
  return [...rows, ['User agent', navigator.userAgent]];
}

/** One engine's fields, in order: the page's rows, "Device class" (from the Browser row), then features(). */
export function probeFields(rows, featureRows) {
  const fields = [...rows];
  const browser = rows.find(([l]) => l === 'Browser')?.[1];
  const cls = browser && /\(([^()]+)\)\s*$/.exec(browser)?.[1];
  if (cls) fields.splice(rows.findIndex(([l]) => l === 'Browser') + 1, 0, ['Device class', cls]);
  return [...fields, ...featureRows];
}

/**
 * Compares two engines' fields under rules. Returns every field as { field, firefox, chromium,
 * agree, why, same } (firefox/chromium undefined when that engine lacks it), and the must-agree
 * fields that differ or are missing on either side as `mismatches` (none when chrome is undefined:
 * not compared).
 */
export function compareProbes(ff, chrome, rules = RULES) {
  const a = new Map(ff);
  const b = new Map(chrome ?? []);
  const names = [...new Set([...a.keys(), ...b.keys(), ...rules.filter((r) => r.agree).map((r) => r.field)])];
  const rows = names.map((field) => {
    const rule = rules.find((r) => r.field === field);
    const firefox = a.get(field);
    const chromium = b.get(field);
    return {
      field,
      firefox,
      chromium,
      agree: !!rule?.agree,
      why: rule?.why,
      same: firefox !== undefined && firefox === chromium,
    };
  });
  // No Chromium (--no-chromium): nothing was compared, so nothing can disagree.
  return { rows, mismatches: chrome ? rows.filter((r) => r.agree && !r.same) : [] };
}

const shown = (v) => (v === undefined ? '(missing)' : `"${v}"`);

/** The failure message for must-agree fields that differ: each field, both values and the reason it must agree. */
export function mismatchMessage(mismatches) {
  return [
    `Firefox and Chromium disagree on ${mismatches.length} probe field${mismatches.length === 1 ? '' : 's'} that must agree on the same machine:`,
    ...mismatches.map(
      (m) => `  ${m.field}: Firefox ${shown(m.firefox)}, Chromium ${shown(m.chromium)} (must agree: ${m.why})`,
    ),
  ].join('\n');
}

/** The side-by-side table as lines of text. `chromiumName` undefined: Firefox's column only. */
export function formatComparison(rows, firefoxName, chromiumName) {
  const w0 = Math.max(...rows.map((r) => r.field.length));
  // Columns as wide as their values, but a long one (the user agent) overflows instead of widening every row.
  const width = (head, values) => Math.max(head.length, ...values.map((v) => (v ?? '—').length).filter((n) => n <= 48));
  const w1 = width(
    firefoxName,
    rows.map((r) => r.firefox),
  );
  const w2 = width(
    chromiumName ?? '',
    rows.map((r) => r.chromium),
  );
  const verdict = (r) => {
    if (!chromiumName) return r.agree ? 'must agree: NOT COMPARED' : '';
    if (r.agree)
      return r.same
        ? '✔ agrees'
        : r.firefox === undefined || r.chromium === undefined
          ? '✘ MISSING (must agree)'
          : '✘ DIFFERS (must agree)';
    if (!r.why) return r.same ? 'same (no rule yet: shown only)' : 'differs (no rule yet: shown only)';
    return r.same ? 'same' : `differs, allowed: ${r.why}`;
  };
  const line = (f, a, b, v) =>
    `  ${f.padEnd(w0)}  ${a.padEnd(w1)}  ${chromiumName ? `${b.padEnd(w2)}  ` : ''}${v}`.trimEnd();
  return [
    line('', firefoxName, chromiumName ?? '', ''),
    ...rows.map((r) => line(r.field, r.firefox ?? '—', r.chromium ?? '—', verdict(r))),
  ];
}

// ---------------------------------------------------------------------------------------------
/** The device probe and features in Firefox: [field, text] rows. */
export async function readProbeFirefox(s, base) {
  await s.cmd(`open ${base}/#/bench`, s.navigate(`${base}/#/bench`));
  const rows = await s.until('the "Device probe" list on #/bench', PROBE_TIMEOUT, () => s.call(probeRows));
  return probeFields(rows, await s.cmd('read the browser features', s.call(features)));
}

/** The same in Chromium (Playwright driving the project's Chromium): { fields, version }. */
export async function readProbeChromium(base) {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not at ${CHROMIUM} (node scripts/setup.mjs --for=test installs it; or set ZKPLAY_CHROMIUM, or pass --no-chromium to leave the comparison out)`,
    );
  const { chromium } = await import('@playwright/test');
  const browser = await within(STEP_TIMEOUT, 'launch Chromium', chromium.launch(chromiumLaunchOptions()));
  try {
    const page = await browser.newPage();
    await within(
      STEP_TIMEOUT,
      `open ${base}/#/bench in Chromium`,
      page.goto(`${base}/#/bench`, { timeout: STEP_TIMEOUT }),
    );
    await page.locator('dl[aria-label="Device probe"]').waitFor({ timeout: PROBE_TIMEOUT });
    const rows = await within(STEP_TIMEOUT, 'read the device probe in Chromium', page.evaluate(probeRows));
    const feats = await within(STEP_TIMEOUT, 'read the browser features in Chromium', page.evaluate(features));
    return { fields: probeFields(rows, feats), version: browser.version() };
  } finally {
    await within(10_000, 'close Chromium', browser.close()).catch(() => {});
  }
}
