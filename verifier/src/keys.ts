// keys.json: the verifying keys of one build (schema/keys.schema.json, the one definition; its
// types are generated from it by scripts/gen-schema-types.mjs). A proof file names its key by
// sha256; this module finds that key, and says plainly when a file comes from keys this build
// does not have.
import { DEFAULT_HASH, hashLabel, type HashId } from './hash';
import { checkShape } from './validate';
import { Refusal } from './refusal';
import type { BackendKeys, KeyEntry, KeyFile, KeyManifest } from './generated/schema-types';

export type { BackendKeys, KeyEntry, KeyFile, KeyManifest };

type Config = Record<string, string | number | boolean>;

export function readKeyManifest(raw: unknown): KeyManifest {
  return checkShape<KeyManifest>('keys', raw, 'keys.json is refused: ', (m) => new Refusal('corrupt-artifact', m));
}

/** Two configurations are the same when they have the same knobs with the same values, in any order. */
export function sameConfig(a: Config, b: Config): boolean {
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a[k] === b[k])
  );
}

/** The entry of this backend and configuration (what the page writes into a proof file it makes). */
export function keyFor(m: KeyManifest, backend: string, config: Config): KeyEntry | undefined {
  return m.backends[backend]?.entries.find((e) => sameConfig(e.config, config));
}

/** The hash a backend's statements use, as keys.json declares it (absent: keccak-256, as before there was a choice). */
export const backendHash = (b: BackendKeys): HashId => b.hash ?? DEFAULT_HASH;

/**
 * The verifier contract's files for proofs under this key ('Solidity verifier', 'verifier ABI',
 * 'verifier bytecode'): the key's own (bellman: one contract per capacity), else the backend's
 * (gnark); undefined for a backend without a contract.
 */
export const contractFiles = (b: BackendKeys, entry: KeyEntry): Record<string, KeyFile> | undefined =>
  entry.solidity ?? b.solidity;

export interface FoundKey {
  backend: BackendKeys;
  entry: KeyEntry;
}

/**
 * The key a proof file claims, checked against everything else the file says. Refuses with
 * 'unknown-backend', 'mismatch' (the file's hash is not the one the backend's statements use),
 * 'unknown-key' (made with keys this build does not have: another build, or a forged hash) or
 * 'mismatch' (a known key, but the file's proof system, field or config differ).
 */
export function findKey(
  m: KeyManifest,
  file: { backend: string; proofSystem: string; field: string; config: Config; keyHash: string; hash: HashId },
): FoundKey {
  const backend = m.backends[file.backend];
  if (!backend) {
    const known = Object.keys(m.backends).join(', ');
    throw new Refusal(
      'unknown-backend',
      `no verifier for backend "${file.backend}" here (this build verifies ${known})`,
    );
  }
  // Before anything else about the key: a proof of another hash's statement proves nothing about
  // this digest, whatever its cryptography says (e.g. a BLAKE2s proof relabelled Keccak-256).
  const declared = backendHash(backend);
  if (file.hash !== declared) {
    throw new Refusal(
      'mismatch',
      `the file says its statement is ${hashLabel(file.hash)} (hash "${file.hash}"), but ${file.backend} proves ${hashLabel(declared)} statements ("${declared}"): a proof of one hash says nothing about a digest of another`,
    );
  }
  const entry = backend.entries.find((e) => e.keyHash === file.keyHash);
  if (!entry) {
    const elsewhere = Object.entries(m.backends).find(([, b]) => b.entries.some((e) => e.keyHash === file.keyHash));
    if (elsewhere)
      throw new Refusal(
        'mismatch',
        `the file says backend "${file.backend}" but its key ${short(file.keyHash)} is a ${elsewhere[0]} key`,
      );
    throw new Refusal(
      'unknown-key',
      `made with keys this deployment does not have (verifying key sha256 ${short(file.keyHash)}): it comes from another build of zkplay, or its key hash was altered`,
    );
  }
  if (file.proofSystem !== backend.proofSystem || file.field !== backend.field) {
    throw new Refusal(
      'mismatch',
      `the file says ${file.proofSystem} over ${file.field}, but key ${short(file.keyHash)} is ${backend.proofSystem} over ${backend.field}`,
    );
  }
  if (!sameConfig(file.config, entry.config)) {
    throw new Refusal(
      'mismatch',
      `the file's configuration ${JSON.stringify(file.config)} is not the one key ${short(file.keyHash)} was made for (${JSON.stringify(entry.config)})`,
    );
  }
  return { backend, entry };
}

export const short = (hash: string) => `${hash.slice(0, 12)}…`;
