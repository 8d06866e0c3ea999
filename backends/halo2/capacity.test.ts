// The page's capacity is capacity.json, the table the Rust formulas (zkplay_halo2::capacity_blocks,
// narrow_capacity) wrote for every offered configuration; the Rust test
// capacity_table_matches_backend_file fails when it is stale. These check that the manifest
// offers exactly that table, defaults to the narrow circuit where it holds the message, and
// keeps the zkEVM circuit as a knob.
import { describe, expect, it } from 'vitest';
import { appliedConfig, keccakBlocks, maxBytesForBlocks } from '@zkplay/core/manifest';
import { capacityBlocks, configError, K_OPTIONS, NARROW_K, narrowBlocks, zkevmBlocks } from './capacity';
import table from './capacity.json';
import { backend } from './index';

const { manifest } = backend;

describe('halo2 capacity', () => {
  it('states the Rust table for every offered configuration of both circuits', () => {
    expect(table.entries.length).toBe(table.k.length * table.rowsPerRound.length);
    for (const e of table.entries) {
      const config = { circuit: 'zkevm', k: e.k, rowsPerRound: e.rowsPerRound };
      expect(configError(config)).toBeUndefined();
      expect(zkevmBlocks(e.k, e.rowsPerRound), `k=${e.k} rows=${e.rowsPerRound}`).toBe(e.blocks);
      expect(manifest.capacity(config)).toEqual({ blocks: e.blocks, bytes: maxBytesForBlocks(e.blocks) });
    }
    expect(table.narrow.entries.map((e) => e.k)).toEqual(NARROW_K);
    for (const e of table.narrow.entries) {
      const config = { circuit: 'narrow', k: e.k };
      expect(configError(config)).toBeUndefined();
      expect(narrowBlocks(e.k)).toBe(e.blocks);
      expect(manifest.capacity(config)).toEqual({ blocks: e.blocks, bytes: maxBytesForBlocks(e.blocks) });
    }
    // 1, 2, 5, 10 blocks (docs/halo2-circuit.md).
    expect(table.narrow.entries.map((e) => e.blocks)).toEqual([1, 2, 5, 10]);
  });

  it('offers the circuit, then k (both circuits’ k), then rows per round for the zkEVM circuit only', () => {
    const [circuit, k, rows] = manifest.knobs;
    expect([circuit.id, k.id, rows.id]).toEqual(['circuit', 'k', 'rowsPerRound']);
    expect(circuit.options.map((o) => o.value)).toEqual(['zkevm', 'narrow']);
    expect(circuit.resets).toEqual(['k', 'rowsPerRound']);
    expect(k.options.map((o) => o.value)).toEqual(K_OPTIONS);
    // The page shows each circuit's own k.
    const shown = (circuit: string) => k.options.filter((o) => o.when!({ circuit })).map((o) => o.value);
    expect(shown('narrow')).toEqual(NARROW_K);
    expect(shown('zkevm')).toEqual(table.k);
    expect(rows.options.map((o) => o.value)).toEqual(table.rowsPerRound);
    expect(rows.when!({ circuit: 'narrow', k: 11 })).toBe(false);
    expect(rows.when!({ circuit: 'zkevm', k: 10, rowsPerRound: 12 })).toBe(true);
    expect(appliedConfig(manifest, { circuit: 'narrow', k: 11, rowsPerRound: 12 })).toEqual({
      circuit: 'narrow',
      k: 11,
    });
  });

  it('defaults to the narrow circuit at the smallest k that holds the message, then to zkEVM', () => {
    for (const len of [0, 135, 136, 271, 272, 1087, 1359]) {
      const c = manifest.defaultConfig(len);
      expect(c.circuit, `len ${len}`).toBe('narrow');
      expect(c.rowsPerRound).toBeUndefined();
      const k = Number(c.k);
      expect(narrowBlocks(k), `len ${len}`).toBeGreaterThanOrEqual(keccakBlocks(len));
      if (k > NARROW_K[0]) expect(narrowBlocks(k - 1)).toBeLessThan(keccakBlocks(len));
    }
    expect(manifest.defaultConfig(0)).toEqual({ circuit: 'narrow', k: 11 });
    // Past the narrow circuit's 10 blocks: the zkEVM circuit, as CircuitChoice::default_for_len.
    expect(manifest.defaultConfig(1360)).toEqual({ circuit: 'zkevm', k: 12, rowsPerRound: 12 });
  });

  it('keeps the zkEVM circuit as a knob, with its own default k', () => {
    const chosen = { circuit: 'zkevm' };
    expect(manifest.defaultConfig(0, chosen)).toEqual({ circuit: 'zkevm', k: 10, rowsPerRound: 12 });
    expect(manifest.defaultConfig(272, chosen)).toEqual({ circuit: 'zkevm', k: 11, rowsPerRound: 12 });
    expect(manifest.capacity(manifest.defaultConfig(1087, chosen)).blocks).toBeGreaterThanOrEqual(8);
    // A person's narrow choice stays narrow past its capacity: the page then says it does not fit.
    const big = manifest.defaultConfig(5000, { circuit: 'narrow' });
    expect(big).toEqual({ circuit: 'narrow', k: 14 });
    expect(manifest.capacity(big).bytes).toBeLessThan(5000);
  });

  it('a k of the other circuit is unavailable, with the reason; unknown configurations hold nothing', () => {
    for (const config of [
      { circuit: 'narrow', k: 10 },
      { circuit: 'narrow', k: 15 },
    ]) {
      expect(capacityBlocks(config)).toBe(0);
      expect(manifest.capacity(config).unavailable).toMatch(
        /^This page offers the narrow circuit at k in \{11, 12, 13, 14\}/,
      );
    }
    for (const config of [
      { circuit: 'zkevm', k: 8, rowsPerRound: 12 },
      { circuit: 'zkevm', k: 10, rowsPerRound: 2 },
      { circuit: 'zkevm', k: 10.5, rowsPerRound: 12 },
      { circuit: 'zkevm', k: NaN, rowsPerRound: 12 },
      { circuit: 'zkevm', k: 25, rowsPerRound: 12 },
    ]) {
      expect(capacityBlocks(config)).toBe(0);
      expect(configError(config)).toMatch(/^this page offers the zkEVM circuit at k in \{/);
    }
    expect(configError({ k: 10, rowsPerRound: 12 })).toMatch(/^the halo2 circuit is "narrow" or "zkevm"/);
    expect(configError({ circuit: 'narrow', k: 11, rowsPerRound: 12 })).toBe(
      'the narrow circuit has no rows per round',
    );
  });
});
