// The Solidity verifier of one bellman key: solidity/Verifier.sol.template with the key's points
// filled in (eip2537.mjs encodes them), compiled with the solc npm package (../gnark/solc.mjs)
// for Prague, the first hardfork with the EIP-2537 precompiles. build.mjs makes one per capacity;
// evm.test.ts deploys them in @ethereumjs/evm.
import { readFileSync } from 'node:fs';
import { verifyingKeyHex } from './eip2537.mjs';
import { compileVerifier } from '../gnark/solc.mjs';

const TEMPLATE = new URL('./solidity/Verifier.sol.template', import.meta.url);
/** EIP-170: the largest contract code Ethereum deploys. */
export const CODE_LIMIT_BYTES = 24_576;

/** The contract's source for the key file `vk` of a `blocks`-block circuit holding `capacityBytes`. */
export function verifierSource({ vk, blocks, capacityBytes, keyHash }) {
  const k = verifyingKeyHex(vk);
  const values = {
    BLOCKS: String(blocks),
    CAPACITY: String(capacityBytes),
    KEY_HASH: keyHash,
    ALPHA: k.alpha,
    NEG_BETA: k.negBeta,
    NEG_GAMMA: k.negGamma,
    NEG_DELTA: k.negDelta,
    ...Object.fromEntries(k.ic.map((p, i) => [`IC${i}`, p])),
  };
  const source = readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`Verifier.sol.template: no value for {{${name}}}`);
    return values[name];
  });
  return source;
}

/** Compiles a source from verifierSource: { abi, bytecode, deployedBytes, solc }; throws above EIP-170. */
export async function compileBellmanVerifier(solPath) {
  const c = await compileVerifier(solPath, { evmVersion: 'prague' });
  if (c.deployedBytes > CODE_LIMIT_BYTES)
    throw new Error(`${solPath}: ${c.deployedBytes} bytes of code, above EIP-170's ${CODE_LIMIT_BYTES}`);
  return c;
}
