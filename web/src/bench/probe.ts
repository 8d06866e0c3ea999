// What this device offers the provers, measured before a benchmark: cores, isolation (and so
// threads), WASM SIMD and wide arithmetic, the largest wasm memory it grows, the deviceMemory hint, browser and OS.
import { simd, wideArithmetic } from 'wasm-feature-detect';
import type { DeviceProbe } from '@zkplay/core/generated/schema-types';
import { probeDevice } from '../lib/environment';

/** What the device offers the provers: schema/bench-export.schema.json's `device`, generated from it. */
export type { DeviceProbe };

export function browserName(ua: string): string {
  const m =
    /(Edg|OPR|SamsungBrowser|Firefox|FxiOS|CriOS)\/([\d.]+)/.exec(ua) ??
    /(Chrome|Chromium)\/([\d.]+)/.exec(ua) ??
    (/Safari\//.test(ua) ? /(Version)\/([\d.]+)/.exec(ua) : null);
  if (!m) return 'unknown browser';
  const names: Record<string, string> = {
    Edg: 'Edge',
    OPR: 'Opera',
    FxiOS: 'Firefox (iOS)',
    CriOS: 'Chrome (iOS)',
    Version: 'Safari',
    SamsungBrowser: 'Samsung Internet',
  };
  return `${names[m[1]] ?? m[1]} ${m[2].split('.')[0]}`;
}

export function probeWasmMemory(timeoutMs = 8000): Promise<{ bytes: number; atLimit: boolean; timedOut: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let worker: Worker;
    const finish = (r: { bytes: number; atLimit: boolean; timedOut: boolean }) => {
      clearTimeout(timer);
      worker?.terminate();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ bytes, atLimit: false, timedOut: true }), timeoutMs);
    try {
      worker = new Worker(new URL('./memory-probe.worker.ts', import.meta.url), {
        type: 'module',
        name: 'memory-probe',
      });
    } catch {
      finish({ bytes: 0, atLimit: false, timedOut: false });
      return;
    }
    worker.onmessage = (e: MessageEvent<{ type: 'step' | 'done'; bytes: number; limit?: boolean }>) => {
      bytes = Math.max(bytes, e.data.bytes);
      if (e.data.type === 'done') finish({ bytes, atLimit: !!e.data.limit, timedOut: false });
    };
    // The worker itself dying (e.g. the tab's process refusing more memory) ends the probe with what it reached.
    worker.onerror = (e) => {
      e.preventDefault();
      finish({ bytes, atLimit: false, timedOut: false });
    };
    worker.postMessage('go');
  });
}

export async function probe(): Promise<DeviceProbe> {
  const info = probeDevice();
  const mem = await probeWasmMemory();
  return {
    ...info,
    threadsAvailable: info.crossOriginIsolated ? Math.max(1, info.cores) : 1,
    simd: await simd(), // wasm-feature-detect validates a module that uses a v128 instruction
    wideArithmetic: await wideArithmetic(), // ... and one that uses i64.add128
    maxWasmMemoryBytes: mem.bytes,
    wasmMemoryAtLimit: mem.atLimit,
    wasmMemoryTimedOut: mem.timedOut,
    browser: browserName(info.userAgent),
    probedAt: new Date().toISOString(),
  };
}

/** "Chrome 139 on Linux, desktop, 2 cores": how a device is named next to its numbers. */
export function deviceLabel(d: Pick<DeviceProbe, 'browser' | 'os' | 'device' | 'cores'>): string {
  return `${d.browser} on ${d.os}, ${d.device}, ${d.cores} core${d.cores === 1 ? '' : 's'}`;
}
