// Every folder backends/<id>/ with an index.ts exporting `backend` is a backend; nothing
// else needs editing to add one. Shown in alphabetical order of id.
import type { Backend } from '@zkplay/core/manifest';

const modules = import.meta.glob<{ backend: Backend }>('./*/index.ts', { eager: true });

export const backends: Backend[] = Object.values(modules)
  .map((m) => m.backend)
  .sort((a, b) => a.manifest.id.localeCompare(b.manifest.id));

export function findBackend(id: string): Backend | undefined {
  return backends.find((b) => b.manifest.id === id);
}
