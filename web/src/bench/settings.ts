// The benchmark's settings, read from and written to the URL (#/bench?backends=...&blocks=...),
// so that a link reproduces a benchmark. Absent or invalid values fall back to the defaults.
import type { PinnedBuild } from '@zkplay/core/protocol';

export interface BenchSettings {
  /** Backend ids; empty means every backend the page has. */
  backends: string[];
  /** Message lengths in Keccak blocks (a message of blocks*136-1 bytes). */
  blocks: number[];
  threads: number[];
  runs: number;
  warmup: number;
  autostart: boolean;
  /**
   * The Rust backends' wasm build, pinned for every run (`build=threads`: the threaded build on
   * one thread too, to compare it with the single-threaded one); absent, chosen per run.
   */
  build?: PinnedBuild;
}

export const DEFAULTS: Omit<BenchSettings, 'backends'> = {
  blocks: [1, 2, 4, 8],
  threads: [1, 2],
  runs: 3,
  warmup: 1,
  autostart: false,
};
export const LIMITS = { blocks: 4096, threads: 64, runs: 100, warmup: 20 };

const PINNABLE: readonly PinnedBuild[] = ['single', 'threads'];

function intList(raw: string | null, max: number): number[] | undefined {
  if (raw === null) return undefined;
  const xs = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n >= 1 && n <= max);
  const unique = [...new Set(xs)].sort((a, b) => a - b);
  return unique.length ? unique : undefined;
}

function int(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

/** Settings from URL parameters; `known` filters backend ids to those the page has (default: all of them). */
export function parseSettings(params: URLSearchParams, known: string[]): BenchSettings {
  const listed = (params.get('backends') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => known.includes(s));
  return {
    backends: listed.length ? [...new Set(listed)] : [...known],
    blocks: intList(params.get('blocks'), LIMITS.blocks) ?? DEFAULTS.blocks,
    threads: intList(params.get('threads'), LIMITS.threads) ?? DEFAULTS.threads,
    runs: int(params.get('runs'), 1, LIMITS.runs) ?? DEFAULTS.runs,
    warmup: int(params.get('warmup'), 0, LIMITS.warmup) ?? DEFAULTS.warmup,
    autostart: params.get('autostart') === '1',
    ...(PINNABLE.includes(params.get('build') as PinnedBuild) ? { build: params.get('build') as PinnedBuild } : {}),
  };
}

/** The query string for these settings (commas left readable). */
export function settingsQuery(s: BenchSettings): string {
  const parts = [
    `backends=${s.backends.map(encodeURIComponent).join(',')}`,
    `blocks=${s.blocks.join(',')}`,
    `threads=${s.threads.join(',')}`,
    `runs=${s.runs}`,
    `warmup=${s.warmup}`,
  ];
  if (s.build) parts.push(`build=${s.build}`);
  if (s.autostart) parts.push('autostart=1');
  return parts.join('&');
}

/** A deterministic message of exactly `bytes` bytes (the same on every device and run). */
export function benchMessage(bytes: number): Uint8Array {
  const m = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) m[i] = (i * 31 + 7) & 0xff;
  return m;
}
