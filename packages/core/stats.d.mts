// Types of stats.mjs (the implementation is plain JavaScript so Node scripts can import it unbuilt).
// Stat is schema/run-result.schema.json's `stat`, generated from it (scripts/gen-schema-types.mjs).
import type { Stat } from './generated/schema-types';
export type { Stat };

export function stat(samples: number[]): Stat;
