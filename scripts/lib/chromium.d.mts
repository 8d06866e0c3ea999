export const CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
export function chromiumLaunchOptions(): { executablePath: string; args: string[] };
