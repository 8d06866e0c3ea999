// Compile out/Halo2Verifier.sol (written by the Rust binary) with the solc npm package, deploy it
// in @ethereumjs/evm and call it with the honest calldata, a tampered proof and a wrong
// instance. Prints sizes and gas as JSON and writes out/evm-result.json.
// Usage (from this folder): node evm-verify.mjs [--optimize]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../package.json', import.meta.url));
const solc = require('solc');
const { createEVM } = await import(require.resolve('@ethereumjs/evm'));
const { createAddressFromString, hexToBytes, bytesToHex } = await import(require.resolve('@ethereumjs/util'));

const EIP170_LIMIT = 24_576;
const optimize = process.argv.includes('--optimize');

// snark-verifier 0.2.0 pins `pragma solidity 0.8.19`; only solc 0.8.37 is available here.
const source = readFileSync('out/Halo2Verifier.sol', 'utf8').replace('pragma solidity 0.8.19;', 'pragma solidity ^0.8.19;');
const calldata = hexToBytes(`0x${readFileSync('out/calldata.hex', 'utf8').trim()}`);

function compile() {
  const input = {
    language: 'Solidity',
    sources: { 'Halo2Verifier.sol': { content: source } },
    settings: {
      optimizer: { enabled: optimize, runs: 1 },
      outputSelection: { '*': { Halo2Verifier: ['evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const t = performance.now();
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const ms = performance.now() - t;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const c = out.contracts['Halo2Verifier.sol'].Halo2Verifier;
  return { creation: hexToBytes(`0x${c.evm.bytecode.object}`), runtime: hexToBytes(`0x${c.evm.deployedBytecode.object}`), ms };
}

/** Gas the transaction pays for its calldata (EIP-2028: 16 per non-zero byte, 4 per zero byte). */
const calldataGas = (data) => data.reduce((g, b) => g + (b === 0 ? 4 : 16), 0);

async function deploy(evm, creation) {
  const res = await evm.runCall({ data: creation, gasLimit: 1_000_000_000n, caller: createAddressFromString('0x' + '11'.repeat(20)) });
  if (res.execResult.exceptionError) throw new Error(`deploy failed: ${res.execResult.exceptionError.error}`);
  return { address: res.createdAddress, gas: res.execResult.executionGasUsed };
}

async function call(evm, to, data) {
  const res = await evm.runCall({ to, data, gasLimit: 1_000_000_000n, caller: createAddressFromString('0x' + '11'.repeat(20)) });
  return { ok: !res.execResult.exceptionError, error: res.execResult.exceptionError?.error, gas: Number(res.execResult.executionGasUsed) };
}

const { creation, runtime, ms } = compile();
console.error(`solc ${solc.version()} (optimizer ${optimize ? 'on, runs=1' : 'off'}): ${ms.toFixed(0)} ms`);

// With the EIP-170 limit in force (the default): the deployment must fail if runtime > 24,576.
const strict = await createEVM();
let strictDeploy;
try { strictDeploy = `deployed (${(await deploy(strict, creation)).gas} gas)`; } catch (e) { strictDeploy = e.message; }

// Without the limit, to measure verification gas anyway.
const evm = await createEVM({ allowUnlimitedContractSize: true, allowUnlimitedInitCodeSize: true });
const { address, gas: deployGas } = await deploy(evm, creation);

const tamperedProof = calldata.slice();
tamperedProof[3 * 32 + 100] ^= 1; // inside the first commitment, after the 3 instance words
const wrongInstance = calldata.slice();
wrongInstance[31] ^= 1; // L (first instance word, big-endian) off by one bit
const truncated = calldata.slice(0, calldata.length - 32);

const honest = await call(evm, address, calldata);
const result = {
  solc: solc.version(),
  optimizer: optimize,
  compileMs: Math.round(ms),
  runtimeBytes: runtime.length,
  creationBytes: creation.length,
  eip170Limit: EIP170_LIMIT,
  timesOverLimit: +(runtime.length / EIP170_LIMIT).toFixed(1),
  deployWithLimit: strictDeploy,
  deployGasUnlimited: Number(deployGas),
  calldataBytes: calldata.length,
  calldataGas: calldataGas(calldata),
  verify: { honest, tamperedProof: await call(evm, address, tamperedProof), wrongInstance: await call(evm, address, wrongInstance), truncated: await call(evm, address, truncated) },
};
result.verifyTxGas = 21_000 + result.calldataGas + honest.gas;
writeFileSync(`out/evm-result${optimize ? '-optimized' : ''}.json`, JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
const sound = honest.ok && !result.verify.tamperedProof.ok && !result.verify.wrongInstance.ok && !result.verify.truncated.ok;
if (!sound) { console.error('UNEXPECTED: honest proof rejected or a bad one accepted'); process.exit(1); }
