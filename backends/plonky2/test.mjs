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
import { fuzzSuite, GOLDILOCKS, goldilocksPublicInputKinds, runWasmFuzz } from '@zkplay/build-kit/wasm-fuzz';

export const description = 'Node: plonky2 wasm verifier fuzz (single-threaded build)';

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
    kinds: goldilocksPublicInputKinds,
    moreLengths: (L) => [Number(GOLDILOCKS), Number(GOLDILOCKS) + L],
    lengthRefusal: 'invalid input: length 4294967301 is outside 0..=135 (this circuit holds at most 135 bytes)',
    setupLabel: 'build',
  });

// Last, so that everything main() reads is defined when `node backends/plonky2/test.mjs` starts it.
export const test = fuzzSuite(import.meta.url, 'plonky2', main);
