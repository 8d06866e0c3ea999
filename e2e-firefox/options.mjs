// The smoke test's command line (node's util.parseArgs) and which backends it proves. Pure but for
// reading backends/ (the registry), so that probe.test.mjs can test it without a browser.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { backendsDir } from '../scripts/lib/backends.mjs';

export const USAGE = `usage: node e2e-firefox/smoke.mjs [--backends=gnark,halo2] [--threads=N] [--no-chromium]
       node e2e-firefox/smoke.mjs --probe-only [--no-chromium]   (a report of both engines' probes; proves nothing)`;

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
  if (values.threads !== undefined && !/^[1-9]\d*$/.test(values.threads))
    throw new Error(`--threads=${values.threads}: a thread count is a positive whole number`);
  if (values['probe-only'] && (values.backends !== undefined || values.threads !== undefined))
    throw new Error('--backends and --threads choose what to prove, and --probe-only proves nothing');
  return { ...values };
}

/** The backends the registry has: every backends/<id>/ with an index.ts, sorted. */
export function registeredBackends(dir = backendsDir) {
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'index.ts')))
    .sort();
}

/**
 * The backends to prove: all of them, or those named in `wanted` ("gnark,halo2"). A registry with
 * none is an error (a test run must prove something), and so is a name the registry does not have
 * (a typo must not quietly prove fewer backends).
 */
export function selectBackends(all, wanted) {
  if (!all.length)
    throw new Error('the registry has no backend (no backends/<id>/index.ts), so there is nothing to prove');
  if (wanted === undefined) return all;
  const names = wanted
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !all.includes(n));
  if (unknown.length)
    throw new Error(
      `--backends names ${unknown.join(', ')}, which the registry does not have (it has: ${all.join(', ')})`,
    );
  if (!names.length) throw new Error(`--backends=${wanted} names no backend (the registry has: ${all.join(', ')})`);
  return all.filter((id) => names.includes(id));
}
