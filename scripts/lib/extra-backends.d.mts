// Types of extra-backends.mjs (vite.config.ts and the TypeScript tests use it).
import type { BackendKeys, KeyManifest } from '@zkplay/verifier/keys';

export interface ExtraBackend {
  id: string;
  /** The backend's folder, <dir>/<id>/. */
  dir: string;
}

export interface ExtraBackendKeys {
  id: string;
  build: string;
  backend: BackendKeys;
  files: Map<string, string>;
}

export function extraBackendDirs(list?: string): string[];
export function extraBackends(dirs?: string[]): ExtraBackend[];
export function extraModuleSource(
  backends: ExtraBackend[],
  options: { file: string; name: string; exportAs: string; byId?: boolean },
): string;
export function extraBackendKeys(backend: ExtraBackend): ExtraBackendKeys | undefined;
export function mergeKeyManifests(base: KeyManifest | undefined, extras: ExtraBackendKeys[]): KeyManifest;
export function extraKeys(
  backends: ExtraBackend[],
  baseKeysPath?: string,
): { manifest: KeyManifest | undefined; files: Map<string, string> };
export function extraArtifact(backends: ExtraBackend[], rel: string, baseKeysPath?: string): Buffer | undefined;
