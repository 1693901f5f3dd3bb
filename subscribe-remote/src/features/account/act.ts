/** Runs one of the account's changes; the page shows the server's refusal, if any, and the account as it now stands. */
export type Act = (path: string, method: 'PUT' | 'POST' | 'DELETE', body?: unknown) => Promise<boolean>;
