export const CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
export const WIDE_ARITHMETIC_JS_FLAG: string;
export function chromiumLaunchOptions(options?: { wide?: boolean }): { executablePath: string; args: string[] };
