// Capacity of the halo2 circuit, the same formula as zkplay_halo2::capacity_blocks (Rust):
//   rounds = floor(usableRows / rowsPerRound)
//   blocks = floor((rounds - 1 - 17) / 25)
// one dummy round at the top; the absorb gate of the last block looks 17 rounds ahead; 25
// rounds (24 of Keccak-f + 1 squeeze/absorb) per block. usableRows = 2^k - blinding - 1,
// where halo2 reserves `blinding` rows for zero-knowledge: max(3, most rotations at which one
// advice column is queried) + 2. That count comes from the Keccak circuit's constraint system
// and varies with rowsPerRound (tens of rows), so it is not restated here: capacity.json,
// written from the Rust code by a Rust test (capacity_table_matches_workers_file, which fails
// when the file is stale), records usableRows for every offered (k, rowsPerRound), and
// capacity.test.ts checks that this formula gives the Rust capacity for each.
import table from './capacity.json';

export const MIN_K = 9;
export const MAX_K = 24;
export const MIN_ROWS_PER_ROUND = 3;
export const MAX_ROWS_PER_ROUND = 50;
export const ROUNDS_PER_BLOCK = 25;
export const ABSORB_LOOKAHEAD_ROUNDS = 17;

export const K_OPTIONS: number[] = table.k;
export const ROWS_OPTIONS: number[] = table.rowsPerRound;
export const DEFAULT_ROWS_PER_ROUND: number = table.defaultRowsPerRound;

/** Usable rows of the circuit (2^k minus halo2's blinding rows), for offered configurations only. */
export function usableRows(k: number, rowsPerRound: number): number | undefined {
  return table.entries.find((e) => e.k === k && e.rowsPerRound === rowsPerRound)?.usableRows;
}

/** Keccak-f blocks a circuit with 2^k rows and rowsPerRound rows per round holds (0 if not offered). */
export function capacityBlocks(k: number, rowsPerRound: number): number {
  const usable = usableRows(k, rowsPerRound);
  if (configError(k, rowsPerRound) || usable === undefined) return 0;
  const rounds = Math.floor(usable / rowsPerRound);
  return Math.max(0, Math.floor((rounds - 1 - ABSORB_LOOKAHEAD_ROUNDS) / ROUNDS_PER_BLOCK));
}

/** Why (k, rowsPerRound) is not a valid configuration, or undefined. */
export function configError(k: number, rowsPerRound: number): string | undefined {
  if (!Number.isInteger(k) || k < MIN_K || k > MAX_K) return `k must be an integer in ${MIN_K}..${MAX_K}, got ${k}`;
  if (!Number.isInteger(rowsPerRound) || rowsPerRound < MIN_ROWS_PER_ROUND || rowsPerRound > MAX_ROWS_PER_ROUND) {
    return `rows per round must be an integer in ${MIN_ROWS_PER_ROUND}..${MAX_ROWS_PER_ROUND}, got ${rowsPerRound}`;
  }
  if (!K_OPTIONS.includes(k) || !ROWS_OPTIONS.includes(rowsPerRound)) {
    return `this page offers k in {${K_OPTIONS.join(', ')}} and rows per round in {${ROWS_OPTIONS.join(', ')}}, got k=${k}, rows per round=${rowsPerRound}`;
  }
  return undefined;
}
