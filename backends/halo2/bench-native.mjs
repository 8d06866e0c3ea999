// halo2's part of `npm run bench:native`: crates/zkplay-halo2/examples/reference.rs, with the
// page's keys (the set-up built them into web/public/artifacts/halo2/keys/).
import { join } from 'node:path';
import { benchRustReference } from '@zkplay/build-kit/native';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const keys = join(root, 'web', 'public', 'artifacts', 'halo2');
  return benchRustReference({
    backend: 'halo2',
    crate: 'zkplay-halo2',
    root,
    blocks,
    threads,
    runs,
    commit,
    args: [keys],
  });
}
