//! The sizes this backend offers: one circuit (and one key pair) per capacity in blocks.

/// BLAKE2s compresses 64-byte blocks.
pub const BLOCK_BYTES: usize = 64;

/// Largest circuit the code can build: each block's counter has 16 bits (64 * 1023 < 2^16).
pub const MAX_BLOCKS: usize = 1023;

/// The capacities the build makes keys for (examples/keys.rs) and the page offers
/// (backends/bellman/options.json, written from this by a test). 3 blocks is the seed's smallest
/// row (192 bytes, ~64K constraints). Keys are 12 MB and 40 MB; 6 blocks (80 MB) took 200 s
/// to set up here, too long for a fresh machine's set-up.
pub const OFFERED_BLOCKS: [usize; 2] = [1, 3];

/// Larger capacities the page offers with a setup made in the browser (keys: "browser"), the
/// seed's sizes from 384 to 12,288 bytes: the bench's way to the seed's table in wasm. The
/// largest are refused before any work where their estimated memory exceeds wasm32's 4 GiB.
pub const BROWSER_SETUP_BLOCKS: [usize; 6] = [6, 12, 24, 48, 96, 192];

/// The most bytes a circuit of `blocks` blocks holds: BLAKE2s has no padding byte.
pub const fn capacity_bytes(blocks: usize) -> usize {
    blocks * BLOCK_BYTES
}

/// Blocks a message of `len` bytes takes (one for the empty message).
pub const fn blocks_for(len: usize) -> usize {
    if len == 0 {
        1
    } else {
        len.div_ceil(BLOCK_BYTES)
    }
}

/// The smallest offered capacity that holds `len` bytes, or the largest.
pub fn default_blocks(len: usize) -> usize {
    let need = blocks_for(len);
    OFFERED_BLOCKS.iter().copied().find(|&b| b >= need).unwrap_or(OFFERED_BLOCKS[OFFERED_BLOCKS.len() - 1])
}

/// R1CS constraints of a `blocks`-block circuit: 22,417 per block (BLAKE2s's compression, 21,518
/// as bellman's gadget counts it with its 512 message bits, plus the mask, zero check, counter
/// and digest selection of that block) and 130 once (L's sum, the digest bits and their
/// packing). A test synthesizes circuits and checks this.
pub const fn constraints(blocks: usize) -> usize {
    130 + 22_417 * blocks
}
