// gnark's exported Solidity verifier in a real EVM (@ethereumjs/evm, in memory): the contract the
// build compiled (backends/gnark/build.mjs, solc npm package) accepts the sample proofs made
// natively, and refuses every forgery: a bit flipped in each part of the proof, another digest,
// another length, a public input not below r, A and C swapped, proofs of the wrong size.
// The gas of one verification is printed for the closing note (measured, not asserted).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEVM } from '@ethereumjs/evm';
import { createAddressFromString, type Address } from '@ethereumjs/util';
import { statementToPublicInputs } from './groth16/statement';
import { solidityCall } from './groth16/verify';

const dir = join(__dirname, '..', '..', 'web', 'public', 'artifacts', 'gnark');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const bytecode = readFileSync(join(dir, index.solidity['verifier bytecode'].file), 'utf8').trim();
const samples = (index.samples as { file: string }[]).map((s) => {
  const f = JSON.parse(readFileSync(join(dir, s.file), 'utf8'));
  const inputs = statementToPublicInputs(new Uint8Array(Buffer.from(f.statement.digest, 'hex')), f.statement.length);
  return { proof: new Uint8Array(Buffer.from(f.proof, 'base64')), inputs };
});
const R = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n;
const caller = createAddressFromString('0x1000000000000000000000000000000000000001');
const hex = (h: string) => Uint8Array.from(Buffer.from(h.replace(/^0x/, ''), 'hex'));

let evm: Awaited<ReturnType<typeof createEVM>>;
let verifier: Address;

/** Calls the contract with calldata built from (uncompressed proof words, inputs); ok = did not revert. */
async function call(proofHex: string, inputs: bigint[]) {
  const word = (x: bigint) => x.toString(16).padStart(64, '0');
  const p = proofHex.replace(/^0x/, '');
  const selector = solidityCall(samples[0].proof, samples[0].inputs).data.slice(2, 10);
  const data = `${selector}${word(BigInt(32 * (1 + inputs.length)))}${inputs.map(word).join('')}${word(BigInt(p.length / 2))}${p}`;
  const r = await evm.runCall({ caller, to: verifier, data: hex(data), gasLimit: 10_000_000n });
  return { ok: !r.execResult.exceptionError, gas: r.execResult.executionGasUsed, revert: Buffer.from(r.execResult.returnValue).toString('hex') };
}

const flipWord = (proofHex: string, wordIndex: number) => {
  const p = proofHex.replace(/^0x/, '');
  const at = wordIndex * 64 + 63;
  return p.slice(0, at) + (parseInt(p[at], 16) ^ 1).toString(16) + p.slice(at + 1);
};

beforeAll(async () => {
  evm = await createEVM();
  const deployed = await evm.runCall({ caller, data: hex(bytecode), gasLimit: 30_000_000n });
  expect(deployed.execResult.exceptionError).toBeUndefined();
  verifier = deployed.createdAddress!;
  const size = (await evm.stateManager.getCode(verifier)).length;
  console.log(`[gnark EVM] verifier deployed: ${size} bytes of code (EIP-170 limit 24,576), deployment gas ${deployed.execResult.executionGasUsed}`);
  expect(size).toBeLessThanOrEqual(24_576);
});

describe("gnark's Solidity verifier in @ethereumjs/evm", () => {
  it('accepts every sample proof (calldata from the TypeScript encoder, the same as cmd/sample writes)', async () => {
    for (const s of samples) {
      const c = solidityCall(s.proof, s.inputs);
      const r = await call(c.proof, s.inputs);
      expect(r.ok, r.revert).toBe(true);
      console.log(`[gnark EVM] verifyProof: ${r.gas} gas (execution, without the 21,000 base and calldata)`);
    }
  });

  it('rejects a bit flipped in A, B and C', { timeout: 120_000 }, async () => {
    const { proof } = solidityCall(samples[0].proof, samples[0].inputs);
    // Words: A 0-1, B 2-5, C 6-7 (no commitment: the circuit has no lookups).
    for (const w of [0, 1, 2, 3, 4, 5, 6, 7]) {
      expect((await call(flipWord(proof, w), samples[0].inputs)).ok, `word ${w}`).toBe(false);
    }
  });

  it('rejects another digest, another length, a public input not below r, and swapped parts', { timeout: 120_000 }, async () => {
    const s = samples[0];
    const { proof } = solidityCall(s.proof, s.inputs);
    const digest = s.inputs.slice();
    digest[1] ^= 1n;
    expect((await call(proof, digest)).ok).toBe(false);
    for (const d of [-1n, 1n]) {
      const length = s.inputs.slice();
      length[0] = length[0] + d < 0n ? 1n : length[0] + d;
      expect((await call(proof, length)).ok, `length ${length[0]}`).toBe(false);
    }
    const wrapped = s.inputs.slice();
    wrapped[0] += R;
    expect((await call(proof, wrapped)).ok).toBe(false);
    // A and C swapped (both valid points).
    const p = proof.replace(/^0x/, '');
    expect((await call(p.slice(384, 512) + p.slice(128, 384) + p.slice(0, 128), s.inputs)).ok).toBe(false);
    // Proofs of the wrong size: one word short, and with a commitment and PoK appended.
    expect((await call(p.slice(0, 448), s.inputs)).ok).toBe(false);
    expect((await call(p + p.slice(0, 256), s.inputs)).ok).toBe(false);
    // Another sample's proof for this statement.
    if (samples.length > 1) expect((await call(solidityCall(samples[1].proof, samples[1].inputs).proof, s.inputs)).ok).toBe(false);
  });
});
