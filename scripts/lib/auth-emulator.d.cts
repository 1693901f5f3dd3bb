export interface AuthEmulator {
  host: string;
  stop: () => Promise<void>;
}
export function startAuthEmulator(options: { port?: number; projectId: string; log?: (line: string) => void }): Promise<AuthEmulator>;
export function waitForHttp(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
export function freePort(): Promise<number>;
export function freePorts(count: number): Promise<number[]>;
export function idTokenFor(host: string, email: string): Promise<string>;
