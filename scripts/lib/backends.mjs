// The backends as the scripts see them: every folder backends/<id>/ is one, and what it can do
// is the files it ships (build.mjs, test.mjs, bench-native.mjs, profile-names.mjs). The page's
// view of the same folders is backends/registry.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './steps.mjs';

export const backendsDir = join(root, 'backends');

/** A file of backend `id`'s folder. */
export const backendFile = (id, file) => join(backendsDir, id, file);

/** The ids of the backends whose folder has `file` (every backend: index.ts), in id order. */
export function backendIds(file = 'index.ts') {
  return readdirSync(backendsDir)
    .filter((id) => statSync(join(backendsDir, id)).isDirectory() && existsSync(backendFile(id, file)))
    .sort();
}

/** Imports backends/<id>/<file> (an .mjs module of the scripts' side). */
export const importBackendFile = (id, file) => import(pathToFileURL(backendFile(id, file)).href);
