// What the Rust backends' wasm fuzz suites (backends/<id>/test.mjs) share: a seeded PRNG, loading
// the single-threaded build the set-up wrote, a verify wrapper that fails on a trap or an
// unexpected refusal, a tally of refusals per mutation kind, the whole run (runWasmFuzz: a
// backend names only its configuration, its own mutation kinds and its crate's words), and
// running as its own process.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HASHES } from './hashes.mjs';
import { run } from './steps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** mulberry32: a small seeded PRNG (uniform u32s). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const int = (n) => Math.floor((next() / 2 ** 32) * n); // 0..n-1
  const bytes = (n) => Uint8Array.from({ length: n }, () => next() & 255);
  return { next, int, bytes };
}

/**
 * The key files a Rust backend's prepare reads for one configuration, as its worker passes them,
 * from the build in `artifacts`: `vk`, of the first of index.json's key entries whose config
 * `matches`, and with `shared`, `params`: the shared file of that name. `fail`s, saying `which`
 * is missing, when the set-up has not written them.
 */
export function shippedKeyFiles({ artifacts, matches, shared, which, fail }) {
  const keys = JSON.parse(readFileSync(join(artifacts, 'index.json'), 'utf8')).keys;
  const entry = keys?.entries.find((e) => matches(e.config));
  if (!entry || (shared && !keys.shared?.[shared])) fail(`index.json lists no ${which}: run the set-up`);
  const vk = readFileSync(join(artifacts, entry.vk.file));
  return shared ? { params: readFileSync(join(artifacts, keys.shared[shared].file)), vk } : { vk };
}

/** The hash of backend `id`'s statement, as its index.json says (keys.hash; absent: keccak-256). */
export function statementHash(id) {
  const indexPath = join(root, 'web', 'public', 'artifacts', id, 'index.json');
  const hash = existsSync(indexPath) ? JSON.parse(readFileSync(indexPath, 'utf8')).keys?.hash : undefined;
  return hash ?? 'keccak-256';
}

/**
 * The refusal texts of the Rust crates' error enums (InvalidInput, MalformedProof and
 * VerificationFailed beside their codes): every refusal the fuzz provokes starts with one.
 */
export const REFUSAL_PREFIXES = ['invalid input: ', 'malformed proof: ', 'proof rejected: '];

export const failer = (id) => (msg) => {
  throw new Error(`${id} wasm fuzz: ${msg}`);
};

/** The single-threaded wasm of backend `id` from web/public/artifacts/<id>/, initialised. */
export async function loadSingleWasm(id) {
  const fail = failer(id);
  const dir = join(root, 'web', 'public', 'artifacts', id);
  const indexPath = join(dir, 'index.json');
  if (!existsSync(indexPath))
    fail(`${indexPath} is missing: run the set-up (npm test or node scripts/setup.mjs) first`);
  const single = JSON.parse(readFileSync(indexPath, 'utf8')).variants?.single;
  if (!single) fail('index.json has no single-threaded variant');
  const m = await import(pathToFileURL(join(dir, single.glue)).href);
  m.initSync({ module: readFileSync(join(dir, single.wasm.file)) });
  m.installPanicHook();
  if (m.build() !== 'wasm-single') fail(`expected the single-threaded build, got ${m.build()}`);
  return m;
}

/**
 * verify(p, d, len) on a wasm Prover: undefined when it verified, else the refusal's text.
 * Fails on a trap (a panic aborts the instance), on a text without one of `prefixes`, and on a
 * thrown refusal whose { code } is not `codes[prefix]` (a rejected proof is not thrown: it is
 * { ok: false, reason }, with a prefix that has no code).
 */
export function verifierOf({ m, prover, prefixes, codes, fail }) {
  return (p, d, len) => {
    let out;
    try {
      out = prover.verify(p, d, len);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError)
        fail(
          `the wasm trapped (panic: ${m.lastPanic() || e.message}) on length ${len}, proof ${p.length} bytes, digest ${d.length} bytes`,
        );
      const message = String(e?.message ?? e);
      const prefix = prefixes.find((x) => message.startsWith(x));
      if (!prefix) fail(`unexpected error text: ${message}`);
      if (e?.code !== codes[prefix]) fail(`"${message}" came with code ${e?.code}, expected ${codes[prefix]}`);
      return message;
    }
    if (out.ok === true && out.reason === undefined) return undefined;
    if (out.ok !== false || !prefixes.some((x) => out.reason?.startsWith(x) && !codes[x]))
      fail(`unexpected verify report: ${JSON.stringify(out)}`);
    return out.reason;
  };
}

