#!/usr/bin/env node
// Load and fault figures of the results service (docs/results-service.md): 10,000 submissions
// from 50 concurrent clients on SQLite and on a throwaway PostgreSQL cluster, then the same with
// the service SIGKILLed a third of the way in and restarted. A benchmark, not a test: it takes
// minutes and its figures depend on the machine's load (printed with them).
//   node scripts/bench-results.mjs [--n=10000] [--clients=50] [--db=sqlite,postgres]
import { cliOptions } from './lib/args.mjs';
import { capture, log, run } from './lib/steps.mjs';
import { buildResultsService, postgresBinDir, serviceDir } from './lib/results-service.mjs';

const opts = cliOptions('node scripts/bench-results.mjs [--n=10000] [--clients=50] [--db=sqlite,postgres]', {
  n: '10000',
  clients: '50',
  db: 'sqlite,postgres',
});
const bin = await buildResultsService();
log(`load before: ${capture('uptime', [])}`);
await run('go', ['run', './cmd/loadbench', '-service', bin, '-n', opts.n, '-clients', opts.clients, '-db', opts.db], {
  cwd: serviceDir,
  env: { ZKPLAY_PG_BIN: postgresBinDir() ?? '' },
  prefix: 'load',
});
log(`load after: ${capture('uptime', [])}`);
