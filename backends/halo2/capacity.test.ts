// The page's capacity is capacity.json, the table the Rust formula (zkplay_halo2::capacity_blocks)
// wrote for every offered configuration; the Rust test capacity_table_matches_backend_file fails
// when it is stale. These check that the manifest offers exactly that table and defaults sanely.
import { describe, expect, it } from 'vitest';
import { keccakBlocks, maxBytesForBlocks } from '@zkplay/core/manifest';
import { capacityBlocks, configError } from './capacity';
import table from './capacity.json';
import { backend } from './index';

const { manifest } = backend;

describe('halo2 capacity', () => {
  it('states the Rust table for every offered (k, rows per round)', () => {
    expect(table.entries.length).toBe(table.k.length * table.rowsPerRound.length);
    for (const e of table.entries) {
      expect(configError(e.k, e.rowsPerRound)).toBeUndefined();
      expect(capacityBlocks(e.k, e.rowsPerRound), `k=${e.k} rows=${e.rowsPerRound}`).toBe(e.blocks);
      expect(manifest.capacity({ k: e.k, rowsPerRound: e.rowsPerRound })).toEqual({
        blocks: e.blocks,
        bytes: maxBytesForBlocks(e.blocks),
      });
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

  it('configurations not offered hold nothing and are refused by name', () => {
    for (const [k, rows] of [
      [8, 12],
      [10, 2],
      [10.5, 12],
      [NaN, 12],
      [25, 12],
    ]) {
      expect(capacityBlocks(k, rows)).toBe(0);
      expect(configError(k, rows)).toMatch(/^this page offers k in \{/);
    }
  });
});
