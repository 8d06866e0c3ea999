// Shared pieces of the native reference runners (workers/<id>/bench-native.mjs) that build
// RunResults in Node from a Rust example's raw samples.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem, platform, arch } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from './steps.mjs';

export function stat(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, min: s[0], max: s[s.length - 1], samples: [...samples] };
}

export function nativeEnvironment(threads, build, commit) {
  return { kind: 'native', threads, build, device: 'server', os: `${platform()}/${arch()}`, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryBytes: totalmem(), commit };
}

/** Runs `cargo run --release --example NAME -p CRATE -- ARGS` with RAYON_NUM_THREADS=threads; parses its JSON stdout. */
export function runRustExample({ root, crate, example, args, threads }) {
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '-p', crate, '--example', example, '--', ...args.map(String)], {
    cwd: join(root, 'crates'),
    env: { ...process.env, RAYON_NUM_THREADS: String(threads), CARGO_TARGET_DIR: process.env.CARGO_TARGET_DIR ?? join(cacheDir, 'cargo-target') },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.toString());
}

/** A RunResult for one native configuration: everything but what the backend knows is filled in. */
export function nativeRunResult({ backend, config, threads, commit, bytes, phases, sizes, circuit, peakRssBytes, runs }) {
  return {
    schemaVersion: 1,
    backend,
    config,
    environment: nativeEnvironment(threads, 'native-rust', commit),
    message: { bytes, blocks: Math.floor(bytes / 136) + 1 },
    phases: phases.map(([id, label, samples]) => ({ id, label, ms: stat(samples) })),
    sizes,
    circuit,
    memory: { peakBytes: peakRssBytes, what: 'process peak RSS (VmHWM)' },
    verified: true, // the runner stops at the first failed verification
    runs,
    cold: false,
    timestamp: new Date().toISOString(),
  };
}
