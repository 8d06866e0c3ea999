// bellman's generated Solidity verifiers (solidity.mjs, one per capacity) in a real EVM:
// @ethereumjs/evm with the Prague hardfork, whose EIP-2537 precompiles run on its default
// @noble/curves backend (pure JavaScript: nothing fetched, no native module). Each contract
// accepts its capacity's sample proof, with the calldata the zkplay-verifier package gives
// (toCalldata), and reverts, with the error that says why, for a forger's attempts: a bit flipped
// in A, B and C, A negated, another length, another digest, a length above the capacity, points
// on the curve outside the subgroup, each public input pushed to or past r, and proofs of the
// wrong size. Gas and code size are printed for the README (measured, not asserted).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEVM } from '@ethereumjs/evm';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createAddressFromString, type Address } from '@ethereumjs/util';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toCalldata } from '@zkplay/verifier';
import { verifyProofCall } from '@zkplay/core/solidity-call';
import { CODE_LIMIT_BYTES } from './solidity.mjs';
import { proofHex, publicInputs, R } from './eip2537.mjs';

const dir = join(__dirname, '..', '..', 'web', 'public', 'artifacts', 'bellman');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const caller = createAddressFromString('0x1000000000000000000000000000000000000001');
const hex = (h: string) => Uint8Array.from(Buffer.from(h.replace(/^0x/, ''), 'hex'));
const selector = (sig: string) => Buffer.from(keccak_256(new TextEncoder().encode(sig)).subarray(0, 4)).toString('hex');
const word = (x: bigint) => x.toString(16).padStart(64, '0');

interface Entry {
  config: { blocks: number };
  capacityBytes: number;
  solidity: Record<string, { file: string }>;
}
const cases = (index.keys.entries as Entry[]).map((entry) => {
  const sample = (index.samples as { file: string; config: { blocks: number } }[]).find(
    (s) => s.config.blocks === entry.config.blocks,
  );
  if (!sample) throw new Error(`no sample proof for ${entry.config.blocks} blocks in ${dir}/index.json`);
  const text = readFileSync(join(dir, sample.file), 'utf8');
  const f = JSON.parse(text);
  const digest = hex(f.statement.digest);
  return {
    entry,
    text,
    proof: proofHex(new Uint8Array(Buffer.from(f.proof, 'base64'))),
    inputs: publicInputs(digest, f.statement.length),
    bytecode: readFileSync(join(dir, entry.solidity['verifier bytecode'].file), 'utf8').trim(),
  };
});

let evm: Awaited<ReturnType<typeof createEVM>>;
const deployed = new Map<number, Address>();

/** Calls verifyProof(proof, inputs) on the contract of `blocks` blocks; ok = did not revert. */
async function call(blocks: number, proof: string, inputs: bigint[]) {
  const { data } = verifyProofCall(proof.replace(/^0x/, ''), inputs);
  const r = await evm.runCall({ caller, to: deployed.get(blocks)!, data: hex(data), gasLimit: 10_000_000n });
  return {
    ok: !r.execResult.exceptionError,
    gas: r.execResult.executionGasUsed,
    revert: Buffer.from(r.execResult.returnValue).toString('hex'),
  };
}

/** The revert data of error `sig` with these arguments. */
const error = (sig: string, ...args: bigint[]) => selector(sig) + args.map(word).join('');
const INVALID = error('ProofInvalid()');
const precompileFailed = (address: number) => error('PrecompileFailed(address)', BigInt(address));
const outOfRange = (i: number) => error('PublicInputOutOfRange(uint256)', BigInt(i));

/** The proof with the lowest bit of 64-byte field element `k` flipped (A: 0-1, B: 2-5, C: 6-7). */
const flipElement = (proof: string, k: number) => {
  const at = k * 128 + 127;
  return proof.slice(0, at) + (parseInt(proof[at], 16) ^ 1).toString(16) + proof.slice(at + 1);
};

const fp = (x: bigint) => x.toString(16).padStart(128, '0');

/** A G1 point on the curve but not in the prime-order subgroup (y² = x³ + 4, cofactor ≠ 1). */
function g1OutsideSubgroup(): string {
  const { Fp } = bls12_381.fields;
  for (let x = 1n; ; x++) {
    const y2 = Fp.add(Fp.pow(x, 3n), 4n);
    let y: bigint;
    try {
      y = Fp.sqrt(y2);
    } catch {
      continue;
    }
    const p = bls12_381.G1.Point.fromAffine({ x, y });
    if (!p.isTorsionFree()) return fp(x) + fp(y);
  }
}

/** A G2 point on the curve but not in the subgroup (y² = x³ + 4(1 + i)). */
function g2OutsideSubgroup(): string {
  const { Fp2 } = bls12_381.fields;
  for (let k = 1n; ; k++) {
    const x = Fp2.fromBigTuple([k, 0n]);
    const y2 = Fp2.add(Fp2.pow(x, 3n), Fp2.fromBigTuple([4n, 4n]));
    let y;
    try {
      y = Fp2.sqrt(y2);
    } catch {
      continue;
    }
    if (!Fp2.eql(Fp2.sqr(y), y2)) continue;
    const p = bls12_381.G2.Point.fromAffine({ x, y });
    if (!p.isTorsionFree()) return fp(x.c0) + fp(x.c1) + fp(y.c0) + fp(y.c1);
  }
}

