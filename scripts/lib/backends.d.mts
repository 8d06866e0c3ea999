export const backendsDir: string;
export function backendFile(id: string, file: string): string;
export function backendIds(file?: string): string[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each backend file exports its own functions (build, test, bench)
export function importBackendFile(id: string, file: string): Promise<any>;