/**
 * The protocol code zkplay_wasm_runtime throws with each refusal prefix the crates share (a
 * proof that is read but does not verify is not thrown: it is { ok: false, reason }).
 */
export const THROWN_CODES = { 'invalid input: ': 'invalid-input', 'malformed proof: ': 'corrupt-proof' };

/**
 * One honest proof from a backend's wasm `Prover` class: prepared with `config` (and the shipped
 * `files`), its capacity checked, `message` proved. Returns what the fuzzing needs, with
 * mustVerify(when), which fails unless the honest proof still verifies (it is called once here).
 */
export function honestProof({
  m,
  config,
  files,
  capacity,
  message,
  prefixes,
  codes = THROWN_CODES,
  hash = 'keccak-256',
  fail,
}) {
  if (!Object.hasOwn(HASHES, hash)) fail(`no digest for hash "${hash}"`);
  const t0 = performance.now();
  const prover = new m.Prover(JSON.stringify(config), files);
  const cap = prover.report().capacityBytes;
  if (cap !== capacity) fail(`the capacity of ${JSON.stringify(config)} is ${cap} bytes, expected ${capacity}`);
  const msg = new TextEncoder().encode(message);
  const { proof } = prover.prove(msg);
  const digest = HASHES[hash].digest(msg);
  const proveMs = performance.now() - t0;
  const verify = verifierOf({ m, prover, prefixes, codes, fail });
  let verified = 0;
  const mustVerify = (when) => {
    const e = verify(proof, digest, msg.length);
    if (e !== undefined) fail(`the honest proof was refused ${when}: ${e}`);
    verified++;
  };
  mustVerify('at the start');
  return { prover, cap, proof, digest, length: msg.length, verify, mustVerify, verified: () => verified, proveMs };
}

/** The verifier-only wasm (what the zkplay-verifier package loads) from an artifacts folder, initialised. */
async function loadVerifierWasm(artifacts, fail) {
  const index = JSON.parse(readFileSync(join(artifacts, 'index.json'), 'utf8'));
  const v = index.variants?.verifier;
  if (!v) fail('index.json has no verifier variant');
  const m = await import(pathToFileURL(join(artifacts, v.glue)).href);
  m.initSync({ module: readFileSync(join(artifacts, v.wasm.file)) });
  return m;
}

/**
 * The honest proof for a backend whose wasm prover takes minutes in Node (starky: building its
 * wrapper and proving take ~230 s single-threaded): the first native sample proof under `config`
 * that the set-up published (web/public/artifacts/<id>/samples/), checked by the verifier-only
 * wasm with the shipped key file `vk`. That build runs the same verifier code as the prover's;
 * proving in wasm is tested in Chromium (e2e/conformance.spec.ts). Same shape as honestProof's.
 */
export async function honestSample({ id, config, vk, capacity, prefixes, codes = THROWN_CODES, fail }) {
  const dir = join(root, 'web', 'public', 'artifacts', id);
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  const sample = index.samples?.find((s) => JSON.stringify(s.config) === JSON.stringify(config));
  if (!sample) fail(`index.json lists no sample proof for ${JSON.stringify(config)}: run the set-up`);
  const file = JSON.parse(readFileSync(join(dir, sample.file), 'utf8'));
  const m = await loadVerifierWasm(dir, fail);
  m.installPanicHook?.();
  const configJson = JSON.stringify(config);
  const checker = { verify: (p, d, len) => m.verify(configJson, vk, p, d, len) };
  const verify = verifierOf({ m: { lastPanic: () => m.lastPanic?.() ?? '' }, prover: checker, prefixes, codes, fail });
  const proof = Uint8Array.from(Buffer.from(file.proof, 'base64'));
  const digest = Uint8Array.from(Buffer.from(file.statement.digest.replace(/^0x/, ''), 'hex'));
  const length = file.statement.length;
  let verified = 0;
  const mustVerify = (when) => {
    const e = verify(proof, digest, length);
    if (e !== undefined) fail(`the sample proof ${sample.file} was refused ${when}: ${e}`);
    verified++;
  };
  mustVerify('at the start');
  return { cap: capacity, proof, digest, length, verify, mustVerify, verified: () => verified, proveMs: 0 };
}

