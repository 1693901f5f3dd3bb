export const CHROMIUM_ARGS: string[];
export function ensureChromium(): string;
export function ensureBrowsers(): { CHROMIUM_PATH: string; CHROMIUM_HEADLESS_SHELL_PATH?: string };
