// The formatters decide layout: prettier (TypeScript, Svelte, JavaScript; .prettierrc.json),
// gofmt (gnark/, results/) and rustfmt (crates/ and tools/halo2-evm). `npm test`
// checks; `node scripts/format.mjs` rewrites. Each reports the files it would change.
import { join } from 'node:path';
import { ensureToolchain } from './rust.mjs';
import { capture, root, run } from './steps.mjs';

// The Rust workspaces, formatted by the repository's rustfmt.toml.
const RUST_WORKSPACES = ['crates', 'tools/halo2-evm'];

export async function checkFormatting() {
  const problems = [];
  try {
    await run(join(root, 'node_modules', '.bin', 'prettier'), ['--check', '--log-level', 'warn', '.']);
  } catch {
    problems.push('prettier: the files above are not formatted');
  }
  const gofmt = capture('gofmt', ['-l', 'gnark', 'results']);
  if (gofmt === undefined) problems.push('gofmt did not run');
  else if (gofmt.trim()) problems.push(`gofmt: not formatted:\n  ${gofmt.trim().split('\n').join('\n  ')}`);
  await ensureToolchain(root); // the pinned nightly with its rustfmt component
  for (const dir of RUST_WORKSPACES) {
    try {
      await run('cargo', ['fmt', '--all', '--check'], { cwd: join(root, dir) });
    } catch {
      problems.push(`rustfmt: ${dir} is not formatted (diff above)`);
    }
  }
  if (problems.length) throw new Error(`${problems.join('\n')}\nrun node scripts/format.mjs to format the tree`);
}

export async function formatTree() {
  await run(join(root, 'node_modules', '.bin', 'prettier'), ['--write', '--log-level', 'warn', '.']);
  await run('gofmt', ['-w', 'gnark', 'results']);
  await ensureToolchain(root);
  for (const dir of RUST_WORKSPACES) await run('cargo', ['fmt', '--all'], { cwd: join(root, dir) });
}
