// Putting finished work in place in one step, so that a run cut short never leaves a half-made
// cache entry where a finished one is looked for: made under `<path>.tmp`, then renamed.
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Replaces the directory `dir` (if any) by the finished directory `tmp`. */
export function replaceDir(tmp, dir) {
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
}

/** Writes `data` to `<path>.tmp`, then renames it to `path`. */
export function writeFileAtomic(path, data) {
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}
