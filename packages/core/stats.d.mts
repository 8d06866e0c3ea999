// Types of stats.mjs (the implementation is plain JavaScript so Node scripts can import it unbuilt).
export interface Stat {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function stat(samples: number[]): Stat;
