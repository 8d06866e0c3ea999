// The halo2 worker: crates/zkplay-halo2 as wasm (the threaded build with a rayon pool of Web
// Workers when the page is cross-origin isolated and more than one thread is asked for, else the
// single-threaded build), prepared from the build's KZG parameters for k and the
// configuration's verifying key (made natively at build time; see backends/halo2/build.mjs), so
// only the proving key is made here; the shared Rust worker serves the protocol.
import { BackendError } from '@zkplay/core/protocol';
import { serveRustBackend } from '@zkplay/core/rust-worker';
import { capacityBlocks, configError } from './capacity';

serveRustBackend({
  id: 'halo2',
  label: 'halo2',
  config(config) {
    const k = Number(config.k);
    const rowsPerRound = Number(config.rowsPerRound);
    const err = configError(k, rowsPerRound);
    if (err) throw new BackendError('invalid-input', err);
    return { k, rowsPerRound };
  },
  files({ k, rowsPerRound }, index) {
    const entry = index.keys?.entries.find((e) => e.config.k === k && e.config.rowsPerRound === rowsPerRound);
    const params = index.keys?.shared?.[`k${k}`];
    if (!entry || !params)
      throw new BackendError(
        'corrupt-artifact',
        `this build has no halo2 keys for k=${k} with ${rowsPerRound} rows per round (the set-up makes them: npm start)`,
      );
    return { params, vk: entry.vk };
  },
  check({ k, rowsPerRound }, report) {
    const blocks = capacityBlocks(Number(k), Number(rowsPerRound));
    if (report.circuit.capacityBlocks !== blocks)
      throw new BackendError(
        'internal',
        `capacity mismatch: wasm says ${report.circuit.capacityBlocks} blocks, the manifest ${blocks}`,
      );
  },
});
