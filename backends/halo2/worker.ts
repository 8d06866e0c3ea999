// The halo2 worker: crates/zkplay-halo2 as wasm (the threaded build with a rayon pool of Web
// Workers when the page is cross-origin isolated and more than one thread is asked for, else the
// single-threaded build), prepared from the build's KZG parameters for k and the
// configuration's verifying key (made natively at build time for either circuit; see
// backends/halo2/build.mjs), so only the proving key is made here; the shared Rust worker
// serves the protocol.
import { BackendError, type Config } from '@zkplay/core/protocol';
import { serveRustBackend } from '@zkplay/core/rust-worker';
import { capacityBlocks, configError } from './capacity';

serveRustBackend({
  id: 'halo2',
  label: 'halo2',
  config(config): Config {
    const err = configError(config);
    if (err) throw new BackendError('invalid-input', err);
    const k = Number(config.k);
    return config.circuit === 'narrow'
      ? { circuit: 'narrow', k }
      : { circuit: 'zkevm', k, rowsPerRound: Number(config.rowsPerRound) };
  },
  files(config, index) {
    // The narrow circuit's entries have no rowsPerRound: undefined on both sides.
    const entry = index.keys?.entries.find(
      (e) =>
        e.config.circuit === config.circuit && e.config.k === config.k && e.config.rowsPerRound === config.rowsPerRound,
    );
    const params = index.keys?.shared?.[`k${config.k}`];
    if (!entry || !params)
      throw new BackendError(
        'corrupt-artifact',
        `this build has no halo2 keys for ${JSON.stringify(config)} (the set-up makes them: npm start)`,
      );
    return { params, vk: entry.vk };
  },
  check(config, report) {
    const blocks = capacityBlocks(config);
    if (report.circuit.capacityBlocks !== blocks)
      throw new BackendError(
        'internal',
        `capacity mismatch: wasm says ${report.circuit.capacityBlocks} blocks, the manifest ${blocks}`,
      );
  },
});
