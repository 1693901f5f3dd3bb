export const repoRoot: string;
export const REMOTES: Record<string, { devPort: number }>;
export const APPS: string[];
export function buildMarker(app: string): string;
export function appsNeedingBuild(): string[];
export function backendNeedsBuild(): boolean;
