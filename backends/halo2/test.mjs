// halo2's own test suite for `npm test`: the single-threaded wasm build that the set-up wrote to
// web/public/artifacts/halo2/ is fuzzed in Node. The page's default circuit, the narrow one, at
// k=12 (2 blocks, 271 bytes) prepared from the build's shipped KZG parameters and verifying key, one
// honest proof, then seeded mutations of the proof, the digest and the length
// (plus JavaScript numbers that the old `length: usize` parameter wrapped modulo 2^32 or
// truncated: 4294967301, 8589934597, 5.5, ...). Every one must throw with one of the crate's
// error prefixes (`invalid input: ` for lengths and digests that cannot be a statement of the
// circuit), none may verify, and the wasm must never trap (a panic aborts the instance); the
// honest proof must verify before, between and after. Then the verifier-only wasm (what the
// zkplay-verifier package loads) with the shipped key file: the honest proof verifies, and key
// files with sampled bytes flipped, cut short or of another configuration (the zkEVM circuit's
// key for the same 271 bytes, which the narrow configuration refuses by its header) never
// verify and never trap. The zkEVM circuit's wasm paths are the same code behind the same
// checks (crates/zkplay-halo2/src/tests/circuits.rs tests both natively).
//
// Run by scripts/test.mjs as the suite `halo2` (in a child Node process, so that the wasm
// instance's memory goes away with it); `node backends/halo2/test.mjs` runs it directly.
// ZKPLAY_FUZZ_SEED=<n> replays another seed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failer, fuzzSuite, fuzzVerifierKeyFiles, runWasmFuzz } from '@zkplay/build-kit/wasm-fuzz';

export const description = 'Node: halo2 wasm verifier fuzz (single-threaded build)';

/** BN254 scalar field modulus (proof scalars are 32-byte little-endian, canonical below it). */
const R = 0x30644e72e131a029b85045b68181585d2833e84879b97091_43e1f593f0000001n;

const fail = failer('halo2');

/** 32 little-endian bytes <-> BigInt. */
const toBig = (b) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const fromBig = (v) => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * i)) & 255n));

/** The configuration fuzzed: the page's default circuit for up to 271 bytes. */
const NARROW = { circuit: 'narrow', k: 12 };

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public', 'artifacts', 'halo2');
const index = () => JSON.parse(readFileSync(join(ARTIFACTS, 'index.json'), 'utf8'));

/** The shipped files the page's prepare reads for a configuration, as the worker passes them. */
function shippedFiles({ circuit, k, rowsPerRound }) {
  const keys = index().keys;
  const entry = keys?.entries.find(
    (e) => e.config.circuit === circuit && e.config.k === k && e.config.rowsPerRound === rowsPerRound,
  );
  if (!entry || !keys.shared?.[`k${k}`])
    fail(`index.json lists no keys for ${JSON.stringify({ circuit, k, rowsPerRound })}: run the set-up`);
  return {
    params: readFileSync(join(ARTIFACTS, keys.shared[`k${k}`].file)),
    vk: readFileSync(join(ARTIFACTS, entry.vk.file)),
  };
}

const main = () =>
  runWasmFuzz({
    id: 'halo2',
    seed: 0x68616c6f,
    mutations: 130,
    prefixes: ['invalid input: ', 'malformed proof: ', 'proof rejected: '],
    config: NARROW,
    files: () => shippedFiles(NARROW),
    capacity: 271,
    message: 'hello',
    kinds: halo2Kinds,
    expect: {
      'point with infinity flag': 'malformed proof: ',
      'scalar + r': 'malformed proof: ',
      'wrong digest': 'proof rejected: ',
      'wrong length in range': 'proof rejected: ',
    },
    moreLengths: (L) => [L - 1e-9],
    lengthRefusal: 'invalid input: length 4294967301 is outside 0..=271 (narrow circuit k=12 holds at most 271 bytes)',
    digestMessage: (size) => `invalid input: digest is ${size} bytes, expected 32`,
    digestProofs: ({ proof, r }) => [proof, r.bytes(7)],
    checks: ({ verify, proof, digest }) => {
      // -0 is 0: a valid length, not a forgery (this proof is for 5 bytes, so it is rejected).
      const e0 = verify(proof, digest, -0);
      if (!e0?.startsWith('proof rejected: ')) fail(`length -0: ${e0}`);
    },
    after: (honest) =>
      fuzzVerifierKeyFiles({
        artifacts: ARTIFACTS,
        config: NARROW,
        vk: honest.files.vk,
        otherKey: shippedFiles({ circuit: 'zkevm', k: 10, rowsPerRound: 12 }).vk,
        codes: ['corrupt-artifact', 'corrupt-proof'],
        honest,
        r: honest.r,
        fail,
      }),
  });

/** Kinds of its own: the encodings of halo2's points and scalars. */
function halo2Kinds({ proof }) {
  const n = proof.length;
  // Element 0 of a proof is a point (the first advice commitment); the last two are SHPLONK's
  // points and the one before them is a scalar (an evaluation).
  const scalarAt = n - 32 * 3;
  return {
    // A second encoding of the same first point: halo2curves decodes it, so only the
    // canonical-encoding check refuses it.
    'point with infinity flag': ({ proof: honest }) => {
      const p = honest.slice();
      p[31] |= 0x80;
      return { proof: p };
    },
    // The same value + r: still below 2^256 (2r < 2^256), a second encoding of it.
    'scalar + r': ({ proof: honest }) => {
      const p = honest.slice();
      p.set(fromBig(toBig(p.subarray(scalarAt, scalarAt + 32)) + R), scalarAt);
      return { proof: p };
    },
    'element := random bytes': ({ r, proof: honest }) => {
      const p = honest.slice();
      p.set(r.bytes(32), 32 * r.int(n / 32));
      return { proof: p };
    },
  };
}

// Last, so that everything main() reads is defined when `node backends/halo2/test.mjs` starts it.
export const test = fuzzSuite(import.meta.url, 'halo2', main);
