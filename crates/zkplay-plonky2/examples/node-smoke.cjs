// Smoke test of the single-threaded wasm build under Node (not run by CI):
//   cargo build --release --target wasm32-unknown-unknown --no-default-features --features wasm -p zkplay-plonky2
//   wasm-bindgen --target nodejs --out-dir /tmp/wbtest/out $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/zkplay_plonky2.wasm
//   node examples/node-smoke.cjs /tmp/wbtest/out
const m = require(require('path').resolve(process.argv[2] || '/tmp/wbtest/out', 'zkplay_plonky2.js'));
for (const blocks of [1, 2]) {
  const t0 = performance.now();
  const c = new m.Plonky2Keccak(blocks, "keccak");
  const t1 = performance.now();
  const msg = new Uint8Array(c.capacity_bytes).map((_, i) => (i * 7 + 3) & 255);
  const p = c.prove(msg);
  const t2 = performance.now();
  c.verify(p.proof, p.digest, msg.length);
  const t3 = performance.now();
  const s = JSON.parse(c.stats_json());
  console.log(JSON.stringify({ blocks, rows: s.rows, build_ms: Math.round(t1 - t0), prove_total_ms: Math.round(t2 - t1), witness_ms: Math.round(p.witness_ms), prove_ms: Math.round(p.prove_ms), verify_ms: Math.round(t3 - t2), proof_bytes: p.proof.length }));
  try { c.prove(new Uint8Array(c.capacity_bytes + 1)); } catch (e) { console.log("over capacity:", e.message); }
  try { const d = p.digest; d[0] ^= 1; c.verify(p.proof, d, msg.length); } catch (e) { console.log("wrong digest:", e.message); }
}
