// gnark's exported Solidity verifier, compiled at build time with the solc npm package (its
// soljson: no compiler download). evm.test.ts deploys it in @ethereumjs/evm and calls it.
// bellman's build compiles its generated verifiers with it too (backends/bellman/solidity.mjs).
import { readFileSync } from 'node:fs';

/**
 * Compiles the contract Verifier of a .sol file (optimizer on, 200 runs) for `evmVersion`
 * (bellman's needs prague, for EIP-2537); returns { abi, bytecode, deployedBytes, solc }.
 */
export async function compileVerifier(solPath, { evmVersion = 'cancun' } = {}) {
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: { 'Verifier.sol': { content: readFileSync(solPath, 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion, outputSelection: { '*': { Verifier: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const c = out.contracts['Verifier.sol'].Verifier;
  return { abi: c.abi, bytecode: c.evm.bytecode.object, deployedBytes: c.evm.deployedBytecode.object.length / 2, solc: solc.version() };
}
