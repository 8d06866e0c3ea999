// Types of solidity.mjs (plain JavaScript: build.mjs imports it unbuilt).
export const CODE_LIMIT_BYTES: number;
export function verifierSource(o: { vk: Uint8Array; blocks: number; capacityBytes: number; keyHash: string }): string;
export function compileBellmanVerifier(
  solPath: string,
): Promise<{ abi: unknown[]; bytecode: string; deployedBytes: number; solc: string }>;
