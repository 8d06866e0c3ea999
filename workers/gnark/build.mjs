// Builds the gnark backend's artifacts: Groth16 keys (natively, once per circuit source),
// the js/wasm prover, and Go's wasm loader. Called by scripts/setup.mjs.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture, hashTree, log, place, run, sha256File, step } from '../../scripts/lib/steps.mjs';

export async function build({ root, cacheDir, outDir }) {
  const goDir = join(root, 'gnark');
  const goVersion = capture('go', ['version']);
  if (!goVersion) throw new Error('Go is not installed (the gnark backend needs it; see README)');
  const noTests = { exclude: ['_test.go'] };

  // Keys depend on the circuit, the setup code and the module versions only.
  const keysKey = hashTree([join(goDir, 'keccak'), join(goDir, 'prover'), join(goDir, 'cmd', 'setup'), join(goDir, 'go.mod'), join(goDir, 'go.sum')], noTests).slice(0, 16);
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

  const wasmKey = hashTree([goDir], { exclude: ['_test.go', join('cmd', 'bench')] }).slice(0, 12) + '-' + goVersion.split(' ')[2];
  const wasmFile = join(cacheDir, 'gnark', `wasm-${wasmKey}`, 'gnark.wasm');
  if (existsSync(wasmFile)) {
    log(`gnark: wasm ${wasmKey} already built`);
  } else {
    await step('gnark: build the js/wasm prover (go build)', async () => {
      mkdirSync(join(wasmFile, '..'), { recursive: true });
      await run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', `${wasmFile}.tmp`, './cmd/wasm'], {
        cwd: goDir,
        env: { GOOS: 'js', GOARCH: 'wasm' },
        prefix: 'gnark wasm',
      });
      renameSync(`${wasmFile}.tmp`, wasmFile);
    });
  }

  // Go's loader must match the Go that built the wasm: take it from this GOROOT.
  const goroot = capture('go', ['env', 'GOROOT']);
  const generated = join(root, 'workers', 'gnark', 'generated');
  mkdirSync(generated, { recursive: true });
  place(join(goroot, 'lib', 'wasm', 'wasm_exec.js'), join(generated, 'wasm_exec.js'));

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
  const index = {
    build: `${keysKey}-${wasmKey}`,
    maxMessageBytes: manifest.maxMessageBytes,
    circuit: { constraints: manifest.constraints, publicInputs: manifest.publicInputs },
    files,
  };
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
  const total = Object.values(files).reduce((n, f) => n + f.bytes, 0);
  log(`gnark: artifacts in ${outDir} (${(total / 2 ** 20).toFixed(1)} MiB to download on a first visit)`);
}
