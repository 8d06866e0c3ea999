// TOML (Cargo.toml, Cargo.lock, rust-toolchain.toml) through the pinned smol-toml package,
// loaded on first use: setup.mjs and start.mjs import the modules that read TOML before npm ci
// has installed it (setup-imports.test.ts), and call them only after.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const smolToml = () => require('smol-toml');

export const parseToml = (text) => smolToml().parse(text);
export const readToml = (path) => parseToml(readFileSync(path, 'utf8'));
export const stringifyToml = (value) => smolToml().stringify(value);
