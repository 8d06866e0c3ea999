// starky's own test suite for `npm test`: the verifier-only wasm build that the set-up wrote to
// web/public/artifacts/starky/ (what the zkplay-verifier package loads) is fuzzed in Node,
// starting from the native sample proof (zk off) the set-up published: seeded mutations of the
// proof, the digest and the length (plus JavaScript numbers that a 32-bit `usize` would have
// wrapped or truncated, and lengths at and above the Goldilocks prime). Every one must throw with
// one of the crate's error prefixes, none may verify, and the wasm must never trap; the honest
// proof verifies before, between and after. Then damaged key files and the other zk setting's key
// never verify and never trap. The native fuzz (10,000 inputs) is the crate's tests/all/contract.rs.
//
// Not a proof made here: the single-threaded build needs ~230 s in Node to build the wrapper
// and prove one block; proving in wasm is tested in Chromium (e2e/conformance.spec.ts, one
// thread: the single-threaded build), and both builds run the same verifier code.
//
// Run by scripts/test.mjs as the suite `starky` (a child Node process); `node backends/starky/test.mjs` runs it directly.
// ZKPLAY_FUZZ_SEED=<n> replays another seed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  failer,
  fuzzSuite,
  fuzzVerifierKeyFiles,
  GOLDILOCKS,
  goldilocksPublicInputKinds,
  runWasmFuzz,
  shippedKeyFiles,
} from '@zkplay/build-kit/wasm-fuzz';
import OPTIONS from './options.json' with { type: 'json' };

export const description = 'Node: starky wasm verifier fuzz (verifier-only build, native sample proof)';

const fail = failer('starky');
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public', 'artifacts', 'starky');
const CAP = OPTIONS.maxMessageBytes;

/** The shipped wrapper key of a zk setting, as the worker passes it. */
const keyFile = (zk) =>
  shippedKeyFiles({ artifacts: ARTIFACTS, matches: (c) => c.zk === zk, which: `wrapper key for zk ${zk}`, fail }).vk;

const main = () =>
  runWasmFuzz({
    id: 'starky',
    seed: 0x73746b79,
    mutations: 200,
    config: { zk: 'off' },
    files: () => ({ vk: keyFile('off') }),
    capacity: CAP,
    kinds: goldilocksPublicInputKinds,
    expect: { 'wrong digest': 'proof rejected: ', 'wrong length in range': 'proof rejected: ' },
    moreLengths: (L) => [Number(GOLDILOCKS), Number(GOLDILOCKS) + L],
    lengthRefusal: `invalid input: length 4294967301 is outside 0..=${CAP} (a starky proof claims at most 185,639 bytes, 1,365 blocks)`,
    honestFrom: 'sample',
    after: (honest) =>
      fuzzVerifierKeyFiles({
        artifacts: ARTIFACTS,
        config: { zk: 'off' },
        vk: honest.files.vk,
        otherKey: keyFile('on'),
        // A damaged common-data section can still parse, as another circuit's: the honest proof
        // then does not have that circuit's shape (corrupt-proof). The package checks the key's
        // sha256 before it gets here.
        codes: ['corrupt-artifact', 'corrupt-proof'],
        honest,
        r: honest.r,
        fail,
      }),
  });

export const test = fuzzSuite(import.meta.url, 'starky', main);
