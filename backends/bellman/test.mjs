// bellman's own test suite for `npm test`: the single-threaded wasm build that the set-up wrote to
// web/public/artifacts/bellman/ is fuzzed in Node. The 1-block configuration prepared from the
// build's shipped parameters and verifying key, one honest proof, then seeded mutations of the
// proof (192 bytes of compressed BLS12-381 points), the digest and the length, plus JavaScript
// numbers a `usize` parameter would have wrapped or truncated. Every one must throw with one of
// the crate's error prefixes, none may verify, and the wasm must never trap; the honest proof
// verifies before, between and after. Then the verifier-only wasm (what the zkplay-verifier
// package loads) with the shipped key file: the honest proof verifies, and damaged key files
// never verify and never trap. The native fuzz (10,000 inputs) is the crate's tests/all/prove_verify.rs.
//
// Run by scripts/test.mjs as the suite `bellman` (a child Node process); `node backends/bellman/test.mjs` runs it directly.
// ZKPLAY_FUZZ_SEED=<n> replays another seed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failer, fuzzSuite, fuzzVerifierKeyFiles, runWasmFuzz, shippedKeyFiles } from '@zkplay/build-kit/wasm-fuzz';

export const description = 'Node: bellman wasm verifier fuzz (single-threaded build)';

const fail = failer('bellman');
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public', 'artifacts', 'bellman');

/** The shipped files prepare reads for a capacity, as the worker passes them. */
const shippedFiles = (blocks) =>
  shippedKeyFiles({
    artifacts: ARTIFACTS,
    matches: (c) => c.blocks === blocks,
    shared: `b${blocks}`,
    which: `keys for ${blocks} blocks`,
    fail,
  });

const main = () =>
  runWasmFuzz({
    id: 'bellman',
    seed: 0x62656c6c,
    mutations: 200,
    config: { blocks: 1 },
    files: () => shippedFiles(1),
    capacity: 64,
    message: 'hello',
    kinds: bellmanKinds,
    expect: {
      'wrong digest': 'proof rejected: ',
      'wrong length in range': 'proof rejected: ',
      'compression flag cleared': 'malformed proof: ',
      'infinity flag set': 'malformed proof: ',
    },
    moreLengths: (L) => [L - 1e-9],
    lengthRefusal: 'invalid input: length 4294967301 is outside 0..=64 (this circuit holds at most 64 bytes)',
    digestProofs: ({ proof, r }) => [proof, r.bytes(7)],
    after: (honest) =>
      fuzzVerifierKeyFiles({
        artifacts: ARTIFACTS,
        config: { blocks: 1 },
        vk: honest.files.vk,
        otherKey: shippedFiles(3).vk,
        codes: ['corrupt-artifact'],
        honest,
        r: honest.r,
        fail,
      }),
  });

/** Kinds of its own: the flag bits of the compressed points (A at 0, B at 48, C at 144). */
function bellmanKinds() {
  const at = [0, 48, 144];
  const edit =
    (f) =>
    ({ r, proof }) => {
      const p = proof.slice();
      f(p, at[r.int(3)]);
      return { proof: p };
    };
  return {
    // Bit 7 of the first byte says "compressed": without it the point is refused, not re-read.
    'compression flag cleared': edit((p, i) => (p[i] &= 0x7f)),
    // Bit 6 says "point at infinity"; with other bits set it is not a canonical encoding.
    'infinity flag set': edit((p, i) => (p[i] |= 0x40)),
    // Bit 5 picks the other y: the negated point, a valid point that must not verify.
    'sign flag flipped': edit((p, i) => (p[i] ^= 0x20)),
  };
}

export const test = fuzzSuite(import.meta.url, 'bellman', main);
