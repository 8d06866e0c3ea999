// What this device is, as far as a page can honestly tell.
import type { Environment } from '@zkplay/core/run-result';

export interface DeviceInfo {
  cores: number;
  crossOriginIsolated: boolean;
  device: 'desktop' | 'phone';
  userAgent: string;
  os: string;
  /** navigator.deviceMemory: a coarse hint (rounded, capped at 8 GiB), absent in some browsers. */
  memoryBytes?: number;
}

export function probeDevice(): DeviceInfo {
  const nav = navigator as Navigator & {
    deviceMemory?: number;
    userAgentData?: { platform?: string; mobile?: boolean };
  };
  const mobile = nav.userAgentData?.mobile ?? /Mobi|Android|iPhone|iPad/i.test(nav.userAgent);
  return {
    cores: nav.hardwareConcurrency || 1,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    device: mobile || matchMedia('(pointer: coarse) and (max-width: 820px)').matches ? 'phone' : 'desktop',
    userAgent: nav.userAgent,
    os: nav.userAgentData?.platform || nav.platform || 'unknown',
    memoryBytes: nav.deviceMemory ? nav.deviceMemory * 2 ** 30 : undefined,
  };
}

export function environmentFor(info: DeviceInfo, threads: number, build: string): Environment {
  return {
    kind: 'wasm',
    threads,
    build,
    device: info.device,
    userAgent: info.userAgent,
    os: info.os,
    cores: info.cores,
    ...(info.memoryBytes ? { memoryBytes: info.memoryBytes } : {}),
    crossOriginIsolated: info.crossOriginIsolated,
    commit: __ZKPLAY_COMMIT__,
  };
}
