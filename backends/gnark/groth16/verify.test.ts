// The TypeScript Groth16 verifier against gnark's own proofs (the sample files the build made
// natively with cmd/sample) and against a forger: every bit of a proof flipped at sampled
// positions, statements changed, points that decode but must not be accepted (off the curve,
// outside G2's subgroup, non-canonical, infinity), keys damaged. Nothing may verify but the
// honest proof, and nothing may throw.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bn254 } from '@noble/curves/bn254.js';
import { bigToBe, G2Point, P, R } from './encoding';
import { statementToPublicInputs } from './statement';
import { PROOF_BYTES, solidityCall, verifyGnarkGroth16 } from './verify';

const dir = join(__dirname, '..', '..', '..', 'web', 'public', 'artifacts', 'gnark');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const vk = new Uint8Array(readFileSync(join(dir, index.keys.entries[0].vk.file)));
const samples = (index.samples as { file: string; message: string }[]).map((s) => {
  const f = JSON.parse(readFileSync(join(dir, s.file), 'utf8'));
  return {
    ...s,
    proof: new Uint8Array(Buffer.from(f.proof, 'base64')),
    inputs: statementToPublicInputs(new Uint8Array(Buffer.from(f.statement.digest, 'hex')), f.statement.length),
    calldata: JSON.parse(readFileSync(join(dir, s.file.replace('.proof.json', '.calldata.json')), 'utf8')),
  };
});
const [s0] = samples;

const verdict = (proof: Uint8Array, inputs = s0.inputs, key = vk) => verifyGnarkGroth16(key, proof, inputs);
const flipped = (b: Uint8Array, at: number, bit = 0) => {
  const c = b.slice();
  c[at] ^= 1 << bit;
  return c;
};
const replaced = (b: Uint8Array, at: number, part: Uint8Array) => {
  const c = b.slice();
  c.set(part, at);
  return c;
};
// Proof layout (gnark's compressed encoding, no commitment): A 0..32, B 32..96, C 96..128, count 128..132, PoK slot 132..164.
const A = 0,
  B = 32,
  C = 96,
  COUNT = 128,
  POK = 132;

