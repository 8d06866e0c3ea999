// The instruction census that checks the wide-arithmetic builds (wasm-census.mjs), on modules
// assembled here byte by byte.
import { describe, expect, it } from 'vitest';
import { census, multiplyCensus } from './wasm-census.mjs';

const section = (id: number, body: number[]) => [id, body.length, ...body];
const str = (s: string) => [s.length, ...Buffer.from(s)];

/**
 * Two functions of type (i64, i64) -> (i64, i64): `wide` multiplies with i64.mul_wide_u, adds
 * with i64.add128 inside a block, and calls `__multi3` (function 1) twice; `__multi3` returns its
 * arguments. Named in a name section, as wasm-bindgen leaves it.
 */
function module(bodyOf: number[] = []): Uint8Array {
  const wide = [
    0x00, // no locals
    ...[0x02, 0x40, 0x0b], // block end
    ...[0x20, 0, 0x20, 1, 0xfc, 22], // local.get 0, local.get 1, i64.mul_wide_u
    ...[0x20, 0, 0x20, 1, 0xfc, 19], // i64.add128 on (lo, hi, a, b)
    ...[0x1a, 0x1a], // drop, drop
    ...[0x20, 0, 0x20, 1, 0x10, 1, 0x1a, 0x1a], // call __multi3, drop both
    ...[0x42, 0x7f, 0x42, 0x80, 0x01], // i64.const -1, i64.const 128
    ...[0x20, 0, 0x20, 1, 0x10, 1], // call __multi3
    ...[0x1a, 0x1a],
    ...bodyOf,
    0x0b,
  ];
  const multi3 = [0x00, 0x20, 0, 0x20, 1, 0x0b];
  const fnNames = [2, 0, ...str('wide'), 1, ...str('__multi3')];
  return new Uint8Array([
    0,
    0x61,
    0x73,
    0x6d,
    1,
    0,
    0,
    0,
    ...section(1, [1, 0x60, 2, 0x7e, 0x7e, 2, 0x7e, 0x7e]),
    ...section(3, [2, 0, 0]),
    ...section(10, [2, wide.length, ...wide, multi3.length, ...multi3]),
    ...section(0, [...str('name'), 1, fnNames.length, ...fnNames]),
  ]);
}

describe('wasm instruction census', () => {
  it('counts wide-arithmetic instructions and calls by callee name', () => {
    expect(multiplyCensus(module())).toEqual({
      'i64.add128': 1,
      'i64.sub128': 0,
      'i64.mul_wide_s': 0,
      'i64.mul_wide_u': 1,
      multi3Calls: 2,
      named: true,
    });
    expect(census(module()).calls.get(1)).toBe(2);
  });

  it('refuses an instruction it does not know instead of miscounting', () => {
    expect(() => census(module([0xfc, 30]))).toThrow(/unknown instruction 0xfc 30/);
    expect(() => census(module([0xff]))).toThrow(/unknown opcode 0xff/);
  });

  it('refuses a body that does not end where its size says', () => {
    const bytes = module();
    // One byte less in the first body's size: decoding runs past it.
    const at = bytes.indexOf(0x0a) + 3;
    bytes[at] -= 1;
    expect(() => census(bytes)).toThrow();
  });
});
