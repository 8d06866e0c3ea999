// Phone classes for `npm run bench:phone`, defined by a public score instead of a guessed factor.
//
// The score is Lighthouse's BenchmarkIndex (GoogleChrome/lighthouse, core/lib/page-functions.js):
// a single-threaded JavaScript loop whose published values for real phones let a desktop
// browser be slowed to match one. Chrome DevTools calibrates its own CPU throttling presets the
// same way (devtools-frontend, front_end/panels/mobile_throttling/CalibrationController.ts): it
// runs the benchmark, then searches the throttling rate at which the score falls to a device's.
// The devices and scores below are the ones DevTools names. The loop is written here from
// Lighthouse's description, not copied. What it measures and how it was checked against
// Lighthouse's own function: docs/results-service.md.
import { stat } from '@zkplay/core/stats';

/**
 * Phone classes and their BenchmarkIndex, as Chrome DevTools' calibration defines them: `device`
 * is the phone DevTools names, `profile` what the results view calls the class (short enough for
 * a chart's axis on a phone), `viewport` the Playwright device whose screen and touch the page
 * gets (Playwright has no Moto G Power; the Moto G4 is its closest budget Android).
 */
export const PHONE_CLASSES = {
  'mid-tier': { device: 'Pixel 5', profile: 'Pixel 5 class', benchmarkIndex: 1000, viewport: 'Pixel 5' },
  'low-tier': {
    device: 'Moto G Power (2022)',
    profile: 'Moto G Power class',
    benchmarkIndex: 264,
    viewport: 'Moto G4',
  },
};

/** What a run slowed by a factor given by hand (`--rates`) stands for: no phone class. */
export const BY_HAND_PROFILE = 'factor by hand';

/**
 * Lighthouse's BenchmarkIndex, run in the page (pass it to `page.evaluate`, so it must not use
 * anything outside its body). Two halves of `halfMs` each, each scored as repetitions per second
 * divided by 10; the index is their mean:
 * - building a 10,000-character string one character at a time (allocation and garbage
 *   collection);
 * - copying 100,000 small integers from one array to the other and back (no allocation), with the
 *   clock read every tenth copy only.
 */
export function benchmarkIndex(halfMs = 500) {
  const perSecondOverTen = (count, since) => Math.round(count / 10 / ((Date.now() - since) / 1000));

  const stringStart = Date.now();
  let strings = 0;
  while (Date.now() - stringStart < halfMs) {
    let text = '';
    for (let i = 0; i < 10_000; i++) text += 'a';
    // Reading the result keeps the engine from dropping the loop as dead code.
    if (text.length !== 10_000) throw new Error('the string loop was miscompiled');
    strings++;
  }
  const stringScore = perSecondOverTen(strings, stringStart);

  const left = [];
  const right = [];
  for (let i = 0; i < 100_000; i++) left[i] = right[i] = i;
  const copyStart = Date.now();
  let copies = 0;
  while (copies % 10 !== 0 || Date.now() - copyStart < halfMs) {
    const [from, to] = copies % 2 === 0 ? [left, right] : [right, left];
    for (let i = 0; i < from.length; i++) to[i] = from[i];
    copies++;
  }
  const copyScore = perSecondOverTen(copies, copyStart);

  return (stringScore + copyScore) / 2;
}

/** The median of `runs` BenchmarkIndex runs in `page`. */
export async function measureIndex(page, runs = 5) {
  const scores = [];
  for (let i = 0; i < runs; i++) scores.push(await page.evaluate(benchmarkIndex));
  return stat(scores).median;
}

/**
 * The throttling rate at which `page` scores `target`, found by measuring. The score falls
 * roughly as a power of the rate, but more steeply at high rates (a quota of a millisecond or two
 * per period starves the garbage collector too), so each next rate comes from a straight line
 * through log(rate) and log(score): between the nearest measured rates on either side of the
 * target once there are such, else through the last two. It stops within `tolerance` of the
 * target or after `steps` measurements, returning the measured rate whose score came nearest
 * the target (on a machine whose speed drifts, the last is not always the nearest). `setRate`
 * slows the browser; `unthrottled` is the score at rate 1; `onStep(rate, score)` hears each
 * measurement. Returns `{ rate, measured }`, or `{ rate: 1, measured: unthrottled }` when this
 * machine is already no faster than the target (it cannot be sped up).
 */
export async function calibrateRate(
  page,
  setRate,
  target,
  unthrottled,
  { tolerance = 0.08, steps = 6, onStep = () => {} } = {},
) {
  if (unthrottled <= target * (1 + tolerance)) return { rate: 1, measured: unthrottled };
  const seen = [{ rate: 1, score: unthrottled }];
  let rate = unthrottled / target;
  let measured;
  for (let step = 1; ; step++) {
    await setRate(rate);
    measured = await measureIndex(page);
    onStep(rate, measured);
    seen.push({ rate, score: measured });
    if (Math.abs(measured / target - 1) <= tolerance || step === steps) break;
    rate = Math.min(100, Math.max(1, nextRate(seen, target)));
  }
  await setRate(1);
  const miss = (p) => Math.abs(Math.log(p.score / target));
  const best = seen.slice(1).reduce((a, b) => (miss(b) < miss(a) ? b : a));
  return { rate: Math.round(best.rate * 100) / 100, measured: best.score };
}

/** The rate the line through two measured points in log-log space gives for `target`. */
function nextRate(seen, target) {
  const faster = seen.filter((p) => p.score > target).sort((a, b) => a.score - b.score)[0];
  const slower = seen.filter((p) => p.score < target).sort((a, b) => b.score - a.score)[0];
  const [a, b] = faster && slower ? [faster, slower] : seen.slice(-2);
  const slope = Math.log(b.score / a.score) / Math.log(b.rate / a.rate);
  // Two measurements at one rate, or a score that rose with the rate (noise): step as 1/rate would.
  const usable = Number.isFinite(slope) && slope < 0 ? slope : -1;
  return b.rate * Math.exp(Math.log(target / b.score) / usable);
}
