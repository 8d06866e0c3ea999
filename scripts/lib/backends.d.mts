export const backendsDir: string;
export function backendFile(id: string, file: string): string;
export function backendIds(file?: string): string[];
export function importBackendFile(id: string, file: string): Promise<any>;
