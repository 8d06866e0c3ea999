// One timing of one primitive (schema/primitive-result.schema.json, which PrimitiveResult mirrors
// and packages/core/schemas.test.ts checks against it), as the Go and Rust runners and their
// wasm builds write it.
import type { Stat } from '@zkplay/core/run-result';

export type Library = 'gnark-crypto' | 'halo2curves' | 'plonky2_field';
export type Op = 'fft-fr' | 'fft-g1' | 'msm-g1' | 'pairing' | 'fr-mul';
export type Curve = 'bn254' | 'bls12-381' | 'goldilocks';

export interface PrimitiveResult {
  library: Library;
  op: Op;
  curve: Curve;
  logN: number;
  threads: number;
  ms: Stat;
  warmup: number;
  checked: boolean;
  runtime?: 'native' | 'wasm';
}

/** The language a library is written in, as the view groups them. */
export const LANGUAGE: Record<Library, 'Go' | 'Rust'> = {
  'gnark-crypto': 'Go',
  halo2curves: 'Rust',
  plonky2_field: 'Rust',
};

/** The library the Rust side uses for a curve (plonky2's field for Goldilocks, halo2's curves otherwise). */
export const rustLibrary = (curve: Curve): Library => (curve === 'goldilocks' ? 'plonky2_field' : 'halo2curves');
