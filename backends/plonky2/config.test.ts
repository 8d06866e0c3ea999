// The plonky2 manifest: capacity is max_blocks * 136 - 1 bytes (zkplay_plonky2::CircuitConfig::capacity_bytes),
// and the default capacity is the smallest offered one that holds the message.
import { describe, expect, it } from 'vitest';
import { keccakBlocks, maxBytesForBlocks } from '@zkplay/core/manifest';
import { BLOCK_OPTIONS, defaultBlocks, MERKLE_HASH_LABELS, MERKLE_HASHES, ZK_LABELS, ZK_OPTIONS } from './config';
import { backend } from './index';

const { manifest } = backend;

describe('plonky2 manifest', () => {
  it('labels exactly the values the crate accepts (options.json)', () => {
    expect(Object.keys(MERKLE_HASH_LABELS)).toEqual(MERKLE_HASHES);
    expect(Object.keys(ZK_LABELS)).toEqual(ZK_OPTIONS);
  });

  it('gives blocks * 136 - 1 bytes for every offered capacity, and none for others', () => {
    for (const b of BLOCK_OPTIONS)
      expect(manifest.capacity({ maxBlocks: b, merkleHash: 'keccak', zk: 'off' })).toEqual({
        blocks: b,
        bytes: b * 136 - 1,
      });
    expect(manifest.capacity({ maxBlocks: 3, merkleHash: 'keccak', zk: 'off' }).bytes).toBe(-1);
  });

  it('defaults to the smallest offered capacity holding the message', () => {
    expect(manifest.defaultConfig(0)).toEqual({ maxBlocks: 1, merkleHash: 'keccak', zk: 'off' });
    for (const [bytes, blocks] of [
      [135, 1],
      [136, 2],
      [271, 2],
      [272, 4],
      [1087, 8],
      [1088, 16],
      [2175, 16],
    ]) {
      expect(defaultBlocks(bytes), `${bytes} bytes`).toBe(blocks);
      expect(maxBytesForBlocks(blocks)).toBeGreaterThanOrEqual(bytes);
      expect(keccakBlocks(bytes)).toBeLessThanOrEqual(blocks);
    }
    // Beyond the largest capacity: the largest, which the page then reports as too small.
    expect(defaultBlocks(5000)).toBe(16);
  });

  it('offers zk and Merkle hash knobs with the fast choice first', () => {
    expect(manifest.knobs.find((k) => k.id === 'merkleHash')!.options[0].value).toBe('keccak');
    expect(manifest.knobs.find((k) => k.id === 'zk')!.options.map((o) => o.value)).toEqual(['off', 'on']);
  });
});
