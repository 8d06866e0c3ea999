// The verify view's "on Ethereum" check: the file's verifier contract (keys.json lists its
// bytecode with the key) deployed in an in-memory @ethereumjs/evm (Prague: bellman's contract
// needs the EIP-2537 precompiles, which run on @noble/curves in the page) and called with the
// calldata of the zkplay-verifier package's toCalldata. VerifyView imports this module lazily,
// so the EVM is downloaded only when a file with a contract is checked.
import { createEVM } from '@ethereumjs/evm';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createAddressFromString } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toCalldata } from '@zkplay/verifier';
import { contractFiles, findKey, type KeyManifest } from '@zkplay/verifier/keys';
import { parseProofFile } from '@zkplay/verifier/proof-file';

export interface EvmVerdict {
  /** The contract returned (the proof verifies) rather than reverted. */
  ok: boolean;
  /** Execution gas of verifyProof, without the 21,000 base and the calldata. */
  gas: bigint;
  /** The revert, decoded with the contract's ABI (e.g. "ProofInvalid()"), when ok is false. */
  revert?: string;
  function: string;
  codeBytes: number;
  hardfork: string;
}

const HARDFORK = Hardfork.Prague;
const caller = createAddressFromString('0x1000000000000000000000000000000000000001');
const fromHex = (h: string) => Uint8Array.from((h.replace(/^0x/, '').match(/../g) ?? []).map((b) => parseInt(b, 16)));
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

type AbiItem = { type: string; name?: string; inputs?: { type: string }[] };

/** A revert's data in words: an error of the ABI with its arguments, Error(string)'s message, or the hex. */
export function decodeRevert(data: Uint8Array, abi: AbiItem[]): string {
  const hex = toHex(data);
  if (!hex) return 'reverted without data';
  const errors = [...abi, { type: 'error', name: 'Error', inputs: [{ type: 'string' }] }].filter(
    (e) => e.type === 'error',
  );
  for (const e of errors) {
    const sig = `${e.name}(${(e.inputs ?? []).map((i) => i.type).join(',')})`;
    if (toHex(keccak_256(new TextEncoder().encode(sig)).subarray(0, 4)) !== hex.slice(0, 8)) continue;
    if (sig === 'Error(string)') {
      const len = Number(BigInt(`0x${hex.slice(72, 136)}`));
      return `Error("${new TextDecoder().decode(data.subarray(68, 68 + len))}")`;
    }
    const args = (e.inputs ?? []).map((input, i) => {
      const w = BigInt(`0x${hex.slice(8 + 64 * i, 72 + 64 * i) || '0'}`);
      return input.type === 'address' ? `0x${w.toString(16).padStart(40, '0')}` : w.toString();
    });
    return `${e.name}(${args.join(', ')})`;
  }
  return `0x${hex}`;
}

/**
 * Deploys the contract of the file's key and calls it; undefined when the file's backend has no
 * contract. Throws (a Refusal from the package, or a fetch error) for a file it cannot encode.
 */
export async function runOnEvm(fileText: string, keys: KeyManifest, base: URL): Promise<EvmVerdict | undefined> {
  const file = parseProofFile(fileText);
  const { backend, entry } = findKey(keys, file);
  const files = contractFiles(backend, entry);
  if (!files?.['verifier bytecode']) return undefined;
  const call = await toCalldata(fileText);
  if (!call) return undefined;
  const get = async (name: string) => {
    const res = await fetch(new URL(files[name].file, base).href);
    if (!res.ok) throw new Error(`${files[name].file}: HTTP ${res.status}`);
    return res.text();
  };
  const [bytecode, abi] = await Promise.all([
    get('verifier bytecode'),
    files['verifier ABI'] ? get('verifier ABI').then((t) => JSON.parse(t) as AbiItem[]) : [],
  ]);
  const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: HARDFORK }) });
  const deployed = await evm.runCall({ caller, data: fromHex(bytecode.trim()), gasLimit: 30_000_000n });
  if (deployed.execResult.exceptionError || !deployed.createdAddress)
    throw new Error(`the contract did not deploy: ${deployed.execResult.exceptionError?.error}`);
  const codeBytes = (await evm.stateManager.getCode(deployed.createdAddress)).length;
  const r = await evm.runCall({ caller, to: deployed.createdAddress, data: fromHex(call.data), gasLimit: 10_000_000n });
  const ok = !r.execResult.exceptionError;
  return {
    ok,
    gas: r.execResult.executionGasUsed,
    revert: ok ? undefined : decodeRevert(r.execResult.returnValue, abi),
    function: call.function,
    codeBytes,
    hardfork: HARDFORK,
  };
}
