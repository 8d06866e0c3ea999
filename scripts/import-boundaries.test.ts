// The arrows between the tree's parts run one way: web → verifier → core; backends → core and
// the build kit (scripts/lib, the package @zkplay/build-kit, which a backend imports by name);
// nothing imports web or backends from below. This test reads every
// import of every TypeScript, JavaScript and Svelte file (static, re-export and literal dynamic
// imports, by the TypeScript parser) and fails on an arrow the table below does not allow.
// Imports of a computed path (the build kit's import of backends/<id>/build.mjs) are not seen.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

type Area = 'web' | 'verifier' | 'backends' | 'core' | 'kit' | 'schema' | 'scripts' | 'e2e' | 'gnark' | 'config';

// Longest prefix first: a fixture backend is a backend (one folder, as backends/<id>/ is).
const AREAS: [prefix: string, area: Area][] = [
  ['e2e/fixtures/backends/', 'backends'],
  ['packages/core/', 'core'],
  ['scripts/lib/', 'kit'],
  ['scripts/', 'scripts'],
  ['verifier/', 'verifier'],
  ['backends/', 'backends'],
  ['web/', 'web'],
  ['schema/', 'schema'],
  ['e2e/', 'e2e'],
  ['e2e-firefox/', 'e2e'],
  ['gnark/', 'gnark'],
];
const PACKAGES: Record<string, Area> = {
  '@zkplay/core': 'core',
  '@zkplay/verifier': 'verifier',
  '@zkplay/backends': 'backends',
  '@zkplay/schema': 'schema',
  '@zkplay/build-kit': 'kit',
};

interface Arrow {
  from: string;
  to: string;
  fromArea: Area;
  toArea: Area;
  typeOnly: boolean;
  /** Imported by a relative path rather than by its package's name. */
  byPath: boolean;
}

/** Why an arrow is refused, or undefined when the table allows it. */
function refusal(a: Arrow): string | undefined {
  const test = /\.(test|spec)\.ts$/.test(a.from);
  switch (a.fromArea) {
    case 'core':
      if (a.toArea === 'schema') return undefined;
      // The test that the build kit's plain-Node copy of the hashes agrees with their definition.
      if (a.from === 'packages/core/hashes.test.ts' && a.to === 'scripts/lib/hashes.mjs') return undefined;
      return 'core imports nothing of the tree but the schemas';
    case 'verifier':
      if (['core', 'schema'].includes(a.toArea)) return undefined;
      // The package's one way to its backends' verifiers (each behind its own dynamic import).
      if (a.to === 'backends/verifiers.ts') return undefined;
      // Its build publishes the package with the build kit, as the backends' builds do.
      if (a.from === 'verifier/build.mjs' && a.toArea === 'kit') return undefined;
      return 'the verifier imports core, the schemas and the registry backends/verifiers.ts only';
    case 'backends':
      if (['core', 'schema', 'gnark'].includes(a.toArea)) return undefined;
      // By the package's name, as core is: a backend is one folder that could live elsewhere.
      if (a.toArea === 'kit')
        return a.byPath ? 'a backend imports the build kit by name (@zkplay/build-kit/<module>)' : undefined;
      // What the verifier package asks of a backend (verifier/src/backends/spec.ts): types only,
      // so no run-time arrow comes back from the backends to the package that loads them.
      if (a.toArea === 'verifier' && a.typeOnly && a.to.startsWith('verifier/src/backends/')) return undefined;
      // A backend's tests check it end to end, as the page and the package meet it: they may
      // import those and the shared Playwright helpers; its code may not.
      if (test && ['e2e', 'verifier', 'web'].includes(a.toArea)) return undefined;
      return 'a backend imports core, the build kit and the schemas (and the verifier contract, as types)';
    case 'kit':
      // The build writes keys.json and reads it back with the verifier package's reader and types.
      if (['core', 'schema', 'verifier'].includes(a.toArea)) return undefined;
      // The schema types' generator is a script of its own that setup also runs.
      if (a.to === 'scripts/gen-schema-types.mjs') return undefined;
      return 'the build kit imports core, the schemas and the verifier package only';
    case 'web':
      // package.json: the version the page shows.
      return ['verifier', 'backends', 'core', 'schema'].includes(a.toArea) || a.to === 'package.json'
        ? undefined
        : 'the page imports the verifier, the backends, core and the schemas only';
    case 'schema':
      return 'the schemas import nothing';
    default:
      // scripts/*.mjs, e2e/, e2e-firefox/ and the config files are the top: they may import anything.
      return undefined;
  }
}

function areaOf(rel: string): Area | undefined {
  if (!rel.includes('/')) return 'config';
  return AREAS.find(([prefix]) => rel.startsWith(prefix))?.[1];
}

const SOURCE = /\.(ts|mts|mjs|js|svelte)$/;
const SKIP = /(^|\/)(node_modules|generated|dist|public)(\/|$)/;

function sourceFiles(): string[] {
  const roots = [...new Set(AREAS.map(([prefix]) => prefix.split('/')[0]))].filter((d) => d !== 'gnark');
  const files = roots.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
  );
  return [...files, 'vite.config.ts', 'playwright.config.ts'].filter((f) => SOURCE.test(f) && !SKIP.test(f));
}

