// The starky worker: crates/zkplay-starky as wasm (the threaded build with a rayon pool of Web
// Workers when the page is cross-origin isolated and more than one thread is asked for, else the
// single-threaded build). prepare builds the wrapper circuit, takes the commitment to its
// constants and permutation from the prover data the build ships (zk off: the setting the page
// proves), and checks it against the build's key file for the zk setting (both made natively at
// build time; see backends/starky/build.mjs).
import type { ArtifactFile } from '@zkplay/core/artifacts';
import { BackendError } from '@zkplay/core/protocol';
import { serveRustBackend } from '@zkplay/core/rust-worker';
import { configError, HASH } from './config';

serveRustBackend({
  id: 'starky',
  label: 'starky',
  hash: HASH,
  config(config) {
    const zk = String(config.zk ?? 'off');
    const err = configError(zk);
    if (err) throw new BackendError('invalid-input', err);
    return { zk };
  },
  files({ zk }, index): Record<string, ArtifactFile> {
    const entry = index.keys?.entries.find((e) => e.config.zk === zk);
    if (!entry)
      throw new BackendError(
        'corrupt-artifact',
        `this build has no starky wrapper key for zk ${zk} (the set-up makes it: npm start)`,
      );
    // Without it the crate would build that commitment itself (~10 s more): a build that lacks
    // it is refused rather than silently slow.
    const prover = index.files?.[`prover-zk${zk}`];
    if (zk === 'off' && !prover)
      throw new BackendError(
        'corrupt-artifact',
        `this build has no starky prover data for zk ${zk} (the set-up makes it: npm start)`,
      );
    return prover ? { vk: entry.vk, prover } : { vk: entry.vk };
  },
});
