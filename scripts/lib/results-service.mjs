// The results service (results/, docs/results-service.md) as the scripts see it: its binary,
// built once per source tree and Go version into the cache like the backends' artifacts, the
// command line that runs it next to the page, and PostgreSQL for its tests.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, capture, hashTree, log, root, run, step } from './steps.mjs';

export const serviceDir = join(root, 'results');

/** Where the binary of the current sources is (built or not). */
export function serviceBinary() {
  const go = capture('go', ['version']) ?? 'no-go';
  const key = createHash('sha256')
    .update(hashTree([serviceDir], { exclude: ['_test.go', 'testdata', join(serviceDir, 'cmd')] })) // cmd/: the load bench
    .update(go)
    .digest('hex')
    .slice(0, 16);
  return join(cacheDir, 'results', `service-${key}`, 'zkplay-results');
}

/** Builds the binary unless this source tree's is in the cache; its path. */
export async function buildResultsService() {
  const bin = serviceBinary();
  if (existsSync(bin)) {
    log(`results service already built (${bin})`);
    return bin;
  }
  await step('build the results service (go build, results/)', async () => {
    mkdirSync(join(bin, '..'), { recursive: true });
    // Without -trimpath, which would change every package's compile flags: the build then reuses
    // what the lint and results suites of npm test compiled (modernc.org/sqlite above all), 1 s
    // instead of 40-70 s on an empty cache.
    await run('go', ['build', '-o', `${bin}.tmp`, '.'], { cwd: serviceDir, prefix: 'results' });
    renameSync(`${bin}.tmp`, bin);
  });
  return bin;
}

/**
 * The service's arguments for a build in `dist` whose page is at `origins`. Locally every client
 * is 127.0.0.1 (the page, the tests, a seeding script), so the rate limit is loose by default.
 */
export function serviceArgs({ addr, db, dist = join(root, 'dist'), origins, rate = 60, burst = 100 }) {
  return [
    '-rate',
    String(rate),
    '-burst',
    String(burst),
    '-addr',
    addr,
    '-db',
    db,
    '-schemas',
    join(root, 'schema'),
    '-catalogue',
    join(dist, 'artifacts', 'results-catalogue.json'),
    '-origins',
    origins.join(','),
  ];
}

/** The folder of initdb and pg_ctl, or undefined (Debian keeps initdb out of PATH). */
export function postgresBinDir() {
  const initdb = capture('sh', ['-c', 'command -v initdb']);
  if (initdb && capture('sh', ['-c', 'command -v pg_ctl'])) return join(initdb, '..');
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

/** Installs Debian's postgresql for the service's tests when initdb or pg_ctl is missing. */
export async function ensurePostgresForTests() {
  const found = postgresBinDir();
  if (found) return log(`PostgreSQL found in ${found}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args));
  await step("install Debian's postgresql for the results service's tests (apt-get)", async () => {
    await apt(['update', '-q']);
    await apt(['install', '-y', '-q', '--no-install-recommends', 'postgresql']);
  });
  if (!postgresBinDir()) throw new Error('postgresql was installed but no initdb was found under /usr/lib/postgresql');
}
