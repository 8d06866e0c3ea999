// One timing of one primitive (schema/primitive-result.schema.json, which PrimitiveResult is
// generated from by scripts/gen-schema-types.mjs), as the Go and Rust runners and their wasm
// builds write it.
import type { PrimitiveResult } from '@zkplay/core/generated/schema-types';

export type { PrimitiveResult };
export type Library = PrimitiveResult['library'];
export type Op = PrimitiveResult['op'];
export type Curve = PrimitiveResult['curve'];

/** The language a library is written in, as the view groups them. */
export const LANGUAGE: Record<Library, 'Go' | 'Rust'> = {
  'gnark-crypto': 'Go',
  halo2curves: 'Rust',
  plonky2_field: 'Rust',
};

/** The library the Rust side uses for a curve (plonky2's field for Goldilocks, halo2's curves otherwise). */
export const rustLibrary = (curve: Curve): Library => (curve === 'goldilocks' ? 'plonky2_field' : 'halo2curves');
