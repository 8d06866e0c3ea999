// Builds the gnark backend's artifacts: Groth16 keys (natively, once per circuit source),
// the js/wasm prover, Go's wasm loader, the Solidity verifier of the keys (gnark's exporter,
// compiled with the solc npm package) and sample proof files made natively. Called by
// scripts/setup.mjs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { patchedModuleFile, patchSha } from '@zkplay/build-kit/go-patch';
import { cachedFolder, capture, hashTree, log, place, run, sha256File, step } from '@zkplay/build-kit/steps';
import { compileVerifier } from './solc.mjs';

/** Messages of the sample proof files (their digests and lengths are the public statements). */
const SAMPLES = ['hello from zkplay', ''];
/** The configuration the page proves with (backends/gnark/index.ts defaultConfig; the circuit has no knobs). */
const CONFIG = { circuit: 'keccak256-1block' };
/**
 * gnark-crypto patched for the js/wasm prover only (gnark/patches/README.md): BN254 field
 * products with 32-bit limbs and a branchless subtraction on wasm. Native builds (keys,
 * samples, Solidity verifier) use the module as published; the patch changes nothing there.
 */
export const GNARK_CRYPTO_PATCH = {
  module: 'github.com/consensys/gnark-crypto',
  version: 'v0.21.0',
  patch: 'gnark/patches/gnark-crypto-v0.21.0-wasm-mul32.patch',
};

/** The alternative go.mod (`go build -modfile=`) of the js/wasm prover: gnark/go.mod with the patched gnark-crypto. */
export function wasmModfile({ root, cacheDir }) {
  return patchedModuleFile({ root, cacheDir, goDir: join(root, 'gnark'), ...GNARK_CRYPTO_PATCH });
}

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 88;