describe("gnark Groth16 in TypeScript (gnark's proofs, the build's key)", () => {
  it('verifies every sample proof', () => {
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) expect(verifyGnarkGroth16(vk, s.proof, s.inputs), s.message).toEqual({ ok: true });
  });

  it('rejects the proof for another digest, another length, or public inputs out of range', () => {
    const digest = s0.inputs.slice();
    digest[5] ^= 1n;
    expect(verdict(s0.proof, digest)).toMatchObject({ ok: false, code: 'rejected' });
    for (const d of [-1n, 1n]) {
      const length = s0.inputs.slice();
      length[0] += d;
      expect(verdict(s0.proof, length)).toMatchObject({ ok: false, code: 'rejected' });
    }
    // L + r is L modulo r: a verifier that reduced would accept it.
    const wrapped = s0.inputs.slice();
    wrapped[0] += R;
    expect(verdict(s0.proof, wrapped)).toMatchObject({
      ok: false,
      code: 'invalid-input',
      reason: expect.stringMatching(/not below the scalar field modulus/),
    });
    expect(verdict(s0.proof, [...s0.inputs, 0n])).toMatchObject({ ok: false, code: 'invalid-input' });
    expect(verdict(s0.proof, s0.inputs.slice(1))).toMatchObject({ ok: false, code: 'invalid-input' });
    expect(() => statementToPublicInputs(new Uint8Array(31), 3)).toThrow(
      /invalid input: a Keccak-256 digest is 32 bytes/,
    );
    for (const length of [136, -1, 1.5, NaN, 2 ** 32 + 3])
      expect(() => statementToPublicInputs(new Uint8Array(32), length), String(length)).toThrow(/^invalid input: /);
  });

  it(
    'never accepts a proof with one bit flipped (every header bit, and 200 sampled positions), and never throws',
    { timeout: 120_000 },
    () => {
      const positions = [...Array.from({ length: 32 }, (_, i) => COUNT * 8 + i)];
      for (let i = 0, x = 12345; i < 200; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        positions.push(x % (s0.proof.length * 8));
      }
      const codes = new Map<string, number>();
      for (const bit of positions) {
        const r = verdict(flipped(s0.proof, bit >> 3, bit & 7));
        expect(r.ok, `bit ${bit}`).toBe(false);
        if (!r.ok) codes.set(r.code, (codes.get(r.code) ?? 0) + 1);
      }
      // Most flips break the encoding (not a point, wrong flag); some give another point the equations reject.
      expect([...codes.keys()].sort()).toEqual(['corrupt-proof', 'rejected']);
    },
  );

  it('refuses truncated and extended proofs, a commitment count, and a proof of knowledge where none belongs', () => {
    expect(PROOF_BYTES).toBe(164);
    for (const p of [
      s0.proof.subarray(0, 163),
      new Uint8Array([...s0.proof, 0]),
      new Uint8Array(0),
      s0.proof.subarray(0, 128),
    ]) {
      expect(verdict(p)).toMatchObject({
        ok: false,
        code: 'corrupt-proof',
        reason: expect.stringMatching(/bytes; proofs of this key are 164/),
      });
    }
    expect(verdict(replaced(s0.proof, COUNT, new Uint8Array([0, 0, 0, 1])))).toMatchObject({
      ok: false,
      code: 'corrupt-proof',
      reason: expect.stringMatching(/1 commitments; this key has none/),
    });
    // gnark leaves the slot at infinity and never reads it: a valid point there (A) is refused.
    expect(verdict(replaced(s0.proof, POK, s0.proof.subarray(A, A + 32)))).toMatchObject({
      ok: false,
      code: 'corrupt-proof',
      reason: 'the proof carries a proof of knowledge but this key has no commitment',
    });
  });

  it('refuses points that are not canonical, not on the curve, not in the subgroup, or infinity where it must not be', () => {
    // Non-canonical: x + p in place of x (same point mod p) when it still fits under the flag bits.
    const ax = BigInt(`0x${Buffer.from(s0.proof.subarray(A, A + 32)).toString('hex')}`) & ((1n << 254n) - 1n);
    if (ax + P < 1n << 254n) {
      const enc = bigToBe(ax + P);
      enc[0] |= s0.proof[A] & 0xc0;
      expect(verdict(replaced(s0.proof, A, enc))).toMatchObject({
        ok: false,
        code: 'corrupt-proof',
        reason: expect.stringMatching(/not below the field modulus/),
      });
    }
    // Off the curve: an x with no y (x³ + 3 not a square).
    let x = 1n;
    while (isSquare((x ** 3n + 3n) % P)) x++;
    const off = bigToBe(x);
    off[0] |= 0x80;
    expect(verdict(replaced(s0.proof, C, off))).toMatchObject({
      ok: false,
      code: 'corrupt-proof',
      reason: expect.stringMatching(/not the coordinate of a point/),
    });
    // On the twist but outside G2's prime-order subgroup (almost every twist point is).
    expect(verdict(replaced(s0.proof, B, twistPointOutsideSubgroup()))).toMatchObject({
      ok: false,
      code: 'corrupt-proof',
      reason: expect.stringMatching(/not in the prime-order subgroup/),
    });
    // Infinity: a valid encoding, but the proof no longer verifies.
    const inf = new Uint8Array(32);
    inf[0] = 0x40;
    for (const at of [A, C]) expect(verdict(replaced(s0.proof, at, inf)).ok, `infinity at ${at}`).toBe(false);
    const badInf = inf.slice();
    badInf[31] = 1;
    expect(verdict(replaced(s0.proof, A, badInf))).toMatchObject({
      ok: false,
      code: 'corrupt-proof',
      reason: expect.stringMatching(/invalid infinity encoding/),
    });
  });

  it('rejects swapped parts and parts from another proof', () => {
    const swapped = replaced(replaced(s0.proof, A, s0.proof.subarray(C, C + 32)), C, s0.proof.subarray(A, A + 32));
    expect(verdict(swapped)).toMatchObject({ ok: false, code: 'rejected' });
    if (samples.length > 1) {
      const mixed = replaced(s0.proof, C, samples[1].proof.subarray(C, C + 32));
      expect(verdict(mixed)).toMatchObject({ ok: false, code: 'rejected', reason: 'the pairing check fails' });
    }
  });

  it('refuses a damaged verifying key as a corrupt artifact', () => {
    for (const key of [
      vk.subarray(0, vk.length - 1),
      new Uint8Array([...vk, 0]),
      flipped(vk, 10),
      flipped(vk, 200, 3),
      new Uint8Array(0),
    ]) {
      expect(verdict(s0.proof, s0.inputs, key)).toMatchObject({ ok: false, code: 'corrupt-artifact' });
    }
  });

  it("encodes the contract call exactly as gnark's MarshalSolidity and cmd/sample do", () => {
    for (const s of samples) {
      const call = solidityCall(s.proof, s.inputs);
      expect(call.function).toBe(s.calldata.function);
      expect(call.proof).toBe(s.calldata.proof);
      expect(call.input).toEqual(s.calldata.input);
      expect(call.data).toBe(s.calldata.data);
    }
  });
});

function isSquare(a: bigint): boolean {
  return a === 0n || modPow(a, (P - 1n) / 2n, P) === 1n;
}

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  for (b %= m; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

/** A compressed G2 encoding of a point on the twist that is not in the prime-order subgroup. */
function twistPointOutsideSubgroup(): Uint8Array {
  const Fp2 = G2Point.Fp as unknown as {
    create(x: { c0: bigint; c1: bigint }): { c0: bigint; c1: bigint };
    sqrt(a: unknown): { c0: bigint; c1: bigint };
    add(a: unknown, b: unknown): unknown;
    mul(a: unknown, b: unknown): unknown;
    sqr(a: unknown): unknown;
  };
  const b2 = (G2Point as unknown as { CURVE(): { b: unknown } }).CURVE().b;
  for (let c0 = 1n; ; c0++) {
    const x = Fp2.create({ c0, c1: 1n });
    let y;
    try {
      y = Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b2));
    } catch {
      continue;
    }
    const point = G2Point.fromAffine({ x, y } as never);
    if (point.isTorsionFree()) continue;
    const out = new Uint8Array(64);
    out.set(bigToBe(x.c1), 0);
    out.set(bigToBe(x.c0), 32);
    const largest = y.c1 === 0n ? y.c0 > (P - 1n) / 2n : y.c1 > (P - 1n) / 2n;
    out[0] |= largest ? 0xc0 : 0x80;
    return out;
  }
}

void bn254;
