// The halo2 circuit's capacity for every configuration the page offers. The formula lives in
// Rust alone (zkplay_halo2::capacity_blocks: usable rows from the Keccak circuit's constraint
// system, 25 rounds per block, the absorb gate's look-ahead); capacity.json is its table for
// every offered (k, rows per round), written by a Rust test that fails when the file is stale
// (ZKPLAY_WRITE_GENERATED=1 rewrites it). The page and the worker only look it up.
import table from './capacity.json';

export const K_OPTIONS: number[] = table.k;
export const ROWS_OPTIONS: number[] = table.rowsPerRound;
export const DEFAULT_ROWS_PER_ROUND: number = table.defaultRowsPerRound;

/** Keccak-f blocks the circuit holds at (k, rowsPerRound); 0 for a configuration not offered. */
export function capacityBlocks(k: number, rowsPerRound: number): number {
  return table.entries.find((e) => e.k === k && e.rowsPerRound === rowsPerRound)?.blocks ?? 0;
}

/** Why (k, rowsPerRound) is not a configuration this page offers, or undefined. */
export function configError(k: number, rowsPerRound: number): string | undefined {
  if (K_OPTIONS.includes(k) && ROWS_OPTIONS.includes(rowsPerRound)) return undefined;
  return `this page offers k in {${K_OPTIONS.join(', ')}} and rows per round in {${ROWS_OPTIONS.join(', ')}}, got k=${k}, rows per round=${rowsPerRound}`;
}
