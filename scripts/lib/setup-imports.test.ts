// setup.mjs, start.mjs and test.mjs (npm test starts there) run on a fresh clone before `npm ci`:
// everything they import before it must come from Node itself or from this repository, and reach
// no package in node_modules. (A static import of @noble/hashes through keys.mjs once broke every
// fresh-machine run; so did test.mjs importing the backends' suites, which import the build kit
// by its package name, before the set-up had run npm ci.)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Bare specifiers reachable through static imports from file, each with the file importing it. */
function staticPackageImports(file: string, seen = new Set<string>(), found: string[] = []): string[] {
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  // Static imports and re-exports only: `import(...)` is how setup.mjs defers the rest.
  for (const m of source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gms)) {
    const spec = m[1];
    if (spec.startsWith('.')) staticPackageImports(resolve(dirname(file), spec), seen, found);
    else if (!spec.startsWith('node:')) found.push(`${spec} (from ${file})`);
  }
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) {
    if (m[1].startsWith('.')) staticPackageImports(resolve(dirname(file), m[1]), seen, found);
    else if (!m[1].startsWith('node:')) found.push(`${m[1]} (from ${file})`);
  }
  return found;
}

describe('scripts/setup.mjs, start.mjs and test.mjs before npm ci', () => {
  it.each(['setup.mjs', 'start.mjs', 'test.mjs'])('%s imports nothing from node_modules statically', (script) => {
    expect(staticPackageImports(resolve(here, '..', script))).toEqual([]);
  });

  it('test.mjs checks its suite keys without resolving a package, dynamic imports included', () => {
    // A resolve hook that refuses every package specifier, as a clone without node_modules would.
    const hook = `data:text/javascript,export async function resolve(s, c, next) {
      if (!/^(node:|file:|data:|\\.|\\/)/.test(s)) throw new Error('a package before npm ci: ' + s);
      return next(s, c);
    }`;
    const register = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(hook)});`;
    const r = spawnSync(process.execPath, ['--import', register, resolve(here, '..', 'test.mjs'), 'no-such-suite'], {
      encoding: 'utf8',
    });
    expect(r.stderr).toContain('no test suite no-such-suite');
    expect(r.status).toBe(2);
  });

  it('would see a package reached through a relative import', () => {
    expect(staticPackageImports(resolve(here, 'keys.mjs')).some((s) => s.startsWith('@noble/hashes'))).toBe(true);
  });
});
