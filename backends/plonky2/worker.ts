// The plonky2 worker: crates/zkplay-plonky2 as wasm (the threaded build when the page is
// cross-origin isolated and more than one thread is asked for, else the single-threaded build),
// which builds the circuit in the browser (transparent: no keys to download); the shared Rust
// worker serves the protocol.
import { BackendError } from '@zkplay/core/protocol';
import { serveRustBackend } from '@zkplay/core/rust-worker';
import { BLOCK_OPTIONS, MERKLE_HASHES, ZK_OPTIONS } from './config';

serveRustBackend({
  id: 'plonky2',
  label: 'plonky2',
  config(config) {
    const maxBlocks = Number(config.maxBlocks);
    const merkleHash = String(config.merkleHash ?? 'keccak');
    const zk = String(config.zk ?? 'off');
    if (!BLOCK_OPTIONS.includes(maxBlocks))
      throw new BackendError(
        'invalid-input',
        `maxBlocks must be one of ${BLOCK_OPTIONS.join(', ')}, got ${config.maxBlocks}`,
      );
    if (!MERKLE_HASHES.includes(merkleHash))
      throw new BackendError('invalid-input', `merkleHash must be keccak or poseidon, got ${merkleHash}`);
    if (!ZK_OPTIONS.includes(zk)) throw new BackendError('invalid-input', `zk must be off or on, got ${zk}`);
    return { maxBlocks, merkleHash, zk };
  },
});
