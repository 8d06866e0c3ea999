// The bellman worker: crates/zkplay-bellman as wasm (the threaded build with a rayon pool of Web
// Workers when the page is cross-origin isolated and more than one thread is asked for, else the
// single-threaded build), prepared from the build's proving parameters and verifying key for the
// chosen capacity (made natively at build time; see backends/bellman/build.mjs).
import type { ArtifactFile } from '@zkplay/core/artifacts';
import { BackendError } from '@zkplay/core/protocol';
import { serveRustBackend } from '@zkplay/core/rust-worker';
import { configError, HASH, keysFor } from './config';

serveRustBackend({
  id: 'bellman',
  label: 'bellman',
  hash: HASH,
  config(config) {
    const blocks = Number(config.blocks);
    const err = configError(blocks);
    if (err) throw new BackendError('invalid-input', err);
    return { blocks, keys: keysFor(blocks) };
  },
  files({ blocks, keys }, index): Record<string, ArtifactFile> {
    // A setup made here reads no files.
    if (keys === 'browser') return {};
    const entry = index.keys?.entries.find((e) => e.config.blocks === blocks);
    const params = index.keys?.shared?.[`b${blocks}`];
    if (!entry || !params)
      throw new BackendError(
        'corrupt-artifact',
        `this build has no bellman keys for ${blocks} blocks (the set-up makes them: npm start)`,
      );
    return { params, vk: entry.vk };
  },
  check({ blocks }, report) {
    if (report.circuit.capacityBlocks !== blocks)
      throw new BackendError(
        'internal',
        `capacity mismatch: wasm says ${report.circuit.capacityBlocks} blocks, the page asked for ${blocks}`,
      );
  },
});