beforeAll(async () => {
  evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Prague }) });
  for (const c of cases) {
    const d = await evm.runCall({ caller, data: hex(c.bytecode), gasLimit: 30_000_000n });
    expect(d.execResult.exceptionError).toBeUndefined();
    deployed.set(c.entry.config.blocks, d.createdAddress!);
    const size = (await evm.stateManager.getCode(d.createdAddress!)).length;
    console.log(
      `[bellman EVM] ${c.entry.config.blocks}-block verifier: ${size} bytes of code (EIP-170 limit ${CODE_LIMIT_BYTES}), deployment gas ${d.execResult.executionGasUsed}`,
    );
    expect(size).toBeLessThanOrEqual(CODE_LIMIT_BYTES);
  }
});

describe("bellman's generated Solidity verifiers (EIP-2537) in @ethereumjs/evm, Prague", () => {
  it("accepts each capacity's sample proof, with the calldata toCalldata gives", async () => {
    for (const c of cases) {
      const calldata = await toCalldata(c.text);
      expect(calldata?.function).toBe('verifyProof(bytes,uint256[3])');
      expect(calldata?.proof).toBe(`0x${c.proof}`);
      const r = await evm.runCall({
        caller,
        to: deployed.get(c.entry.config.blocks)!,
        data: hex(calldata!.data),
        gasLimit: 10_000_000n,
      });
      expect(r.execResult.exceptionError, Buffer.from(r.execResult.returnValue).toString('hex')).toBeUndefined();
      console.log(
        `[bellman EVM] ${c.entry.config.blocks}-block verifyProof: ${r.execResult.executionGasUsed} gas (execution, without the 21,000 base and calldata)`,
      );
    }
  });

  for (const c of cases) {
    const blocks = c.entry.config.blocks;
    describe(`${blocks}-block contract`, () => {
      it(
        'rejects a bit flipped in each coordinate of A, B and C (off the curve), and A negated (ProofInvalid)',
        { timeout: 120_000 },
        async () => {
          for (let k = 0; k < 8; k++) {
            const r = await call(blocks, flipElement(c.proof, k), c.inputs);
            expect(r.ok, `element ${k}`).toBe(false);
            expect(r.revert, `element ${k}`).toBe(precompileFailed(0x0f));
          }
          const a = bls12_381.G1.Point.fromAffine({
            x: BigInt(`0x${c.proof.slice(0, 128)}`),
            y: BigInt(`0x${c.proof.slice(128, 256)}`),
          })
            .negate()
            .toAffine();
          const negated = fp(a.x) + fp(a.y) + c.proof.slice(256);
          expect((await call(blocks, negated, c.inputs)).revert).toBe(INVALID);
        },
      );

      it('rejects another length, another digest, and a length above the capacity', { timeout: 120_000 }, async () => {
        for (const d of [-1n, 1n]) {
          const inputs = c.inputs.slice();
          inputs[0] = inputs[0] + d < 0n ? 1n : inputs[0] + d;
          expect((await call(blocks, c.proof, inputs)).revert, `length ${inputs[0]}`).toBe(INVALID);
        }
        for (const [i, bit] of [
          [1, 0n],
          [1, 253n],
          [2, 0n],
        ] as const) {
          const inputs = c.inputs.slice();
          inputs[i] ^= 1n << bit;
          expect((await call(blocks, c.proof, inputs)).revert, `digest input ${i} bit ${bit}`).toBe(INVALID);
        }
        const over = [BigInt(c.entry.capacityBytes + 1), c.inputs[1], c.inputs[2]];
        expect((await call(blocks, c.proof, over)).revert).toBe(outOfRange(0));
      });

      it('rejects points on the curve outside the subgroup, as A, B or C', { timeout: 120_000 }, async () => {
        const g1 = g1OutsideSubgroup();
        const g2 = g2OutsideSubgroup();
        for (const proof of [
          g1 + c.proof.slice(256),
          c.proof.slice(0, 256) + g2 + c.proof.slice(768),
          c.proof.slice(0, 768) + g1,
        ]) {
          const r = await call(blocks, proof, c.inputs);
          expect(r.ok).toBe(false);
          expect(r.revert).toBe(precompileFailed(0x0f));
        }
      });

      it('rejects each public input at or past r, and digest parts wider than their bits, before any precompile', async () => {
        for (let i = 0; i < 3; i++) {
          for (const v of [c.inputs[i] + R, R, 2n ** 256n - 1n]) {
            const inputs = c.inputs.slice();
            inputs[i] = v;
            expect((await call(blocks, c.proof, inputs)).revert, `input ${i} = ${v}`).toBe(outOfRange(i));
          }
        }
        // Other encodings of the same digest below r: multipack's chunks are 254 and 2 bits.
        const wide = [c.inputs[0], c.inputs[1] + (1n << 254n), c.inputs[2]];
        expect(wide[1] < R).toBe(true);
        expect((await call(blocks, c.proof, wide)).revert).toBe(outOfRange(1));
        const r = await call(blocks, c.proof, [c.inputs[0], c.inputs[1], c.inputs[2] + 4n]);
        expect(r.revert).toBe(outOfRange(2));
        expect(r.gas).toBeLessThan(10_000n); // refused before the MSM and the pairing
      });

      it('rejects proofs of the wrong size', async () => {
        for (const p of ['', c.proof.slice(0, 1022), c.proof + '00', c.proof + c.proof.slice(0, 256)]) {
          expect((await call(blocks, p, c.inputs)).revert, `${p.length / 2} bytes`).toBe(
            error('ProofLengthInvalid(uint256)', BigInt(p.length / 2)),
          );
        }
      });
    });
  }

  it("rejects one capacity's proof under the other capacity's contract", async () => {
    if (cases.length < 2) throw new Error('bellman builds two capacities; index.json lists fewer');
    const [a, b] = cases;
    expect((await call(b.entry.config.blocks, a.proof, a.inputs)).revert).toBe(INVALID);
  });
});
