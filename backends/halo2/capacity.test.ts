// The TypeScript capacity must give what the Rust prover holds: capacity.json is written from
// zkplay_halo2::capacity_blocks by a Rust test (capacity_table_matches_workers_file), which
// also fails when the file is stale. The blinding rows (2^k - usableRows) come from the circuit's
// constraint system; the blocks are computed here by the same formula as in Rust.
import { describe, expect, it } from 'vitest';
import { keccakBlocks, maxBytesForBlocks } from '@zkplay/core/manifest';
import { capacityBlocks, usableRows } from './capacity';
import table from './capacity.json';
import { backend } from './index';

const { manifest } = backend;

describe('halo2 capacity', () => {
  it('matches the Rust table for every offered (k, rows per round)', () => {
    expect(table.entries.length).toBe(table.k.length * table.rowsPerRound.length);
    for (const e of table.entries) {
      expect(usableRows(e.k, e.rowsPerRound)).toBe(e.usableRows);
      expect(e.usableRows).toBeLessThan(2 ** e.k);
      expect(capacityBlocks(e.k, e.rowsPerRound), `k=${e.k} rows=${e.rowsPerRound}`).toBe(e.blocks);
      expect(manifest.capacity({ k: e.k, rowsPerRound: e.rowsPerRound })).toEqual({ blocks: e.blocks, bytes: maxBytesForBlocks(e.blocks) });
    }
  });

  it('offers the options in the table, and every one holds at least one block', () => {
    const [k, rows] = manifest.knobs;
    expect(k.id).toBe('k');
    expect(rows.id).toBe('rowsPerRound');
    expect(k.options.map((o) => o.value)).toEqual(table.k);
    expect(rows.options.map((o) => o.value)).toEqual(table.rowsPerRound);
    expect(Math.min(...table.entries.map((e) => e.blocks))).toBeGreaterThanOrEqual(1);
  });

  it('defaults to 12 rows per round and the smallest k that holds the message', () => {
    for (const len of [0, 135, 136, 271, 272, 1087, 2000]) {
      const c = manifest.defaultConfig(len);
      expect(c.rowsPerRound).toBe(12);
      const k = Number(c.k);
      expect(capacityBlocks(k, 12), `len ${len}`).toBeGreaterThanOrEqual(keccakBlocks(len));
      if (k > table.k[0]) expect(capacityBlocks(k - 1, 12)).toBeLessThan(keccakBlocks(len));
    }
    expect(manifest.defaultConfig(0).k).toBe(10);
    // Eight blocks (1,087 bytes) must be provable with an offered k.
    expect(manifest.capacity(manifest.defaultConfig(1087)).blocks).toBeGreaterThanOrEqual(8);
  });

  it('out-of-range configurations hold nothing', () => {
    expect(capacityBlocks(8, 12)).toBe(0);
    expect(capacityBlocks(10, 2)).toBe(0);
    expect(capacityBlocks(10.5, 12)).toBe(0);
  });
});
