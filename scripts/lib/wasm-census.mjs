// Counts instructions in a wasm module's code, by decoding every function body: how many 64 x 64
// -> 128 multiplies are single wide-arithmetic instructions (i64.mul_wide_u, ...), and how many
// calls still go to compiler-builtins' __multi3 (the general 128 x 128 multiply wasm32 falls back
// to without the proposal). The wide builds must have the first and none of the second
// (scripts/lib/rust.mjs checks it when it publishes a build).
//
// Our own decoder rather than a disassembler package: it covers the instructions rustc emits for
// wasm32 (MVP, sign extension, saturating conversions, bulk memory, atomics, SIMD's
// immediates, wide arithmetic) and refuses anything else, and each body must end exactly at its
// declared size, so a decoding slip fails loudly instead of miscounting.
import { functionNames, wasmSections } from './wasm-sections.mjs';

function uleb(b, i) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const x = b[i++];
    if (x === undefined) throw new Error('truncated LEB128');
    result += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (x < 0x80) return [result, i];
  }
}

/** Skips a signed LEB128 (its value is not needed). */
function skipLeb(b, i) {
  while (b[i++] & 0x80) if (i > b.length) throw new Error('truncated LEB128');
  return i;
}

/** A block type: 0x40, a value type (one byte, high bit set as a negative LEB), or a type index. */
function skipBlockType(b, i) {
  return b[i] & 0x40 ? i + 1 : skipLeb(b, i);
}

function skipMemarg(b, i) {
  let align;
  [align, i] = uleb(b, i);
  if (align & 0x40) i = skipLeb(b, i); // multi-memory: a memory index follows
  return skipLeb(b, i);
}

/** Immediates of the 0xFC-prefixed instructions, by sub-opcode (number of LEB128s). */
const FC_IMMEDIATES = {
  0: 0,
  1: 0,
  2: 0,
  3: 0,
  4: 0,
  5: 0,
  6: 0,
  7: 0, // saturating truncations
  8: 2,
  9: 1,
  10: 2,
  11: 1, // memory.init, data.drop, memory.copy, memory.fill
  12: 2,
  13: 1,
  14: 2,
  15: 1,
  16: 1,
  17: 1, // table.init, elem.drop, table.copy, grow, size, fill
  19: 0,
  20: 0,
  21: 0,
  22: 0, // i64.add128, i64.sub128, i64.mul_wide_s, i64.mul_wide_u
};
export const WIDE_OPS = { 19: 'i64.add128', 20: 'i64.sub128', 21: 'i64.mul_wide_s', 22: 'i64.mul_wide_u' };

/** Opcodes without immediates: control, parametric, numeric and conversions. */
function noImmediates(op) {
  return (
    op === 0x00 ||
    op === 0x01 ||
    op === 0x05 ||
    op === 0x0b ||
    op === 0x0f ||
    op === 0x1a ||
    op === 0x1b ||
    (op >= 0x45 && op <= 0xc4) ||
    op === 0xd1
  );
}

/**
 * { calls: Map<function index, count>, wide: { 'i64.mul_wide_u': n, ... }, functions } over every
 * body of the code section.
 */
export function census(bytes) {
  const code = wasmSections(bytes).find((s) => s.id === 10);
  if (!code) throw new Error('the module has no code section');
  const calls = new Map();
  const wide = Object.fromEntries(Object.values(WIDE_OPS).map((n) => [n, 0]));
  let [count, i] = uleb(bytes, code.start);
  for (let f = 0; f < count; f++) {
    let size;
    [size, i] = uleb(bytes, i);
    const end = i + size;
    let groups;
    [groups, i] = uleb(bytes, i);
    for (let g = 0; g < groups; g++) {
      i = uleb(bytes, i)[1];
      i += 1; // the value type
    }
    while (i < end) {
      const at = i;
      const op = bytes[i++];
      if (noImmediates(op)) continue;
      switch (op) {
        case 0x02:
        case 0x03:
        case 0x04: // block, loop, if
          i = skipBlockType(bytes, i);
          break;
        case 0x0c:
        case 0x0d:
        case 0x20:
        case 0x21:
        case 0x22:
        case 0x23:
        case 0x24:
        case 0x25:
        case 0x26:
        case 0xd2: // br, br_if, local.*, global.*, table.get/set, ref.func
          i = uleb(bytes, i)[1];
          break;
        case 0x10: {
          // call
          let callee;
          [callee, i] = uleb(bytes, i);
          calls.set(callee, (calls.get(callee) ?? 0) + 1);
          break;
        }
        case 0x11: // call_indirect: type, table
          i = uleb(bytes, uleb(bytes, i)[1])[1];
          break;
        case 0x0e: {
          // br_table
          let n;
          [n, i] = uleb(bytes, i);
          for (let k = 0; k <= n; k++) i = uleb(bytes, i)[1];
          break;
        }
        case 0x1c: {
          // select with types
          let n;
          [n, i] = uleb(bytes, i);
          i += n;
          break;
        }
        case 0x3f:
        case 0x40: // memory.size, memory.grow
          i = uleb(bytes, i)[1];
          break;
        case 0x41:
        case 0x42: // i32.const, i64.const
          i = skipLeb(bytes, i);
          break;
        case 0x43:
          i += 4;
          break;
        case 0x44:
          i += 8;
          break;
        case 0xd0: // ref.null
          i += 1;
          break;
        case 0xfc: {
          let sub;
          [sub, i] = uleb(bytes, i);
          if (!(sub in FC_IMMEDIATES)) throw new Error(`function ${f}: unknown instruction 0xfc ${sub} at byte ${at}`);
          for (let k = 0; k < FC_IMMEDIATES[sub]; k++) i = uleb(bytes, i)[1];
          if (sub in WIDE_OPS) wide[WIDE_OPS[sub]]++;
          break;
        }
        case 0xfe: {
          // atomics: a memarg, except atomic.fence (one reserved byte)
          let sub;
          [sub, i] = uleb(bytes, i);
          i = sub === 0x03 ? i + 1 : skipMemarg(bytes, i);
          break;
        }
        case 0xfd: {
          // SIMD: memargs, lanes, or 16 bytes for v128.const / i8x16.shuffle
          let sub;
          [sub, i] = uleb(bytes, i);
          if (sub <= 0x0b) i = skipMemarg(bytes, i);
          else if (sub === 0x0c || sub === 0x0d) i += 16;
          else if (sub >= 0x15 && sub <= 0x22) i += 1;
          else if (sub >= 0x54 && sub <= 0x5d) i = skipMemarg(bytes, i) + (sub <= 0x5b ? 1 : 0);
          break;
        }
        default:
          if (op >= 0x28 && op <= 0x3e) {
            i = skipMemarg(bytes, i); // loads and stores
            break;
          }
          throw new Error(`function ${f}: unknown opcode 0x${op.toString(16)} at byte ${at}`);
      }
    }
    if (i !== end) throw new Error(`function ${f}: decoding ended at byte ${i}, its body ends at ${end}`);
  }
  return { calls, wide, functions: count };
}

/**
 * What a build's multiplies compile to: the wide-arithmetic instructions it has, and its calls to
 * __multi3 (0 also when the function is gone). Needs the name section (wasm-bindgen keeps it).
 */
export function multiplyCensus(bytes) {
  const names = functionNames(bytes);
  const { calls, wide } = census(bytes);
  let multi3Calls = 0;
  for (const [index, n] of calls) if (names.get(index) === '__multi3') multi3Calls += n;
  return { ...wide, multi3Calls, named: names.size > 0 };
}
