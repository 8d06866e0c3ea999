// Globals that gnark/cmd/wasm defines in the worker (Go's own `Go` class: @zkplay/core/go-wasm).

interface GnarkError extends Error {
  code?: string;
}

/** A phase timed in Go, labelled from gnark/prover/phases.json (the shape every backend reports). */
interface GnarkPhase {
  id: string;
  label: string;
  ms: number;
}

interface GnarkWasm {
  load(ccs: Uint8Array, pk: Uint8Array, vk: Uint8Array): Promise<{ phases: GnarkPhase[]; circuit: { constraints: number }; capacityBytes: number }>;
  prove(message: Uint8Array): Promise<{ proof: Uint8Array; phases: GnarkPhase[] }>;
  verify(proof: Uint8Array, digest: Uint8Array, length: number): Promise<{ ok: boolean; phases: GnarkPhase[] }>;
  /**
   * The two-instance path (gnark/prover/twoparts.go, whose header draws the schedule). This
   * instance: begin, toCoefficientsC, proceed, quotient, zHead, finish. The second instance
   * (loadKey first): cosetOf(B) and fromCoefficients(C) beside proceed, wireMSMs beside quotient,
   * zPart beside zHead. Vectors are 32 bytes per element.
   */
  begin(message: Uint8Array): Promise<{ b: Uint8Array; wires: Uint8Array; nbPublic: number; witnessMs: number }>;
  toCoefficientsC(): Promise<{ c: Uint8Array }>;
  proceed(): Promise<unknown>;
  quotient(b: Uint8Array, c: Uint8Array): Promise<{ tail: Uint8Array; from: number }>;
  zHead(): Promise<unknown>;
  finish(part: Uint8Array, wires: Uint8Array): Promise<{ proof: Uint8Array }>;
  loadKey(pk: Uint8Array): Promise<{ ms: number }>;
  cosetOf(v: Uint8Array): Promise<{ v: Uint8Array }>;
  fromCoefficients(v: Uint8Array): Promise<{ v: Uint8Array }>;
  wireMSMs(wires: Uint8Array, nbPublic: number): Promise<{ parts: Uint8Array }>;
  zPart(tail: Uint8Array, from: number): Promise<{ part: Uint8Array }>;
  memory(): Promise<{ heapSys: number; heapInuse: number; totalAlloc: number; numGC: number }>;
  allocate(mib: number): Promise<unknown>;
}

// `var`, not let/const: only a var declaration in global scope types a property of globalThis.
/* eslint-disable no-var -- the three globals main.go sets on globalThis (see above) */
declare var zkplayGnark: GnarkWasm | undefined;
declare var zkplayGnarkReady: boolean | undefined;
declare var zkplayGnarkOnReady: (() => void) | undefined;
/* eslint-enable no-var */