export async function build({ root, cacheDir, outDir }) {
  const goDir = join(root, 'gnark');
  const goVersion = capture('go', ['version']);
  if (!goVersion) throw new Error('Go is not installed (the gnark backend needs it; see README)');
  const noTests = { exclude: ['_test.go'] };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

  // Keys depend on the circuit, the setup code and the module versions only: a random setup
  // that reran for any other edit would change every key hash (and orphan every proof file).
  const keysKey = hashTree(
    [join(goDir, 'keccak'), join(goDir, 'prover', 'setup.go'), join(goDir, 'prover', 'manifest.go'), join(goDir, 'cmd', 'setup'), join(goDir, 'go.mod'), join(goDir, 'go.sum')],
    noTests,
  ).slice(0, 16);
  const keysDir = join(cacheDir, 'gnark', `keys-${keysKey}`);
  if (existsSync(join(keysDir, 'manifest.json'))) {
    log(`gnark: Groth16 keys ${keysKey} already built (${keysDir})`);
  } else {
    await step('gnark: compile the circuit and run the Groth16 setup natively (a few minutes, once)', async () => {
      const tmp = `${keysDir}.tmp`;
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      await run('go', ['run', './cmd/setup', '-out', tmp], { cwd: goDir, prefix: 'gnark setup' });
      renameSync(tmp, keysDir);
    });
  }

  // The wasm's sources, and the gnark-crypto patch by its contents (gnark/patches/ itself is
  // left out of the tree: its generator and test template do not change the build).
  const wasmTree = hashTree([goDir], { exclude: ['_test.go', join('cmd', 'bench'), join('cmd', 'sample'), join('cmd', 'solidity'), join('cmd', 'primitives'), join('cmd', 'bb-crs'), 'primitives', join(goDir, 'patches')] });
  const wasmKey = createHash('sha256').update(wasmTree).update(patchSha(root, GNARK_CRYPTO_PATCH.patch)).digest('hex').slice(0, 12) + '-' + goVersion.split(' ')[2];
  const wasmFile = join(cacheDir, 'gnark', `wasm-${wasmKey}`, 'gnark.wasm');
  if (existsSync(wasmFile)) {
    log(`gnark: wasm ${wasmKey} already built`);
  } else {
    await step('gnark: build the js/wasm prover (go build)', async () => {
      mkdirSync(join(wasmFile, '..'), { recursive: true });
      const modfile = await wasmModfile({ root, cacheDir });
      await run('go', ['build', `-modfile=${modfile}`, '-trimpath', '-ldflags=-s -w', '-o', `${wasmFile}.tmp`, './cmd/wasm'], {
        cwd: goDir,
        env: { GOOS: 'js', GOARCH: 'wasm' },
        prefix: 'gnark wasm',
      });
      renameSync(`${wasmFile}.tmp`, wasmFile);
    });
  }

  // The Solidity verifier: gnark's exporter on the build's vk, compiled with solc-js.
  const solKey = `${keysKey}-${hashTree([join(goDir, 'cmd', 'solidity'), join(root, 'backends', 'gnark', 'solc.mjs'), join(root, 'package-lock.json')]).slice(0, 12)}`;
  const solDir = join(cacheDir, 'gnark', `solidity-${solKey}`);
  const solidityCache = { dir: solDir, done: 'verifier.json', what: `gnark: Solidity verifier ${solKey}`, label: 'gnark: export the Solidity verifier (gnark) and compile it (solc npm package)' };
  await cachedFolder(solidityCache, async (dir) => {
    await run('go', ['run', './cmd/solidity', '-keys', keysDir, '-out', join(dir, 'Verifier.sol')], { cwd: goDir, prefix: 'gnark solidity' });
    const c = await compileVerifier(join(dir, 'Verifier.sol'));
    writeFileSync(join(dir, 'verifier.abi.json'), JSON.stringify(c.abi, null, 2));
    writeFileSync(join(dir, 'verifier.bytecode.hex'), c.bytecode);
    writeFileSync(join(dir, 'verifier.json'), JSON.stringify({ solc: c.solc, deployedBytes: c.deployedBytes, limitBytes: 24576 }, null, 2));
    log(`gnark: Solidity verifier: ${c.deployedBytes} bytes deployed (EIP-170 limit 24,576), solc ${c.solc}`);
  });

  // Sample proof files, proved natively with the build's keys (cmd/sample).
  const sampleKey = `${keysKey}-${hashTree([join(goDir, 'cmd', 'sample'), join(goDir, 'prover'), join(goDir, 'keccak')], noTests).slice(0, 12)}-${createHash('sha256').update(JSON.stringify({ CONFIG, SAMPLES, version: pkg.version })).digest('hex').slice(0, 8)}`;
  const sampleDir = join(cacheDir, 'gnark', `samples-${sampleKey}`);
  const samplesCache = { dir: sampleDir, done: 'done', what: `gnark: sample proofs ${sampleKey}`, label: 'gnark: prove the sample messages natively (golden proof files)' };
  await cachedFolder(samplesCache, (dir) =>
    run('go', ['run', './cmd/sample', '-keys', keysDir, '-out', dir, '-version', pkg.version, '-build', keysKey, '-config', JSON.stringify(CONFIG), ...SAMPLES], { cwd: goDir, prefix: 'gnark sample' }),
  );

  const manifest = JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const files = {};
  for (const [name, info] of Object.entries(manifest.files)) {
    place(join(keysDir, info.name), join(outDir, info.name));
    files[name] = { file: info.name, bytes: info.bytes, sha256: info.sha256 };
  }
  place(join(keysDir, 'manifest.json'), join(outDir, 'manifest.json'));
  place(wasmFile, join(outDir, 'gnark.wasm'));
  files.wasm = { file: 'gnark.wasm', bytes: statSync(wasmFile).size, sha256: sha256File(wasmFile) };
  const entry = (dir, name, rel) => {
    place(join(dir, name), join(outDir, rel));
    return { file: rel, bytes: statSync(join(outDir, rel)).size, sha256: sha256File(join(outDir, rel)) };
  };
  const solidity = {
    'Solidity verifier': entry(solDir, 'Verifier.sol', 'solidity/Verifier.sol'),
    'verifier ABI': entry(solDir, 'verifier.abi.json', 'solidity/verifier.abi.json'),
    'verifier bytecode': entry(solDir, 'verifier.bytecode.hex', 'solidity/verifier.bytecode.hex'),
  };
  const samples = SAMPLES.map((message, i) => {
    entry(sampleDir, `sample-${i}.calldata.json`, `samples/sample-${i}.calldata.json`);
    return { file: entry(sampleDir, `sample-${i}.proof.json`, `samples/sample-${i}.proof.json`).file, config: CONFIG, message };
  });
  const index = {
    build: `${keysKey}-${wasmKey}`,
    maxMessageBytes: manifest.maxMessageBytes,
    circuit: { constraints: manifest.constraints, publicInputs: manifest.publicInputs },
    files,
    keys: {
      proofSystem: 'groth16',
      field: 'bn254',
      setup: {
        kind: 'single-party',
        note: 'Groth16 setup run once at build time by one party (gnark groth16.Setup): whoever ran it could forge proofs. Test only.',
      },
      versions: { gnark: manifest.gnarkVersion, 'gnark-crypto': manifest.gnarkCryptoVersion, go: goVersion.split(' ')[2] },
      entries: [{ config: CONFIG, keyHash: manifest.files.vk.sha256, vk: files.vk, capacityBytes: manifest.maxMessageBytes }],
    },
    samples,
    solidity,
  };
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
  const total = ['ccs', 'pk', 'vk', 'wasm'].reduce((n, f) => n + files[f].bytes, 0);
  log(`gnark: artifacts in ${outDir} (${(total / 2 ** 20).toFixed(1)} MiB to download on a first visit)`);
}
