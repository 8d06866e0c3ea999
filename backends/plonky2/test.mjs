// plonky2's own test suite for `npm test`: the single-threaded wasm build that the set-up wrote
// to web/public/artifacts/plonky2/ is fuzzed in Node. One 1-block circuit, one honest proof,
// then seeded mutations of the proof, the digest and the length (plus JavaScript numbers that a
// 32-bit `usize` would have wrapped or truncated: 4294967301, 8589934597, 5.5, ...). Every one
// must throw with one of the crate's error prefixes (`invalid input: ` for lengths and digests
// that cannot be a statement of the circuit), none may verify, and the wasm must never trap
// (a panic aborts the instance); the honest proof must verify before and after.
//
// Run by scripts/test.mjs as the suite `plonky2` (in a child Node process, so that the wasm
// instance's memory goes away with it); `node backends/plonky2/test.mjs` runs it directly.
// ZKPLAY_FUZZ_SEED=<n> replays another seed.
import {
  badLengths,
  COMMON_MUTATIONS,
  failer,
  fuzzSuite,
  honestProof,
  loadSingleWasm,
  mutator,
  refuseDigestSizes,
  refuseLengths,
  rng,
  runMutations,
} from '../../scripts/lib/wasm-fuzz.mjs';

export const description = 'Node: plonky2 wasm verifier fuzz (single-threaded build)';

const SEED = Number(process.env.ZKPLAY_FUZZ_SEED ?? 0x7a6b706c);
const MUTATIONS = 360;
const P = 2n ** 64n - 2n ** 32n + 1n; // Goldilocks
const PREFIXES = [
  'invalid input: ',
  'malformed proof: ',
  'proof does not match the public inputs: ',
  'proof verification failed: ',
];

const fail = failer('plonky2');

async function main() {
  const m = await loadSingleWasm('plonky2');

  const honest = honestProof({
    m,
    config: { maxBlocks: 1, merkleHash: 'keccak', zk: 'off' },
    capacity: 135,
    message: 'zkplay plonky2 wasm fuzz',
    prefixes: PREFIXES,
    fail,
  });
  const { prover: c, cap, proof, digest, length: L, verify, mustVerify } = honest;
  const n = proof.length;
  const tProved = performance.now();

  // Seeded mutations: each must throw.
  const r = rng(SEED);
  const { mutate, report } = mutator({ verify, prefixes: PREFIXES, digest, length: L, fail });
  const kinds = {
    ...COMMON_MUTATIONS,
    // The 33 public inputs are the last 33 * 8 bytes (u64 little-endian); rewrite the length
    // to another in-range value and verify against it, or to L + p (non-canonical).
    'public input rewritten': ({ r, i, proof: honest }) => {
      const p = honest.slice();
      const view = new DataView(p.buffer);
      if (i % 2) {
        const other = (L + 1 + r.int(cap)) % (cap + 1);
        view.setBigUint64(n - 8, BigInt(other), true);
        return { proof: p, length: other };
      }
      view.setBigUint64(n - 8, BigInt(L) + P, true);
      return { proof: p };
    },
  };
  runMutations({ kinds, count: MUTATIONS, r, proof, digest, length: L, cap, mutate, fail });
  mustVerify('after the mutations');

  // Lengths and digests that cannot be statements of this circuit: `invalid input: `, before the
  // proof is read (also with a junk proof).
  const nonLengths = [...badLengths(L, cap), Number(P), Number(P) + L];
  let range = refuseLengths({ verify, proof, digest, lengths: nonLengths, junk: r.bytes(100), fail });
  const e4294967301 = verify(proof, digest, 4294967301);
  const want = 'invalid input: length 4294967301 is outside 0..=135 (this circuit holds at most 135 bytes)';
  if (e4294967301 !== want) fail(`expected "${want}", got "${e4294967301}"`);
  const digestMessage = (size) => `invalid input: digest is ${size} bytes, expected 32`;
  range += refuseDigestSizes({ verify, proofs: [proof], digest, length: L, message: digestMessage, fail });
  mustVerify('at the end');
  c.free();

  const secs = (x) => (x / 1000).toFixed(1);
  const total = report();
  console.log(
    `plonky2 wasm verifier: ${total} seeded mutations and ${range} out-of-range lengths/digests refused, honest proof verified ${honest.verified()} times ` +
      `(seed 0x${SEED.toString(16)}, proof ${n} bytes; build + prove ${secs(honest.proveMs)} s, fuzz ${secs(performance.now() - tProved)} s)`,
  );
}

// Last, so that everything main() reads is defined when `node backends/plonky2/test.mjs` starts it.
export const test = fuzzSuite(import.meta.url, 'plonky2', main);
