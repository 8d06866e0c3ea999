// bellman's part of `npm run bench:native`: crates/zkplay-bellman/examples/reference.rs, with the
// page's keys (the set-up built them into web/public/artifacts/bellman/keys/), for the sizes the
// page's capacities hold. Larger sizes, with a setup of their own each (the seed's table), are
// `node backends/bellman/seed-table.mjs`.
import { join } from 'node:path';
import { log } from '@zkplay/build-kit/steps';
import { benchRustReference } from '@zkplay/build-kit/native';
import OPTIONS from './options.json' with { type: 'json' };
import CRATE from './phases.json' with { type: 'json' };

const largest = Math.max(...OPTIONS.offered.map((o) => o.blocks));

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const keys = join(root, 'web', 'public', 'artifacts', 'bellman');
  const held = blocks.filter((b) => b <= largest);
  if (held.length < blocks.length)
    log(
      `bellman native: skipping ${blocks.filter((b) => b > largest).join(', ')} blocks (the build has keys up to ${largest}; seed-table.mjs runs larger sizes)`,
    );
  return benchRustReference({
    backend: 'bellman',
    crate: 'zkplay-bellman',
    root,
    blocks: held,
    threads,
    runs,
    commit,
    hash: CRATE.hash,
    args: [keys],
  });
}
