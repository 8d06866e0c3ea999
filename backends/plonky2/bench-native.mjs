// plonky2's part of `npm run bench:native`: crates/zkplay-plonky2/examples/reference.rs, the
// circuit built for the blocks the message needs, with the page's default Keccak Merkle hash.
import { benchRustReference } from '@zkplay/build-kit/native';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  return benchRustReference({
    backend: 'plonky2',
    crate: 'zkplay-plonky2',
    root,
    blocks,
    threads,
    runs,
    commit,
    args: ['keccak'],
  });
}
