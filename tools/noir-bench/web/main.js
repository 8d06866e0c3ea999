// bb.js (UltraHonk, EVM target: Keccak transcript) proving zkplay's one-block Keccak statement,
// as a new user would: noir_js executes the circuit, UltraHonkBackend.generateProof proves it.
// The CRS is bench.mjs's stand-in (see README.md): proofs are timed, not verified.
// ?threads=N&runs=R; prints `RESULT {json}` (or `ERROR ...`) last, for bench.mjs.
import { Noir } from '@noir-lang/noir_js';
import { Barretenberg, BackendType, UltraHonkBackend } from '@aztec/bb.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

const out = document.getElementById('out');
const log = (s) => {
  out.textContent += `\n${s}`;
};
const query = new URLSearchParams(location.search);
const threads = Number(query.get('threads') ?? 2);
const runs = Number(query.get('runs') ?? 5);
const bytes = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());

try {
  const program = await (await fetch('./generated/circuit.json')).json();
  const g1 = await bytes('./generated/bn254_g1.dat');
  const g2 = await bytes('./generated/bn254_g2.dat');
  const message = new Uint8Array(135).map((_, i) => 97 + (i % 26));
  const inputs = { message: [...message].map(String), length: '135', digest: [...keccak_256(message)].map(String) };
  const noir = new Noir(program);
  let t = performance.now();
  const api = await Barretenberg.new({ threads, backend: BackendType.WasmWorker, skipSrsInit: true });
  await api.srsInitSrs({ pointsBuf: g1, numPoints: g1.length / 64, g2Point: g2 });
  log(`init ${Math.round(performance.now() - t)} ms, crossOriginIsolated ${self.crossOriginIsolated}`);
  const backend = new UltraHonkBackend(program.bytecode, api);
  const times = [];
  let proofBytes = 0;
  for (let run = 0; run <= runs; run++) {
    t = performance.now();
    const { witness } = await noir.execute(inputs);
    const proof = await backend.generateProof(witness, { verifierTarget: 'evm' });
    const ms = performance.now() - t;
    proofBytes = proof.proof.length;
    log(`run ${run}${run === 0 ? ' (warm-up, not counted)' : ''}: witness and proof ${Math.round(ms)} ms`);
    if (run > 0) times.push(ms);
  }
  await api.destroy();
  times.sort((a, b) => a - b);
  const result = { threads, runs, proofBytes, medianMs: times[times.length >> 1], minMs: times[0], maxMs: times.at(-1) };
  log(`RESULT ${JSON.stringify(result)}`);
} catch (e) {
  log(`ERROR ${e?.stack ?? e}`);
}
