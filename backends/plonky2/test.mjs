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
import { fuzzSuite, runWasmFuzz } from '../../scripts/lib/wasm-fuzz.mjs';

export const description = 'Node: plonky2 wasm verifier fuzz (single-threaded build)';

const P = 2n ** 64n - 2n ** 32n + 1n; // Goldilocks

const main = () =>
  runWasmFuzz({
    id: 'plonky2',
    seed: 0x7a6b706c,
    mutations: 360,
    prefixes: [
      'invalid input: ',
      'malformed proof: ',
      'proof does not match the public inputs: ',
      'proof verification failed: ',
    ],
    config: { maxBlocks: 1, merkleHash: 'keccak', zk: 'off' },
    capacity: 135,
    message: 'zkplay plonky2 wasm fuzz',
    kinds: plonky2Kinds,
    moreLengths: (L) => [Number(P), Number(P) + L],
    lengthRefusal: 'invalid input: length 4294967301 is outside 0..=135 (this circuit holds at most 135 bytes)',
    digestMessage: (size) => `invalid input: digest is ${size} bytes, expected 32`,
    setupLabel: 'build',
  });

/**
 * A kind of its own: the 33 public inputs are the last 33 * 8 bytes (u64 little-endian); rewrite
 * the length to another in-range value and verify against it, or to L + p (non-canonical).
 */
function plonky2Kinds({ proof, length: L, cap }) {
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
      view.setBigUint64(n - 8, BigInt(L) + P, true);
      return { proof: p };
    },
  };
}

// Last, so that everything main() reads is defined when `node backends/plonky2/test.mjs` starts it.
export const test = fuzzSuite(import.meta.url, 'plonky2', main);
