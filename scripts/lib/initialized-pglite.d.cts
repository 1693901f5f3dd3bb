export function initializedPglite(dataDir: string): Promise<void>;
