// Writes web/public/artifacts/results-catalogue.json (schema/results-catalogue.schema.json):
// for each backend, its artifact build id (artifacts/<id>/index.json), its hash, the phases
// its manifest reports, its knobs and every configuration they make with its capacity. The manifests are TypeScript (backends/<id>/index.ts, some built from
// the crates' phases.json), so they are loaded through Vite, as the page loads them, rather than
// restated here. The page labels a shared result with the build id; the results service takes
// only builds and phases this file names.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from './atomic.mjs';
import { hashTree, log, root } from './steps.mjs';
import { backendIds } from './backends.mjs';

const inputs = () => [
  fileURLToPath(import.meta.url), // what this file writes is part of the key too
  join(root, 'backends'),
  join(root, 'packages', 'core'),
  join(root, 'gnark', 'prover', 'phases.json'),
];

export async function writeResultsCatalogue(artifacts) {
  const out = join(artifacts, 'results-catalogue.json');
  const builds = {};
  for (const id of backendIds()) {
    const index = join(artifacts, id, 'index.json');
    if (existsSync(index)) builds[id] = JSON.parse(readFileSync(index, 'utf8')).build;
  }
  // Loading the manifests takes seconds: skipped when neither they nor the builds changed.
  const key = hashTree(inputs(), { exclude: ['generated', '.test.ts', '.spec.ts'] }) + JSON.stringify(builds);
  if (!Object.keys(builds).length) return log('results catalogue: no backend is built yet');
  const keyFile = `${out}.key`;
  if (existsSync(out) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key)
    return log('results catalogue is up to date');
  const { createServer } = await import('vite');
  // createServer sets process.env.NODE_ENV to 'development' when it is unset, and every child
  // process the set-up starts afterwards inherits it: `vite build` then made a development
  // bundle (no service worker, import.meta.env.DEV true) on a fresh clone. Put it back after.
  const nodeEnv = process.env.NODE_ENV;
  const server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const { backends } = await server.ssrLoadModule(join(root, 'backends', 'registry.ts'));
    const { appliedConfig } = await server.ssrLoadModule(join(root, 'packages', 'core', 'manifest.ts'));
    const catalogue = { format: 'zkplay-results-catalogue', version: 1, backends: {} };
    for (const { manifest } of backends) {
      if (!builds[manifest.id]) continue; // a backend without artifacts here is not served
      catalogue.backends[manifest.id] = {
        build: builds[manifest.id],
        hash: manifest.hash,
        phases: manifest.phases.map(({ id, label }) => ({ id, label })),
        knobs: manifest.knobs.map(({ id, options }) => ({ id, values: options.map((o) => o.value) })),
        configurations: configurations(manifest, appliedConfig),
      };
    }
    writeFileAtomic(out, JSON.stringify(catalogue, null, 2)); // the service may be reading it (npm start)
    writeFileSync(keyFile, key);
    log(`results catalogue: ${Object.keys(catalogue.backends).join(', ')}`);
  } finally {
    await server.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Every configuration the page can prove with: each combination of the knobs' values over the
 * manifest's defaultConfig (gnark's circuit is in its config but is no knob), kept when the
 * manifest gives it a capacity and does not mark it unavailable (e.g. starky's zk wrapper).
 */
export function configurations(manifest, appliedConfig) {
  let combos = [manifest.defaultConfig(0)];
  for (const knob of manifest.knobs)
    combos = combos.flatMap((c) => knob.options.map((o) => ({ ...c, [knob.id]: o.value })));
  // Without the knobs that do not apply to a combination (Knob.when), deduplicated.
  const applied = new Map();
  for (const c of combos) {
    const config = appliedConfig(manifest, c);
    applied.set(JSON.stringify(config), config);
  }
  return [...applied.values()].flatMap((config) => {
    const capacity = manifest.capacity(config);
    return capacity.bytes >= 0 && !capacity.unavailable ? [{ config, capacityBytes: capacity.bytes }] : [];
  });
}
