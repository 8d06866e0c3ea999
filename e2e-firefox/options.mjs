// The smoke test's command line (node's util.parseArgs) and which backends it proves.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../scripts/lib/steps.mjs';

export const USAGE = 'usage: node e2e-firefox/smoke.mjs [--backends=gnark,halo2] [--threads=N] [--no-chromium] [--probe-only]';

/** The options from args (process.argv.slice(2)); throws an Error saying what is wrong with them. */
export function parseOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      backends: { type: 'string' },
      threads: { type: 'string' },
      'no-chromium': { type: 'boolean', default: false },
      'probe-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  return { ...values };
}

/** The backends the registry has: every workers/<id>/ with an index.ts, sorted. */
export function registeredBackends(dir = join(root, 'workers')) {
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'index.ts')))
    .sort();
}

/** The backends to run: all of them, or those named in `wanted` ("gnark,halo2"); none is an error. */
export function selectBackends(all, wanted) {
  const ids = all.filter((id) => wanted === undefined || wanted.split(',').includes(id));
  if (!ids.length) throw new Error(`no backend matches --backends=${wanted} (have: ${all.join(', ')})`);
  return ids;
}
