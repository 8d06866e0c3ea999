// The halo2 worker: crates/zkplay-halo2 as wasm (the threaded build with a rayon pool of Web
// Workers when the page is cross-origin isolated and more than one thread is asked for, else the
// single-threaded build), which makes the KZG parameters and keys in the browser (a test setup);
// the shared Rust worker serves the protocol.
import { BackendError } from '../contract/protocol';
import { serveRustBackend } from '../contract/rust-worker';
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
  check({ k, rowsPerRound }, report) {
    const blocks = capacityBlocks(Number(k), Number(rowsPerRound));
    if (report.circuit.capacityBlocks !== blocks) throw new BackendError('internal', `capacity mismatch: wasm says ${report.circuit.capacityBlocks} blocks, the manifest ${blocks}`);
  },
});
