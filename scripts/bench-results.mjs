#!/usr/bin/env node
// Figures of the results service at scale (docs/results-service.md). A benchmark, not a test:
// it takes minutes and its figures depend on the machine's load (printed with them).
//   reads:  100,000 stored runs of realistic size, 50 concurrent readers of the aggregates and
//           listing pages with 10 writers, for 30 s: p50/p95 per kind of request, the service's
//           peak RSS (VmHWM) and whether every acknowledged submission is stored;
//   writes: 10,000 submissions from 50 clients, then the same with the service SIGKILLed a
//           third of the way in and restarted.
// Both on SQLite and on a throwaway PostgreSQL cluster.
//   node scripts/bench-results.mjs [--mode=reads,writes] [--stored=100000] [--readers=50]
//     [--writers=10] [--seconds=30] [--n=10000] [--clients=50] [--db=sqlite,postgres]
import { cliOptions } from './lib/args.mjs';
import { capture, log, run } from './lib/steps.mjs';
import { buildResultsService, postgresBinDir, serviceDir } from './lib/results-service.mjs';

const opts = cliOptions(
  'node scripts/bench-results.mjs [--mode=reads,writes] [--stored=100000] [--readers=50] [--writers=10] [--seconds=30] [--n=10000] [--clients=50] [--db=sqlite,postgres]',
  {
    mode: 'reads,writes',
    stored: '100000',
    readers: '50',
    writers: '10',
    seconds: '30',
    n: '10000',
    clients: '50',
    db: 'sqlite,postgres',
  },
);
const bin = await buildResultsService();
const env = { ZKPLAY_PG_BIN: postgresBinDir() ?? '' };
log(`load before: ${capture('uptime', [])}`);
for (const mode of opts.mode.split(',')) {
  const args =
    mode === 'reads'
      ? ['-stored', opts.stored, '-readers', opts.readers, '-writers', opts.writers, '-seconds', opts.seconds]
      : ['-n', opts.n, '-clients', opts.clients];
  await run('go', ['run', './cmd/loadbench', '-mode', mode, '-service', bin, '-db', opts.db, ...args], {
    cwd: serviceDir,
    env,
    prefix: mode,
  });
  log(`load after ${mode}: ${capture('uptime', [])}`);
}
