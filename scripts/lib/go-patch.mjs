// Patches to Go modules (gnark/patches/README.md), in the spirit of crates/patches: the module's
// source is copied from Go's module cache into a directory derived under the zkplay cache, the
// patch (a unified diff, paths relative to the module's root) is applied to the copy with
// `git apply`, and an alternative go.mod (the committed one plus a `replace` of the module by
// the copy) is written next to it for `go build -modfile=…`. The committed go.mod and go.sum
// are not touched and nothing third-party is committed. The copy is named and cached by the
// patch's sha256, so editing the patch derives a new one.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { replaceDir, writeFileAtomic } from './atomic.mjs';
import { capture, log, run, sha256File, step } from './steps.mjs';

/** The sha256 of a patch file (path relative to root): part of the cache keys of what uses it. */
export function patchSha(root, patch) {
  return sha256File(join(root, patch));
}

/** The module's directory in Go's module cache, downloaded (from the Go module proxy) if missing. */
async function moduleSource(goDir, module, version) {
  // Run in goDir: its go.sum vouches for the module (no checksum database needed), and
  // `go mod download` with an explicit module@version leaves go.mod and go.sum as they are.
  const args = ['mod', 'download', '-json', `${module}@${version}`];
  let out = capture('go', args, { cwd: goDir });
  if (out === undefined) {
    await run('go', args, { cwd: goDir, prefix: 'go mod download' }); // shows go's message if it fails again
    out = capture('go', args, { cwd: goDir }) ?? '{}';
  }
  const info = JSON.parse(out);
  if (!info.Dir || !existsSync(join(info.Dir, 'go.mod')))
    throw new Error(`go mod download ${module}@${version} gave no module directory: ${out}`);
  return info.Dir;
}

/** Copies a tree with writable modes (the module cache's files and directories are read-only). */
function copyWritable(src, dest) {
  mkdirSync(dest, { recursive: true, mode: 0o755 });
  for (const e of readdirSync(src, { withFileTypes: true })) {
    const s = join(src, e.name);
    const d = join(dest, e.name);
    if (e.isDirectory()) copyWritable(s, d);
    else if (e.isFile()) {
      copyFileSync(s, d);
      chmodSync(d, 0o644);
    }
  }
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * The patched copy of module@version: <cacheDir>/go-patched/<name>@<version>-<sha256 of the
 * patch, 16 hex>, made once (a `done` file marks a finished copy). Returns its path.
 */
export async function patchedModuleDir({ root, cacheDir, goDir, module, version, patch }) {
  const sha = patchSha(root, patch);
  const dir = join(cacheDir, 'go-patched', `${basename(module)}@${version}-${sha.slice(0, 16)}`);
  if (existsSync(join(dir, 'done'))) return dir;
  await step(`go: derive ${basename(module)}@${version} patched with ${basename(patch)}`, async () => {
    const src = await moduleSource(goDir, module, version);
    // Per process: npm test's lint suite derives the copy too, beside the set-up's gnark build.
    // A copy left by a process that is gone (killed half-way) is removed.
    const tmp = `${dir}.tmp-${process.pid}`;
    const stem = `${basename(dir)}.tmp-`;
    for (const d of existsSync(dirname(dir)) ? readdirSync(dirname(dir)).filter((d) => d.startsWith(stem)) : [])
      if (!isRunning(Number(d.slice(stem.length)))) rmSync(join(dirname(dir), d), { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true }); // a pid used again
    copyWritable(src, tmp);
    await run('git', ['apply', '--verbose', join(root, patch)], { cwd: tmp, prefix: `patch ${basename(module)}` });
    // `git apply` run inside some other git work tree would skip paths: check it all applied.
    await run('git', ['apply', '--reverse', '--check', join(root, patch)], {
      cwd: tmp,
      prefix: `patch ${basename(module)}`,
      quiet: true,
    });
    writeFileSync(join(tmp, 'done'), `${module}@${version} + ${patch} (sha256 ${sha})\n`);
    // The other one finished first: its copy is the same, and may be in use.
    if (existsSync(join(dir, 'done'))) rmSync(tmp, { recursive: true, force: true });
    else replaceDir(tmp, dir);
  });
  return dir;
}

/**
 * An alternative go.mod for `go build -modfile=<returned path>` run in goDir: goDir's go.mod
 * plus `replace <module> => <the patched copy>`, with a copy of goDir's go.sum beside it (go
 * reads <name>.sum next to a -modfile). Written under <cacheDir>/go-patched/, named by what it
 * holds.
 */
export async function patchedModuleFile({ root, cacheDir, goDir, module, version, patch }) {
  const dir = await patchedModuleDir({ root, cacheDir, goDir, module, version, patch });
  const goMod = readFileSync(join(goDir, 'go.mod'), 'utf8');
  const goSum = readFileSync(join(goDir, 'go.sum'));
  if (/^\s*replace\b/m.test(goMod))
    throw new Error(`${join(goDir, 'go.mod')} has replace directives: go-patch.mjs would need to merge them`);
  const mod = `${goMod.trimEnd()}\n\n// Derived by scripts/lib/go-patch.mjs (not committed): ${module}@${version} with ${patch}.\nreplace ${module} => ${JSON.stringify(dir)}\n`;
  const name = createHash('sha256').update(mod).update(goSum).digest('hex').slice(0, 16);
  const modfile = join(cacheDir, 'go-patched', `go-${name}.mod`);
  if (!existsSync(modfile)) {
    const sumfile = modfile.replace(/\.mod$/, '.sum');
    writeFileAtomic(sumfile, goSum);
    writeFileAtomic(modfile, mod);
    log(`go: ${modfile} replaces ${module} by ${dir}`);
  }
  return modfile;
}
