// bb.js (Aztec's UltraHonk prover, threaded wasm) on zkplay's statement, in the Chromium and with
// the launch flags of zkplay's own browser benchmarks: the stack our provers are compared with.
// Compiles circuit/ with noir_wasm, writes a stand-in CRS (gnark/cmd/bb-crs: why, and why proofs
// made with it are timed but do not verify), builds web/ with vite, serves it cross-origin isolated and
// proves in Chromium once per thread count. Prints medians and writes out/result.json.
//
// Usage (from this folder, after `npm ci` here and at the repository root):
//   node bench.mjs [--threads 1,2] [--runs 5] [--ours gnark,halo2]
// --ours runs scripts/bench-compare.mjs for those backends between two bb.js sweeps and prints
// each one's wasm median over bb.js's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cliOptions, countList } from '../../scripts/lib/args.mjs';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.mjs';
import { describeLoad, machineLoad } from '../../scripts/lib/machine-load.mjs';

const here = new URL('.', import.meta.url).pathname;
const root = createRequire(new URL('../../package.json', import.meta.url));
const { chromium } = (await import(root.resolve('playwright'))).default; // CommonJS
const vite = await import(root.resolve('vite'));
const { compile_program, createFileManager } = await import('@noir-lang/noir_wasm');
const { Barretenberg, BackendType } = await import('@aztec/bb.js');

const opts = cliOptions('node bench.mjs [--threads 1,2] [--runs 5] [--ours gnark,halo2]', {
  threads: '1,2',
  runs: '5',
  ours: undefined,
});
const threadCounts = countList(opts.threads, 'threads');
const [runs] = countList(opts.runs, 'runs');
const generated = join(here, 'web/public/generated');
mkdirSync(generated, { recursive: true });

// 1. The circuit, and its size as barretenberg counts it.
const { program } = await compile_program(createFileManager(join(here, 'circuit')), undefined, () => {});
writeFileSync(join(generated, 'circuit.json'), JSON.stringify(program));
const size = await circuitSize(program);
console.log(`circuit: ${size.numGates} UltraHonk gates, dyadic ${size.numGatesDyadic}, ${size.numAcirOpcodes} ACIR opcodes`);

// 2. The stand-in CRS for that size (gnark/cmd/bb-crs says why it is one and what it changes).
execFileSync('go', ['run', './cmd/bb-crs', String(size.numGatesDyadic + 1), generated], {
  cwd: join(here, '../../gnark'),
  stdio: 'inherit',
});

// 3. The page, served with the headers threads need.
await vite.build({ configFile: join(here, 'vite.config.mjs'), logLevel: 'warn' });
const server = await vite.preview({ configFile: join(here, 'vite.config.mjs'), preview: { port: 0, host: '127.0.0.1' } });
const url = server.resolvedUrls.local[0];

// 4. bb.js, one page per thread count; with --ours, our backends' bench-compare in between and
// bb.js again after it, so that both are timed in the same minutes (this VM's speed drifts).
const loads = [await machineLoad('before')];
const browser = await chromium.launch(chromiumLaunchOptions());
const chromiumVersion = browser.version();
const sweeps = [];
let ours;
try {
  sweeps.push(await sweepBb());
  if (opts.ours) {
    ours = runOurs(opts.ours);
    sweeps.push(await sweepBb());
  }
} finally {
  await browser.close();
  await server.close();
}
loads.push(await machineLoad('after'));
const note = describeLoad(loads);
console.log(note);
if (ours) printRatios();
mkdirSync(join(here, 'out'), { recursive: true });
writeFileSync(
  join(here, 'out/result.json'),
  JSON.stringify(
    { what: 'bb.js witness and proof, one Keccak block', chromium: chromiumVersion, circuit: size, sweeps, ours: ours?.rows, loads, note },
    null,
    2,
  ),
);

/** bb.js's medians per thread count, one fresh page each. */
async function sweepBb() {
  const results = [];
  for (const threads of threadCounts) {
    const page = await browser.newPage();
    await page.goto(`${url}?threads=${threads}&runs=${runs}`);
    await page.waitForFunction(() => /\n(RESULT|ERROR) /.test(document.getElementById('out').textContent), null, {
      timeout: 15 * 60_000,
    });
    const text = await page.locator('#out').textContent();
    await page.close();
    const line = text.split('\n').at(-1);
    if (!line.startsWith('RESULT ')) throw new Error(`the page failed on ${threads} thread(s):\n${text}`);
    const r = JSON.parse(line.slice('RESULT '.length));
    results.push(r);
    console.log(
      `bb.js, ${threads} thread(s): ${(r.medianMs / 1000).toFixed(2)} s median (${(r.minMs / 1000).toFixed(2)}–${(r.maxMs / 1000).toFixed(2)} s) of ${runs} after a warm-up, proof ${r.proofBytes} B`,
    );
  }
  return results;
}

/** scripts/bench-compare.mjs for our backends at one block, the same thread counts and runs. */
function runOurs(backends) {
  const file = join(here, 'out/ours.json');
  mkdirSync(join(here, 'out'), { recursive: true });
  const args = ['--backends', backends, '--blocks', '1', '--threads', opts.threads, '--runs', String(runs), '--warmup', '1'];
  execFileSync(process.execPath, ['scripts/bench-compare.mjs', ...args, '--out', file], {
    cwd: join(here, '../..'),
    stdio: 'inherit',
  });
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Each of our backends' wasm median over bb.js's, per thread count, against each bb.js sweep. */
function printRatios() {
  console.log('\n| ours (wasm, median) / bb.js | ' + threadCounts.map((t) => `${t} thread(s)`).join(' | ') + ' |');
  console.log('|---|' + threadCounts.map(() => '---').join('|') + '|');
  for (const row of ours.rows) {
    const cells = threadCounts.map((t, i) => {
      const mine = row.threads?.[t]?.wasmMs?.median;
      if (!mine) return '–';
      const bb = sweeps.map((sweep) => sweep[i].medianMs);
      return `${(mine / 1000).toFixed(2)} s: ${bb.map((b) => `${(mine / b).toFixed(2)}x`).join(', ')}`;
    });
    console.log(`| ${row.backend} | ${cells.join(' | ')} |`);
  }
}

async function circuitSize(program) {
  const api = await Barretenberg.new({ threads: 1, backend: BackendType.Wasm, skipSrsInit: true });
  try {
    const bytecode = new Uint8Array(
      await new Response(new Blob([Buffer.from(program.bytecode, 'base64')]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer(),
    );
    return await api.circuitStats({
      circuit: { name: 'keccak', bytecode, verificationKey: new Uint8Array(0) },
      includeGatesPerOpcode: false,
      // verifierTarget 'evm', as the page proves.
      settings: { ipaAccumulation: false, oracleHashType: 'keccak', disableZk: false, optimizedSolidityVerifier: false },
    });
  } finally {
    await api.destroy();
  }
}
