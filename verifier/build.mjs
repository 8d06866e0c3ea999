// Builds the zkplay-verifier package into dist/verifier/ (packable with `npm pack dist/verifier`):
//   index.js (+ lazily loaded chunks)  ESM bundle of verifier/src/index.ts, dependencies included,
//                                      so a page can import it without a bundler
//   types/                             TypeScript declarations (tsc)
//   keys/keys.json, keys/<id>/...      the build's verifying keys and the verifier-only wasm
//                                      (never the provers' keys, params or wasm)
//   package.json, README.md
// and reports its size per backend (minified + gzip). Called by scripts/setup.mjs after the page
// bundle (vite empties dist/).
import { build as esbuild } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { backendIds, backendsDir } from '../scripts/lib/backends.mjs';
import { log, run } from '../scripts/lib/steps.mjs';

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

export async function buildVerifierPackage({ root }) {
  const out = join(root, 'dist', 'verifier');
  const artifacts = join(root, 'web', 'public', 'artifacts');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const result = await esbuild({
    plugins: [aheadOfTimeValidators(root), backendVerifiers()],
    entryPoints: { index: join(root, 'verifier', 'src', 'index.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    outdir: out,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
  });

  await run(join(root, 'node_modules', '.bin', 'tsc'), [
    join(root, 'verifier', 'src', 'index.ts'),
    // Types of the virtual modules backends/verifiers.ts imports (the bundle replaces that file).
    join(root, 'backends', 'extra-backends.d.ts'),
    '--declaration',
    '--emitDeclarationOnly',
    '--outDir',
    join(out, 'types'),
    '--module',
    'esnext',
    '--target',
    'es2022',
    '--moduleResolution',
    'bundler',
    '--resolveJsonModule',
    '--skipLibCheck',
    '--strict',
    '--types',
    'node',
    '--rootDir',
    join(root, 'verifier', 'src'),
  ]);
  const typesEntry = 'index.d.ts';
  if (!existsSync(join(out, 'types', typesEntry))) throw new Error(`tsc wrote no types/${typesEntry}`);
  // The bundle carries @zkplay/core's code, but declarations keep their import specifiers: a
  // type from a workspace package would point users at a package that is not published.
  const leaks = dtsFiles(join(out, 'types')).filter((f) => /from '@zkplay\//.test(readFileSync(f, 'utf8')));
  if (leaks.length) throw new Error(`the package's types import unpublished workspace packages: ${leaks.join(', ')}`);

  // Keys and verifier wasm: what keys.json lists, minus what only provers need.
  const keys = JSON.parse(readFileSync(join(artifacts, 'keys.json'), 'utf8'));
  for (const b of Object.values(keys.backends)) {
    delete b.shared;
    delete b.samples;
    const files = [...b.entries.map((e) => e.vk), ...(b.verifier ? [b.verifier.glue, b.verifier.wasm] : [])];
    for (const f of files) {
      mkdirSync(dirname(join(out, 'keys', f.file)), { recursive: true });
      cpSync(join(artifacts, f.file), join(out, 'keys', f.file));
    }
    if (b.verifier)
      copySnippets(join(artifacts, dirname(b.verifier.glue.file)), join(out, 'keys', dirname(b.verifier.glue.file)));
    delete b.solidity;
    for (const e of b.entries) delete e.solidity;
  }
  writeFileSync(join(out, 'keys', 'keys.json'), JSON.stringify(keys, null, 2));

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(
    join(out, 'package.json'),
    JSON.stringify(
      {
        name: 'zkplay-verifier',
        version: pkg.version,
        description: `Verify zkplay proof files (${Object.entries(keys.backends)
          .map(([id, b]) => `${id}: ${b.proofSystem} over ${b.field}`)
          .join(', ')}) in browsers and Node`,
        type: 'module',
        exports: {
          '.': { types: `./types/${typesEntry}`, default: './index.js' },
          './keys.json': './keys/keys.json',
          './package.json': './package.json',
        },
        types: `./types/${typesEntry}`,
        files: ['index.js', 'chunks', 'types', 'keys', 'README.md'],
        sideEffects: false,
        engines: { node: '>=20.19' },
        license: 'MIT OR Apache-2.0',
      },
      null,
      2,
    ),
  );
  cpSync(join(root, 'verifier', 'README.md'), join(out, 'README.md'));

  const sizes = packageSizes(root, out, result.metafile, keys);
  writeFileSync(join(out, 'sizes.json'), JSON.stringify(sizes, null, 2));
  for (const [id, s] of Object.entries(sizes.backends)) {
    log(
      `zkplay-verifier: ${id}: code ${kib(s.codeGzip)} gzip (${kib(s.codeBytes)} minified), one key ${kib(s.keyBytes)}`,
    );
  }
  return sizes;
}

/**
 * verifier/src/validate.ts imports packages/core/schemas.ts (ajv compiling schemas at run
 * time, ~100 KB). In the package that import becomes the proof-file and keys validators compiled
 * now by ajv's standalone code generator, with the same options: same checks, same error objects.
 */
function aheadOfTimeValidators(root) {
  return {
    name: 'zkplay-standalone-validators',
    setup(b) {
      b.onResolve({ filter: /^@zkplay\/core\/schemas$/ }, (args) =>
        args.importer.endsWith(join('verifier', 'src', 'validate.ts'))
          ? { path: 'validators', namespace: 'zkplay-aot' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'zkplay-aot' }, async () => {
        const { default: Ajv2020 } = await import('ajv/dist/2020.js');
        const { default: addFormats } = await import('ajv-formats');
        const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
        const schema = (name) => JSON.parse(readFileSync(join(root, 'schema', `${name}.schema.json`), 'utf8'));
        const proofFile = schema('proof-file');
        const keys = schema('keys');
        const ajv = new Ajv2020({
          strict: true,
          strictRequired: false,
          allowUnionTypes: true,
          allErrors: true,
          verbose: true,
          code: { source: true, esm: true },
        });
        addFormats(ajv, ['date-time']);
        ajv.addSchema(proofFile).addSchema(keys);
        const code = standaloneCode(ajv, { proofFile: proofFile.$id, keys: keys.$id });
        return {
          contents: `${code}\nconst byName = { 'proof-file': proofFile, keys };\nexport function validator(name) { return byName[name]; }\n`,
          loader: 'js',
          resolveDir: root,
        };
      });
    },
  };
}

/**
 * @zkplay/backends/verifiers finds every backends/<id>/verifier.ts with vite's import.meta.glob,
 * which esbuild does not have: here it is the same map, written out as static imports.
 */
function backendVerifiers() {
  return {
    name: 'zkplay-backend-verifiers',
    setup(b) {
      b.onResolve({ filter: /^@zkplay\/backends\/verifiers$/ }, () => ({
        path: 'verifiers',
        namespace: 'zkplay-verifiers',
      }));
      b.onLoad({ filter: /.*/, namespace: 'zkplay-verifiers' }, () => {
        const ids = backendIds('verifier.ts');
        const imports = ids.map(
          (id, i) => `import { verifier as v${i} } from ${JSON.stringify(`./${id}/verifier.ts`)};`,
        );
        const map = ids.map((id, i) => `${JSON.stringify(id)}: v${i}`).join(', ');
        return {
          contents: `${imports.join('\n')}\nexport const verifiers = { ${map} };\n`,
          loader: 'js',
          resolveDir: backendsDir,
        };
      });
    },
  };
}

function copySnippets(from, to) {
  const snippets = join(from, 'snippets');
  if (existsSync(snippets)) cpSync(snippets, join(to, 'snippets'), { recursive: true });
}

/** Every .d.ts file under dir. */
function dtsFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * What a dApp downloads to verify one backend's proof: the entry bundle, the chunks esbuild made
 * for that backend's path (the code of its folder behind its verifier.ts's dynamic imports, and
 * for a backend with a verifier-only wasm the wasm loader) plus the verifier wasm and its glue;
 * and one verifying key.
 */
function packageSizes(root, out, metafile, keys) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint?.endsWith('verifier/src/index.ts'));
  // The chunk holding src, with every chunk it imports statically (what loading it fetches).
  const withImports = (o, seen = new Set()) => {
    if (seen.has(o)) return seen;
    seen.add(o);
    for (const i of outputs[o].imports) if (i.kind === 'import-statement') withImports(i.path, seen);
    return seen;
  };
  // The chunks (and what they import) holding any input for which has(input) is true.
  const chunksWith = (has) =>
    Object.keys(outputs)
      .filter((o) => o !== entry && Object.keys(outputs[o].inputs).some(has))
      .flatMap((o) => [...withImports(o)]);
  const measure = (files) =>
    files.reduce((s, f) => ({ bytes: s.bytes + statSync(f).size, gzip: s.gzip + gz(f) }), { bytes: 0, gzip: 0 });
  const backends = {};
  for (const [id, b] of Object.entries(keys.backends)) {
    const files = [
      ...withImports(entry),
      ...chunksWith((i) => i.startsWith(`backends/${id}/`)),
      ...(b.verifier ? chunksWith((i) => i === 'verifier/src/backends/wasm.ts') : []),
    ].map((f) => join(root, f));
    if (b.verifier) files.push(join(out, 'keys', b.verifier.glue.file), join(out, 'keys', b.verifier.wasm.file));
    const m = measure([...new Set(files)]);
    backends[id] = { codeBytes: m.bytes, codeGzip: m.gzip, keyBytes: b.entries[0].vk.bytes, keys: b.entries.length };
  }
  return {
    measuredAt: new Date().toISOString(),
    what: 'minified bytes and gzip -9 bytes of what a page loads to verify one proof of this backend (entry bundle + backend chunk + verifier wasm and glue), and one verifying key',
    backends,
  };
}
