// The two shapes the verifier reads (a proof file, keys.json), validated against their JSON
// Schemas in schema/. In the page and in tests this is ajv compiling the schemas at run time
// (packages/core/schemas.ts); the package build (verifier/build.mjs) swaps that module for
// validators ajv compiled ahead of time, so the package carries no schema compiler.
import { validator } from '@zkplay/core/schemas';
import { describeErrors } from '@zkplay/core/schema-errors';

export type ShapeName = 'proof-file' | 'keys';

/** data as T when it follows the schema; else throws what makeError makes of prefix + the problems in words. */
export function checkShape<T>(
  name: ShapeName,
  data: unknown,
  prefix: string,
  makeError: (message: string) => Error,
): T {
  const v = validator(name);
  if (v(data)) return data as T;
  throw makeError(`${prefix}${describeErrors(v.errors ?? [])}`);
}
