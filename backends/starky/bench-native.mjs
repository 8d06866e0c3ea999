// starky's part of `npm run bench:native`: crates/zkplay-starky/examples/reference.rs, with the
// page's wrapper key (the set-up built it into web/public/artifacts/starky/keys/), zk off.
import { join } from 'node:path';
import { benchRustReference } from '@zkplay/build-kit/native';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  return benchRustReference({
    backend: 'starky',
    crate: 'zkplay-starky',
    root,
    blocks,
    threads,
    runs,
    commit,
    args: [join(root, 'web', 'public', 'artifacts', 'starky')],
  });
}
