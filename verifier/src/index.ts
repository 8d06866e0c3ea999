// zkplay-verifier: checks a zkplay proof file against the keys of a build, in browsers and Node.
//
//   import { verify } from 'zkplay-verifier';
//   const r = await verify(await file.text());   // { ok, backend, statement, keyHash, reason?, code?, ms }
//   r.statement.hash                              // 'keccak-256' or 'blake2s-256': digest = hash(M)
//   statementMatches(file, message)               // is the file's statement about these bytes?
//   await toCalldata(file)                        // { function, proof, input, data } for the verifier contract (gnark, bellman)
//
// `ok` is true only when the proof verifies for the statement written in the file, under a key
// the package ships (or the keys.json given in options). Everything else is ok: false with a
// code and a reason; verify() never throws. Only the verifier a file needs is loaded: the one its
// backend's folder declares (backends/<id>/verifier.ts), a verifier in TypeScript or the
// backend's verifier-only wasm.
import { loadChecked, loadBytes, type Fetch } from './assets';
import { backendHash, findKey, readKeyManifest, short, type BackendKeys, type KeyManifest } from './keys';
import { hashLabel, hashMessage, type HashId } from './hash';
import { parseProofFile, toHex } from './proof-file';
import { Refusal, type RefusalCode } from './refusal';
import type { BackendVerifier, SolidityCall } from './backends/types';
import { checkStatement } from '@zkplay/core/statement';
import { verifiers as specs } from '@zkplay/backends/verifiers';

export { parseProofFile, encodeProofFile, type ProofFile, type ParsedProof } from './proof-file';
export {
  readKeyManifest,
  keyFor,
  findKey,
  backendHash,
  type KeyManifest,
  type BackendKeys,
  type KeyEntry,
} from './keys';
export { HASH_IDS, DEFAULT_HASH, isHashId, hashLabel, hashMessage, type HashId } from './hash';
export { Refusal, type RefusalCode } from './refusal';
export type { SolidityCall } from './backends/types';

export interface VerifyOptions {
  /** keys.json to trust, as a URL (key files are found next to it) or as an object with the URL its files are relative to. Default: the keys shipped with the package. */
  keys?: string | URL | { manifest: KeyManifest; base: string | URL };
  /** fetch to use for http(s) URLs (default: globalThis.fetch). */
  fetch?: Fetch;
}

export interface VerifyResult {
  ok: boolean;
  /** What the file claims (present once the file could be read). */
  backend?: string;
  /** hash: the hash of the statement (digest = hash(M), |M| = length), keccak-256 for a file that names none. */
  statement?: { hash: HashId; digest: string; length: number };
  keyHash?: string;
  /** Why not, when ok is false; code says which kind of no (see RefusalCode). */
  reason?: string;
  code?: RefusalCode;
  /** Wall time of the whole call, in milliseconds (loading keys and the verifier included). */
  ms: number;
  /** The verifier's own timing of the cryptographic check. */
  verifyMs?: number;
  /** How the key's setup was made, from keys.json (e.g. single-party at build time: test only). */
  setup?: BackendKeys['setup'];
}

// Where the package's own keys are, next to its entry file. A variable, not a literal: bundlers
// (the page's vite among them) rewrite `new URL('literal', import.meta.url)` into assets.
const SHIPPED_KEYS = './keys/keys.json';
const defaultKeys = () => new URL(SHIPPED_KEYS, import.meta.url);
const manifests = new Map<string, Promise<KeyManifest>>();
const verifiers = new Map<string, Promise<BackendVerifier>>();

async function keyManifest(opt: VerifyOptions['keys'], fetchFn?: Fetch): Promise<{ manifest: KeyManifest; base: URL }> {
  if (opt && typeof opt === 'object' && 'manifest' in opt)
    return { manifest: readKeyManifest(opt.manifest), base: new URL(opt.base) };
  const url = opt ? new URL(opt, typeof location === 'undefined' ? undefined : location.href) : defaultKeys();
  let p = manifests.get(url.href);
  if (!p) {
    p = loadBytes(url, fetchFn).then(
      (bytes) => readKeyManifest(JSON.parse(new TextDecoder().decode(bytes))),
      (e) => {
        throw new Refusal('corrupt-artifact', `could not load the key manifest ${url.href}: ${(e as Error).message}`);
      },
    );
    manifests.set(url.href, p);
    p.catch(() => manifests.delete(url.href));
  }
  return { manifest: await p, base: url };
}

/** What the backend's folder declares about its verifier (backends/<id>/verifier.ts), if this package has it. */
const specFor = (backendId: string) => (Object.hasOwn(specs, backendId) ? specs[backendId] : undefined);

/**
 * The verifier for a backend's proofs: the TypeScript verifier its folder declares, else the
 * verifier-only wasm keys.json lists for it (what a 'wasm' backend declares, and all a backend
 * this package has no folder for can have).
 */
