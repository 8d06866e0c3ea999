// The halo2 circuits' capacity for every configuration the page offers. The formulas live in
// Rust alone (zkplay_halo2::capacity_blocks for the zkEVM circuit: usable rows from its
// constraint system, 25 rounds per block, the absorb gate's look-ahead; narrow_capacity for the
// narrow circuit: 1600 rows per block and a final region); capacity.json is their table for
// every offered configuration, written by a Rust test that fails when the file is stale
// (ZKPLAY_WRITE_GENERATED=1 rewrites it). The page and the worker only look it up.
import type { Config } from '@zkplay/core/protocol';
import table from './capacity.json';

export type Circuit = 'narrow' | 'zkevm';
export const CIRCUITS: Circuit[] = ['narrow', 'zkevm'];
/** The circuit the page proves with wherever one of its k holds the message. */
export const DEFAULT_CIRCUIT = table.defaultCircuit as Circuit;

/** The zkEVM circuit's k and rows per round. */
export const ZKEVM_K: number[] = table.k;
export const ROWS_OPTIONS: number[] = table.rowsPerRound;
export const DEFAULT_ROWS_PER_ROUND: number = table.defaultRowsPerRound;
/** The narrow circuit's k. */
export const NARROW_K: number[] = table.narrow.k;
/** Every k the page's k knob offers (each circuit offers its own; capacity() says when one is not the circuit's). */
export const K_OPTIONS: number[] = [...new Set([...ZKEVM_K, ...NARROW_K])].sort((a, b) => a - b);

/** Keccak-f blocks the zkEVM circuit holds at (k, rowsPerRound); 0 for a configuration not offered. */
export function zkevmBlocks(k: number, rowsPerRound: number): number {
  return table.entries.find((e) => e.k === k && e.rowsPerRound === rowsPerRound)?.blocks ?? 0;
}

/** Keccak-f blocks the narrow circuit holds at k; 0 for a k not offered. */
export function narrowBlocks(k: number): number {
  return table.narrow.entries.find((e) => e.k === k)?.blocks ?? 0;
}

/** Keccak-f blocks a configuration of either circuit holds; 0 for one not offered. */
export function capacityBlocks(config: Config): number {
  const k = Number(config.k);
  if (config.circuit === 'narrow') return narrowBlocks(k);
  if (config.circuit === 'zkevm') return zkevmBlocks(k, Number(config.rowsPerRound));
  return 0;
}

/** Why a configuration is not one this page offers, or undefined. */
export function configError(config: Config): string | undefined {
  const k = Number(config.k);
  if (config.circuit === 'narrow') {
    if (config.rowsPerRound !== undefined) return 'the narrow circuit has no rows per round';
    if (NARROW_K.includes(k)) return undefined;
    return `this page offers the narrow circuit at k in {${NARROW_K.join(', ')}}, got k=${config.k}`;
  }
  if (config.circuit === 'zkevm') {
    const rows = Number(config.rowsPerRound);
    if (ZKEVM_K.includes(k) && ROWS_OPTIONS.includes(rows)) return undefined;
    return `this page offers the zkEVM circuit at k in {${ZKEVM_K.join(', ')}} and rows per round in {${ROWS_OPTIONS.join(', ')}}, got k=${config.k}, rows per round=${config.rowsPerRound}`;
  }
  return `the halo2 circuit is "narrow" or "zkevm", got ${JSON.stringify(config.circuit)}`;
}
