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
import { keccak_256 } from '@noble/hashes/sha3.js';
import { badLengths, failer, fuzzSuite, loadSingleWasm, mutator, refuseLengths, rng, verifierOf } from '../../scripts/lib/wasm-fuzz.mjs';

export const description = 'Node: plonky2 wasm verifier fuzz (single-threaded build)';

const SEED = Number(process.env.ZKPLAY_FUZZ_SEED ?? 0x7a6b706c);
const MUTATIONS = 360;
const P = 2n ** 64n - 2n ** 32n + 1n; // Goldilocks
const PREFIXES = ['invalid input: ', 'malformed proof: ', 'proof does not match the public inputs: ', 'proof verification failed: '];
/** The protocol code thrown with each refusal (a rejected proof is not thrown: it is { ok: false, reason }). */
const CODES = { 'invalid input: ': 'invalid-input', 'malformed proof: ': 'corrupt-proof' };

const fail = failer('plonky2');

async function main() {
  const m = await loadSingleWasm('plonky2');

  const t0 = performance.now();
  const c = new m.Prover(JSON.stringify({ maxBlocks: 1, merkleHash: 'keccak', zk: 'off' }));
  const cap = c.report().capacityBytes;
  if (cap !== 135) fail(`1-block capacity is ${cap}, expected 135`);
  const msg = new TextEncoder().encode('zkplay plonky2 wasm fuzz');
  const { proof } = c.prove(msg);
  const digest = keccak_256(msg);
  const L = msg.length;
  const n = proof.length;
  const tProved = performance.now();

  const verify = verifierOf({ m, prover: c, prefixes: PREFIXES, codes: CODES, fail });
  const mustVerify = (what) => {
    const e = verify(proof, digest, L);
    if (e !== undefined) fail(`the honest proof was refused ${what}: ${e}`);
  };
  mustVerify('at the start');

  // Seeded mutations: each must throw.
  const r = rng(SEED);
  const { mutate, report } = mutator({ verify, prefixes: PREFIXES, digest, length: L, fail });
  const kinds = ['random bytes', 'truncated', 'extended', 'bit flip', 'multi bit flip', 'byte substitution', 'public input rewritten', 'wrong digest', 'wrong length'];
  for (let i = 0; i < MUTATIONS; i++) {
    const kind = kinds[i % kinds.length];
    const p = proof.slice();
    switch (kind) {
      case 'random bytes':
        mutate(kind, r.bytes(i % 2 ? r.int(2 * n) : n));
        break;
      case 'truncated':
        mutate(kind, proof.slice(0, r.int(n)));
        break;
      case 'extended': {
        const q = new Uint8Array(n + 1 + r.int(64));
        q.set(proof);
        q.set(r.bytes(q.length - n), n);
        mutate(kind, q);
        break;
      }
      case 'bit flip':
        p[r.int(n)] ^= 1 << r.int(8);
        mutate(kind, p);
        break;
      case 'multi bit flip':
        for (let k = 2 + r.int(15); k > 0; k--) p[r.int(n)] ^= 1 << r.int(8);
        mutate(kind, p);
        break;
      case 'byte substitution':
        p[r.int(n)] ^= 1 + r.int(255);
        mutate(kind, p);
        break;
      case 'public input rewritten': {
        // The 33 public inputs are the last 33 * 8 bytes (u64 little-endian); rewrite the length
        // to another in-range value and verify against it, or to L + p (non-canonical).
        const view = new DataView(p.buffer);
        const at = n - 8;
        if (i % 2) {
          const other = (L + 1 + r.int(cap)) % (cap + 1);
          view.setBigUint64(at, BigInt(other), true);
          mutate(kind, p, digest, other);
        } else {
          view.setBigUint64(at, BigInt(L) + P, true);
          mutate(kind, p);
        }
        break;
      }
      case 'wrong digest': {
        const d = digest.slice();
        d[r.int(32)] ^= 1 << r.int(8);
        mutate(kind, proof, d);
        break;
      }
      case 'wrong length': {
        const other = (L + 1 + r.int(cap)) % (cap + 1);
        mutate(kind, proof, digest, other);
        break;
      }
    }
  }
  mustVerify('after the mutations');

  // Lengths and digests that cannot be statements of this circuit: `invalid input: `, before the
  // proof is read (also with a junk proof).
  const nonLengths = [...badLengths(L, cap), Number(P), Number(P) + L];
  let range = refuseLengths({ verify, proof, digest, lengths: nonLengths, junk: r.bytes(100), fail });
  const e4294967301 = verify(proof, digest, 4294967301);
  const want = 'invalid input: length 4294967301 is outside 0..=135 (this circuit holds at most 135 bytes)';
  if (e4294967301 !== want) fail(`expected "${want}", got "${e4294967301}"`);
  for (const size of [0, 31, 33, 64]) {
    const d = new Uint8Array(size);
    d.set(digest.slice(0, Math.min(size, 32)));
    const e = verify(proof, d, L);
    if (e !== `invalid input: digest must be 32 bytes, got ${size}`) fail(`digest of ${size} bytes: ${e}`);
    range++;
  }
  mustVerify('at the end');
  c.free();

  const secs = (x) => (x / 1000).toFixed(1);
  const total = report();
  console.log(
    `plonky2 wasm verifier: ${total} seeded mutations and ${range} out-of-range lengths/digests refused, honest proof verified 3 times ` +
      `(seed 0x${SEED.toString(16)}, proof ${n} bytes; build + prove ${secs(tProved - t0)} s, fuzz ${secs(performance.now() - tProved)} s)`,
  );
}

// Last, so that everything main() reads is defined when `node backends/plonky2/test.mjs` starts it.
export const test = fuzzSuite(import.meta.url, 'plonky2', main);