function verifierFor(backendId: string, keys: BackendKeys, base: URL, fetchFn?: Fetch): Promise<BackendVerifier> {
  const cacheKey = `${base.href}#${backendId}`;
  let v = verifiers.get(cacheKey);
  if (!v) {
    v = (async () => {
      const spec = specFor(backendId);
      if (spec?.kind === 'typescript') return spec.load();
      if (keys.verifier) {
        const wasm = await loadChecked(base, keys.verifier.wasm, fetchFn);
        const { wasmVerifier } = await import('./backends/wasm');
        return wasmVerifier(new URL(keys.verifier.glue.file, base), wasm);
      }
      throw new Refusal(
        'unknown-backend',
        `no verifier for ${backendId} proofs (${keys.proofSystem} over ${keys.field}) in this package`,
      );
    })();
    verifiers.set(cacheKey, v);
    v.catch(() => verifiers.delete(cacheKey));
  }
  return v;
}

export async function verify(
  proofFile: string | Uint8Array | ArrayBuffer | object,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const t0 = performance.now();
  const out: VerifyResult = { ok: false, ms: 0 };
  try {
    const file = parseProofFile(proofFile);
    out.backend = file.backend;
    out.statement = { hash: file.hash, digest: toHex(file.digest), length: file.length };
    out.keyHash = file.keyHash;
    const { manifest, base } = await keyManifest(options.keys, options.fetch);
    const { backend, entry } = findKey(manifest, file);
    out.setup = backend.setup;
    try {
      checkStatement(file.digest, file.length, entry.capacityBytes, file.hash);
    } catch (e) {
      throw new Refusal('invalid-input', `the statement is refused: ${(e as Error).message}`);
    }
    const [vk, verifier] = await Promise.all([
      loadChecked(base, entry.vk, options.fetch),
      verifierFor(file.backend, backend, base, options.fetch),
    ]);
    let answer;
    try {
      answer = await verifier.verify({
        config: entry.config,
        keyHash: entry.keyHash,
        vk,
        proof: file.proof,
        digest: file.digest,
        length: file.length,
        hash: backendHash(backend),
      });
    } catch (e) {
      verifiers.delete(`${base.href}#${file.backend}`); // a trapped wasm instance is not reused
      throw e;
    }
    out.verifyMs = answer.phases?.reduce((n, p) => n + p.ms, 0);
    if (answer.ok) {
      out.ok = true;
    } else {
      out.code = answer.code ?? 'rejected';
      out.reason = answer.reason ?? 'the proof does not verify';
      if (out.code === 'rejected')
        out.reason = `the proof does not verify for this statement under key ${short(entry.keyHash)}: ${out.reason}`;
    }
  } catch (e) {
    out.ok = false;
    if (e instanceof Refusal) {
      out.code = e.code;
      out.reason = e.message;
    } else {
      out.code = 'internal';
      out.reason = `internal error: ${(e as Error)?.message ?? String(e)}`;
    }
  }
  out.ms = performance.now() - t0;
  return out;
}

/** What a proof file claims, read without verifying it; throws a Refusal for a file that cannot be read. */
export interface Statement {
  backend: string;
  /** The hash of the statement: the proof is about a message M with hash(M) = digest. */
  hash: HashId;
  /** e.g. "Keccak-256", "BLAKE2s-256". */
  hashLabel: string;
  /** The digest, 64 lowercase hex digits. */
  digest: string;
  length: number;
}

export function statementOf(proofFile: string | Uint8Array | ArrayBuffer | object): Statement {
  const file = parseProofFile(proofFile);
  return {
    backend: file.backend,
    hash: file.hash,
    hashLabel: hashLabel(file.hash),
    digest: toHex(file.digest),
    length: file.length,
  };
}

/**
 * Whether the file's statement is about this message: its length, and its digest under the
 * file's hash. Says nothing about the proof (verify() does); a dApp checks both. Throws a Refusal
 * for a file that cannot be read.
 */
export function statementMatches(proofFile: string | Uint8Array | ArrayBuffer | object, message: Uint8Array): boolean {
  const s = statementOf(proofFile);
  return message.length === s.length && toHex(hashMessage(s.hash, message)) === s.digest;
}

/**
 * The calldata that verifies this proof on the EVM, for backends whose build has a verifier
 * contract (their backends/<id>/verifier.ts says so, and for which proof system and field):
 * `verifyProof(bytes proof, uint256[n] input)`, the same function for gnark's contract (BN254)
 * and bellman's (BLS12-381, EIP-2537; one contract per capacity, keys.json lists it with the
 * key). Undefined for the other backends. Throws a Refusal for a file that cannot be read or a
 * proof that does not decode.
 */
export async function toCalldata(
  proofFile: string | Uint8Array | ArrayBuffer | object,
): Promise<SolidityCall | undefined> {
  const file = parseProofFile(proofFile);
  const evm = specFor(file.backend)?.evm;
  if (!evm || file.proofSystem !== evm.proofSystem || file.field !== evm.field) return undefined;
  const call = await evm.load();
  try {
    return call(file.proof, file.digest, file.length);
  } catch (e) {
    throw new Refusal('corrupt-proof', `the proof does not decode for the contract: ${(e as Error).message}`);
  }
}
