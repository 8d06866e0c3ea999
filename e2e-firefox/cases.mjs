// The test cases, one per backend, as e2e/conformance.spec.ts runs them in Chromium: open the
// page, pick the backend, type "hello world", Prove, wait for "Verified", then "Tamper with proof
// and verify" must be rejected (never "Verified").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashDef } from '../scripts/lib/hashes.mjs';
import { keysHash } from '../scripts/lib/keys.mjs';
import { root } from '../scripts/lib/steps.mjs';
import { sel } from './harness.mjs';
import { PROOF_TIMEOUT, STEP_TIMEOUT, VERIFY_TIMEOUT, fail } from './supervisor.mjs';

export const MESSAGE = 'hello world'; // as in conformance.spec.ts: 11 bytes, in range for every backend
const NEVER = /Verified|crash|out of memory/;

const vectors = JSON.parse(readFileSync(join(root, 'test-vectors', 'keccak256.json'), 'utf8')).vectors;
const KECCAK_DIGEST = vectors.find((v) => v.name === `text "${MESSAGE}"`).digest_hex;

/** The digest the page must show for MESSAGE with backend `id`: of the hash its build declares (keys.hash). */
function expectedDigest(id) {
  const index = join(root, 'web', 'public', 'artifacts', id, 'index.json');
  const hash = existsSync(index) ? keysHash(id, JSON.parse(readFileSync(index, 'utf8')).keys ?? {}) : 'keccak-256';
  if (hash === 'keccak-256') return { hash, hex: KECCAK_DIGEST }; // the published vector, not our own hashing
  const bytes = hashDef(hash).digest(new TextEncoder().encode(MESSAGE));
  return { hash, hex: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') };
}

/** Prove, verify and tamper-rejection for one backend. `threads`: the thread count to choose, if the page offers a choice. */
export async function smokeBackend(s, base, id, threadsWanted) {
  const { events } = s;
  const started = Date.now();
  // Through about:blank: navigating from the previous backend's page to the same URL (or one
  // that differs only in its #fragment) may keep that document, its workers and its state.
  await s.cmd('open about:blank', s.navigate('about:blank'));
  await s.cmd(`open ${base}/`, s.navigate(`${base}/`));
  const radio = await s.until(`the ${id} backend choice (input[name="backend"][value="${id}"])`, STEP_TIMEOUT, () =>
    s.find(sel.backendRadio(id)),
  );
  await s.cmd(`select backend ${id}`, s.click(radio));
  await s.until(
    `"Holds messages up to … bytes" for ${id}`,
    STEP_TIMEOUT,
    async () => (await s.findAll(sel.capacity)).length > 0,
  );

  const [threadSelect] = await s.cmd('find the threads choice', s.findAll(sel.threads));
  if (threadSelect && threadsWanted) {
    await s.cmd('choose threads', s.selectOption(threadSelect, String(threadsWanted)));
  }
  const threads = threadSelect ? await s.value(threadSelect) : '1 (this backend or browser offers no choice)';

  await s.cmd('choose the Text format', s.click(await s.find(sel.textFormat)));
  await s.cmd('type the message', s.type(await s.find(sel.message), MESSAGE));
  const digest = expectedDigest(id);
  await s.until(
    `the ${digest.hash} of "${MESSAGE}" (0x${digest.hex.slice(0, 16)}…)`,
    STEP_TIMEOUT,
    async () => (await s.text(await s.find(sel.digest))) === `0x${digest.hex}`,
  );

  const requestsBefore = events.requests.length;
  await s.cmd('click Prove', s.click(await s.find(sel.button('Prove'))));
  const proveStart = Date.now();
  const outcome = await s.until(
    `the proof's outcome (status "Verified…", "Proof not verified…" or "Error…") for ${id}`,
    PROOF_TIMEOUT,
    async () => {
      const t = await s.statusText();
      return /^(Verified|Proof not verified|Error)/.test(t) && t;
    },
    () => s.statusText(),
  );
  const wall = Date.now() - proveStart;
  if (!new RegExp(`^Verified: .* the ${MESSAGE.length}-byte message`).test(outcome)) {
    fail(`${id}: the proof was not verified. Status: "${outcome}"${s.recentErrors()}`);
  }
  const proveCell = await s.until(
    `the "Prove" row of the Phases table for ${id}`,
    STEP_TIMEOUT,
    async () => (await s.findAll(sel.phaseRow('Prove')))[0],
  );
  const proveTime = await s.text(proveCell);
  // "Measured in this browser (desktop, wasm, build wasm-threads), 2 threads, cold: …": what really ran.
  const [measuredEl] = await s.findAll(sel.measured);
  const measured = measuredEl ? (await s.text(measuredEl)).replace(/\s+/g, ' ') : '';
  const ran = /build (\S+?)\), (\d+) threads?/.exec(measured);

  await s.cmd(
    'click "Tamper with proof and verify"',
    s.click(await s.find(sel.button('Tamper with proof and verify'))),
  );
  const tampered = await s.until(`the tampered proof's rejection for ${id}`, VERIFY_TIMEOUT, async () => {
    const t = await s.statusText();
    return /^(Verified|Proof not verified|Error)/.test(t) && /tampered/.test(t) && t;
  });
  if (!/the tampered proof.*(does not verify|was rejected)/.test(tampered) || NEVER.test(tampered)) {
    fail(`${id}: the tampered proof was not rejected as it must be. Status: "${tampered}"`);
  }
  const artifactRequests = events.requests.slice(requestsBefore).filter((u) => u.includes(`/artifacts/${id}/`)).length;
  return {
    id,
    threads: ran ? `${ran[2]} (build ${ran[1]})` : threads,
    proveTime,
    wall,
    total: Date.now() - started,
    artifactRequests,
    tampered,
  };
}
