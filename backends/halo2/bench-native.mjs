// halo2's part of `npm run bench:native` and bench:compare: crates/zkplay-halo2/examples/reference.rs,
// with the page's keys (the set-up built them into web/public/artifacts/halo2/keys/), once per
// circuit (the narrow one, the page's default, and the zkEVM one), as the benchmark view
// measures both (the manifest's benchVariants).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchRustReference } from '@zkplay/build-kit/native';

const table = JSON.parse(readFileSync(new URL('./capacity.json', import.meta.url), 'utf8'));
/** Blocks each circuit holds at its largest offered k (the runner refuses more). */
const MOST = {
  narrow: Math.max(...table.narrow.entries.map((e) => e.blocks)),
  zkevm: Math.max(...table.entries.filter((e) => e.rowsPerRound === table.defaultRowsPerRound).map((e) => e.blocks)),
};

/** The row name bench:compare gives a result of this configuration. */
export const variantOf = (config) => config.circuit;

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const keys = join(root, 'web', 'public', 'artifacts', 'halo2');
  return Object.keys(MOST).flatMap((circuit) =>
    benchRustReference({
      backend: 'halo2',
      crate: 'zkplay-halo2',
      root,
      blocks: blocks.filter((b) => b <= MOST[circuit]),
      threads,
      runs,
      commit,
      args: [keys, circuit],
    }),
  );
}
