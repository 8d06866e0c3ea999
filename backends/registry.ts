// Every folder backends/<id>/ with an index.ts exporting `backend` is a backend; nothing
// else needs editing to add one. Shown in alphabetical order of id. The tests also register
// backends from folders outside this one (ZKPLAY_EXTRA_BACKENDS, vite.config.ts), to show that
// a backend is one folder; normal builds have none.
import type { Backend } from '@zkplay/core/manifest';
import { extraBackends } from 'virtual:zkplay-extra-backends';

const modules = import.meta.glob<{ backend: Backend }>('./*/index.ts', { eager: true });

export const backends: Backend[] = [...Object.values(modules).map((m) => m.backend), ...extraBackends].sort((a, b) =>
  a.manifest.id.localeCompare(b.manifest.id),
);

const ids = backends.map((b) => b.manifest.id);
const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
if (repeated.length) throw new Error(`two backends share the id ${repeated.join(', ')}`);

export function findBackend(id: string): Backend | undefined {
  return backends.find((b) => b.manifest.id === id);
}