/** mutate(kind, proof, digest?, length?): must be refused; counted per (kind, refusal). */
export function mutator({ verify, prefixes, digest, length, fail }) {
  const tally = new Map();
  const mutate = (kind, p, d = digest, len = length) => {
    const e = verify(p, d, len);
    if (e === undefined) fail(`${kind} verified (proof ${p.length} bytes, length ${len})`);
    const key = `${kind} -> ${prefixes.find((x) => e.startsWith(x)).trim()}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    return e;
  };
  const report = () => {
    for (const [key, k] of [...tally].sort()) console.log(`  ${key.padEnd(64)} ${k}`);
    return [...tally.values()].reduce((a, b) => a + b, 0);
  };
  return { mutate, report };
}

/**
 * Mutations every proof format must refuse, by kind: each makes, from the honest proof and
 * statement and the seeded rng, what to verify ({ proof, digest?, length? }). A backend adds
 * kinds of its own (its points', scalars' and public inputs' encodings) and runs them together
 * with runMutations.
 */
export const COMMON_MUTATIONS = {
  'random bytes': ({ r, proof }) => ({ proof: r.bytes(r.int(2 * proof.length + 97)) }),
  'random bytes, proof length': ({ r, proof }) => ({ proof: r.bytes(proof.length) }),
  truncated: ({ r, proof }) => ({ proof: proof.slice(0, r.int(proof.length)) }),
  extended: ({ r, proof }) => {
    const q = new Uint8Array(proof.length + 1 + r.int(96));
    q.set(proof);
    q.set(r.bytes(q.length - proof.length), proof.length);
    return { proof: q };
  },
  'bit flip': ({ r, proof }) => {
    const p = proof.slice();
    p[r.int(p.length)] ^= 1 << r.int(8);
    return { proof: p };
  },
  'multi bit flip': ({ r, proof }) => {
    const p = proof.slice();
    for (let k = 2 + r.int(15); k > 0; k--) p[r.int(p.length)] ^= 1 << r.int(8);
    return { proof: p };
  },
  'byte substitution': ({ r, proof }) => {
    const p = proof.slice();
    p[r.int(p.length)] ^= 1 + r.int(255);
    return { proof: p };
  },
  'wrong digest': ({ r, proof, digest }) => {
    const d = digest.slice();
    d[r.int(32)] ^= 1 << r.int(8);
    return { proof, digest: d };
  },
  'wrong length in range': ({ r, proof, length, cap }) => ({ proof, length: (length + 1 + r.int(cap)) % (cap + 1) }),
};

/** The Goldilocks prime, 2^64 - 2^32 + 1 (plonky2 and starky). */
export const GOLDILOCKS = 2n ** 64n - 2n ** 32n + 1n;

/**
 * A kind for plonky2 proofs whose 33 public inputs (32 digest bytes, then L) are the last 33 * 8
 * bytes (u64 little-endian): rewrite the length to another in-range value and verify against it,
 * or to L + p (non-canonical). plonky2's and starky's wrapped proofs share this layout.
 */
export function goldilocksPublicInputKinds({ proof, length: L, cap }) {
  const n = proof.length;
  return {
    'public input rewritten': ({ r, i, proof: honest }) => {
      const p = honest.slice();
      const view = new DataView(p.buffer);
      if (i % 2) {
        const other = (L + 1 + r.int(cap)) % (cap + 1);
        view.setBigUint64(n - 8, BigInt(other), true);
        return { proof: p, length: other };
      }
      view.setBigUint64(n - 8, BigInt(L) + GOLDILOCKS, true);
      return { proof: p };
    },
  };
}

/**
 * Runs `count` mutations, cycling through `kinds` (name -> maker, as COMMON_MUTATIONS), each
 * through `mutate` (which fails on one that verifies). Where `expect` names a kind, its refusal
 * must start with that prefix.
 */
export function runMutations({ kinds, count, r, proof, digest, length, cap, mutate, expect = {}, fail }) {
  const names = Object.keys(kinds);
  for (let i = 0; i < count; i++) {
    const kind = names[i % names.length];
    const m = kinds[kind]({ r, i, proof, digest, length, cap });
    const e = mutate(kind, m.proof, m.digest ?? digest, m.length ?? length);
    if (expect[kind] && !e.startsWith(expect[kind])) fail(`${kind}: ${e}`);
  }
}

/**
 * Digests of 0, 31, 33 and 64 bytes are refused with `message(size)` (the crate's own words),
 * with each proof in `proofs`, before anything is verified. Returns how many were refused.
 */
export function refuseDigestSizes({ verify, proofs, digest, length, message, fail }) {
  let refused = 0;
  for (const size of [0, 31, 33, 64]) {
    const d = new Uint8Array(size);
    d.set(digest.slice(0, Math.min(size, 32)));
    for (const p of proofs) {
      const e = verify(p, d, length);
      if (e !== message(size)) fail(`digest of ${size} bytes: ${e}`);
      refused++;
    }
  }
  return refused;
}

/** JavaScript numbers a 32-bit `usize` argument wrapped or truncated, and other non-lengths. */
export const badLengths = (L, cap) => [
  4294967301,
  8589934597,
  2 ** 32 + L,
  5.5,
  L + 0.5,
  -1,
  -0.5,
  -4294967291,
  NaN,
  Infinity,
  -Infinity,
  cap + 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64 + L,
  Number.MAX_VALUE,
  1e300,
  Number.MIN_VALUE,
  undefined,
];

/**
 * Each length must be refused as `invalid input: length …` before the proof is read: with the
 * honest proof and with junk bytes. Returns how many calls were refused.
 */
export function refuseLengths({ verify, proof, digest, lengths, junk, fail }) {
  let refused = 0;
  for (const len of lengths) {
    for (const p of [proof, junk]) {
      const e = verify(p, digest, len);
      if (e === undefined) fail(`length ${len} verified`);
      if (!e.startsWith('invalid input: length '))
        fail(`length ${len}: expected "invalid input: length ...", got: ${e}`);
      refused++;
    }
  }
  return refused;
}

/** The suite's entry points: `test()` for scripts/test.mjs (a child process, so the wasm memory goes with it), and `node <file>`. */
export function fuzzSuite(metaUrl, id, main) {
  const file = fileURLToPath(metaUrl);
  if (process.argv[1] && file === process.argv[1]) {
    main().catch((e) => {
      console.error(e?.stack ?? String(e));
      process.exit(1);
    });
  }
  return () => run(process.execPath, [file], { prefix: `${id} wasm` });
}

/**
 * The backend's verifier-only wasm (what the zkplay-verifier package loads) against its shipped
 * key file `vk`: the honest proof verifies; 60 byte flips, a truncation, `otherKey` (a key of
 * another configuration) and an empty file never verify and never trap (a refusal must carry
 * one of `codes`); the honest proof still verifies after them. Returns the summary line.
 */
export async function fuzzVerifierKeyFiles({ artifacts, config, vk, otherKey, codes, honest, r, fail }) {
  const { proof, digest, length } = honest;
  const m = await loadVerifierWasm(artifacts, fail);
  const configJson = JSON.stringify(config);
  const check = (key, what) => {
    try {
      return m.verify(configJson, key, proof, digest, length);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) fail(`the verifier wasm trapped on ${what}: ${e.message}`);
      if (!codes.includes(e?.code)) fail(`${what}: unexpected refusal ${JSON.stringify(e)}`);
      return { ok: false, refused: true };
    }
  };
  if (!check(vk, 'the shipped key').ok)
    fail('the honest proof does not verify with the shipped key file in the verifier wasm');
  let refused = 0;
  let rejected = 0;
  const damaged = [];
  for (let i = 0; i < 60; i++) {
    const key = Uint8Array.from(vk); // a copy (Buffer.slice would be a view of the shipped key)
    key[r.int(key.length)] ^= 1 << r.int(8);
    damaged.push([`byte flip ${i}`, key]);
  }
  damaged.push(
    ['cut short', vk.slice(0, r.int(vk.length))],
    ['another configuration', otherKey],
    ['empty', new Uint8Array(0)],
  );
  for (const [what, key] of damaged) {
    const res = check(key, what);
    if (res.ok) fail(`a damaged key file (${what}) verified the proof`);
    if (res.refused) refused++;
    else rejected++;
  }
  if (!check(vk, 'the shipped key, again').ok) fail('the honest proof stopped verifying after the damaged keys');
  return `verifier wasm: ${refused + rejected} damaged key files never verified (${refused} refused, ${rejected} rejected)`;
}

/**
 * One Rust backend's whole fuzz run on its single-threaded wasm, as both suites make it: the
 * honest proof of `message` under `config`; `mutations` seeded mutations (COMMON_MUTATIONS and
 * the backend's `kinds(honest)`, `expect` as runMutations); the non-lengths of badLengths and
 * `moreLengths(L)`, with 4294967301 refused in the crate's words (`lengthRefusal`); digests of
 * other sizes refused as `digestMessage(size)` with each of `digestProofs({ proof, r })`; then
 * the backend's `checks(honest)` and, with the prover freed, its `after({ ...honest, files, r })`,
 * whose text (if any) ends the summary line. The honest proof must verify before, between and
 * after. `files` is a thunk: the shipped files are looked for once the wasm has loaded.
 * ZKPLAY_FUZZ_SEED=<n> replaces the backend's `seed`. `hash`: of the statement (default: what
 * the backend's index.json says, keys.hash, else keccak-256), which the honest digest is made with.
 * `honestFrom`: 'prover' (the single-threaded build proves `message`) or 'sample' (honestSample:
 * the native sample proof, through the verifier-only build; `files().vk` is its key).
 * `prefixes` and `digestMessage` default to the texts most crates share (REFUSAL_PREFIXES, and
 * zkplay-wasm-runtime's statement check for a digest of another size).
 */
export async function runWasmFuzz({
  id,
  seed: defaultSeed,
  mutations,
  prefixes = REFUSAL_PREFIXES,
  config,
  files: shipped = () => undefined,
  capacity,
  message,
  kinds = () => ({}),
  expect = {},
  moreLengths = () => [],
  lengthRefusal,
  digestMessage = (size) => `invalid input: digest is ${size} bytes, expected 32`,
  digestProofs = ({ proof }) => [proof],
  checks = () => {},
  after = async () => undefined,
  setupLabel = 'setup',
  hash = statementHash(id),
  honestFrom = 'prover',
}) {
  const fail = failer(id);
  const seed = Number(process.env.ZKPLAY_FUZZ_SEED ?? defaultSeed);
  let honest;
  let files;
  if (honestFrom === 'sample') {
    files = shipped();
    honest = await honestSample({ id, config, vk: files.vk, capacity, prefixes, fail });
  } else {
    const m = await loadSingleWasm(id);
    files = shipped();
    honest = honestProof({ m, config, files, capacity, message, prefixes, hash, fail });
  }
  const { prover, cap, proof, digest, length: L, verify, mustVerify } = honest;
  const tProved = performance.now();

  // Seeded mutations: each must throw.
  const r = rng(seed);
  const { mutate, report } = mutator({ verify, prefixes, digest, length: L, fail });
  const all = { ...COMMON_MUTATIONS, ...kinds(honest) };
  runMutations({ kinds: all, count: mutations, r, proof, digest, length: L, cap, mutate, expect, fail });
  mustVerify('after the mutations');

  // Lengths and digests that cannot be statements of this circuit: `invalid input: `, before
  // the proof is read (also with a junk proof).
  const nonLengths = [...badLengths(L, cap), ...moreLengths(L)];
  let range = refuseLengths({ verify, proof, digest, lengths: nonLengths, junk: r.bytes(100), fail });
  const e4294967301 = verify(proof, digest, 4294967301);
  if (e4294967301 !== lengthRefusal) fail(`expected "${lengthRefusal}", got "${e4294967301}"`);
  const proofs = digestProofs({ proof, r });
  range += refuseDigestSizes({ verify, proofs, digest, length: L, message: digestMessage, fail });
  checks(honest);
  mustVerify('at the end');
  prover?.free();
  const more = await after({ ...honest, files, r });

  const secs = (x) => (x / 1000).toFixed(1);
  const total = report();
  console.log(
    `${id} wasm verifier: ${total} seeded mutations and ${range} out-of-range lengths/digests refused, honest proof verified ${honest.verified()} times ` +
      `(seed 0x${seed.toString(16)}, proof ${proof.length} bytes; ` +
      (prover ? `${setupLabel} + prove ${secs(honest.proveMs)} s` : 'the native sample proof, verifier-only build') +
      `, fuzz ${secs(performance.now() - tProved)} s)` +
      (more ? `; ${more}` : ''),
  );
}
