// Why a proof file was not verified, as a code a program can branch on and a reason a person
// can read. "rejected" is the only code that means the cryptography ran and said no; every other
// code means the file never reached a verifier (or its keys could not be trusted).
export type RefusalCode =
  | 'malformed' // not JSON, not a zkplay proof file
  | 'too-large' // over the size limit, refused before parsing
  | 'unsupported-version' // version 1 or a future version
  | 'invalid-file' // does not follow schema/proof-file.schema.json
  | 'invalid-input' // a statement no proof can have: length not a whole number within capacity, digest not 32 bytes
  | 'unknown-backend' // no verifier for this backend here
  | 'unknown-key' // made with keys this deployment (or package) does not have
  | 'mismatch' // the file's hash, proof system, field or configuration disagree with its backend's key
  | 'corrupt-proof' // proof bytes that cannot be a proof of this key (size, encoding, points)
  | 'corrupt-artifact' // a key or verifier file that does not match its sha256 or cannot be read
  | 'rejected' // the proof does not verify for this statement
  | 'internal'; // a bug: reported, never "verified"

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