/** The script blocks of a Svelte file, or the whole text of any other. */
function scriptText(rel: string): string {
  const text = readFileSync(join(root, rel), 'utf8');
  if (!rel.endsWith('.svelte')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

/** Every import of a file with a literal specifier: [specifier, type only]. */
function importsOf(rel: string): [string, boolean][] {
  const source = ts.createSourceFile(rel, scriptText(rel), ts.ScriptTarget.Latest, true);
  const declarationFile = /\.d\.m?ts$/.test(rel);
  const out: [string, boolean][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      out.push([node.moduleSpecifier.text, declarationFile || typeOnly]);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push([node.moduleSpecifier.text, declarationFile || node.isTypeOnly]);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push([node.arguments[0].text, declarationFile]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const lit = node.argument.literal;
      if (ts.isStringLiteral(lit)) out.push([lit.text, true]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The file (relative to the root) or area an import specifier names; undefined for a package from npm. */
function target(from: string, spec: string): { to: string; area: Area } | undefined {
  if (spec.startsWith('.')) {
    const to = relative(root, resolve(root, dirname(from), spec));
    const area = areaOf(to);
    return area ? { to, area } : undefined;
  }
  const name = spec.split('/').slice(0, 2).join('/');
  const area = PACKAGES[name];
  if (!area) return undefined;
  // @zkplay/backends/verifiers → backends/verifiers.ts (the package's exports map).
  const to = name === '@zkplay/backends' && spec.endsWith('/verifiers') ? 'backends/verifiers.ts' : spec;
  const file =
    area === 'verifier'
      ? spec.replace('@zkplay/verifier/', 'verifier/src/')
      : area === 'kit'
        ? `${spec.replace('@zkplay/build-kit/', 'scripts/lib/')}.mjs`
        : to;
  return { to: file, area };
}

function arrows(): Arrow[] {
  const all: Arrow[] = [];
  for (const from of sourceFiles()) {
    const fromArea = areaOf(from)!;
    for (const [spec, typeOnly] of importsOf(from)) {
      const t = target(from, spec);
      if (t && t.area !== fromArea)
        all.push({ from, to: t.to, fromArea, toArea: t.area, typeOnly, byPath: spec.startsWith('.') });
    }
  }
  return all;
}

describe('import boundaries', () => {
  const found = arrows();

  it('reads the imports of the whole tree', () => {
    // A parser that saw nothing would pass every rule: the tree has hundreds of such arrows.
    expect(found.length).toBeGreaterThan(100);
    expect(found.some((a) => a.fromArea === 'web' && a.toArea === 'core')).toBe(true);
  });

  it('every arrow runs the allowed way', () => {
    const wrong = found
      .map((a) => [a, refusal(a)] as const)
      .filter(([, why]) => why)
      .map(([a, why]) => `${a.from} → ${a.to}${a.typeOnly ? ' (types)' : ''}: ${why}`);
    expect(wrong).toEqual([]);
  });

  it('core and the verifier do not import each other both ways', () => {
    const pairs = new Set(found.map((a) => `${a.fromArea}→${a.toArea}`));
    expect(pairs.has('verifier→core') && pairs.has('core→verifier')).toBe(false);
  });

  it('the table refuses the wrong way', () => {
    const arrow = (from: string, to: string, typeOnly = false, byPath = false): Arrow => ({
      from,
      to,
      fromArea: areaOf(from)!,
      toArea: areaOf(to)!,
      typeOnly,
      byPath,
    });
    expect(refusal(arrow('packages/core/statement.ts', 'verifier/src/keys.ts', true))).toBeDefined();
    expect(refusal(arrow('packages/core/protocol.ts', 'web/src/App.svelte'))).toBeDefined();
    expect(refusal(arrow('verifier/src/index.ts', 'web/src/lib/keys.ts'))).toBeDefined();
    expect(refusal(arrow('verifier/src/index.ts', 'backends/gnark/index.ts'))).toBeDefined();
    expect(refusal(arrow('backends/gnark/worker.ts', 'web/src/App.svelte'))).toBeDefined();
    expect(refusal(arrow('backends/gnark/worker.ts', 'verifier/src/index.ts'))).toBeDefined();
    expect(refusal(arrow('backends/gnark/worker.ts', 'verifier/src/backends/spec.ts'))).toBeDefined();
    expect(refusal(arrow('backends/gnark/verifier.ts', 'verifier/src/backends/spec.ts', true))).toBeUndefined();
    expect(refusal(arrow('scripts/lib/steps.mjs', 'backends/registry.ts'))).toBeDefined();
    expect(refusal(arrow('web/src/App.svelte', 'verifier/src/index.ts'))).toBeUndefined();
    expect(refusal(arrow('backends/plonky2/build.mjs', 'scripts/lib/rust.mjs'))).toBeUndefined();
    expect(refusal(arrow('backends/plonky2/build.mjs', 'scripts/lib/rust.mjs', false, true))).toBeDefined();
  });

  it('the backends import the build kit by name', () => {
    const kit = found.filter((a) => a.fromArea === 'backends' && a.toArea === 'kit');
    expect(kit.length).toBeGreaterThan(10);
    expect(kit.filter((a) => a.byPath)).toEqual([]);
  });
});
