/** What a change made from the account came to: done, or refused with the server's reason (the account is read again either way). */
export type ActResult = { ok: true } | { ok: false; message: string };

/** Runs one of the account's changes; the page then shows the account as it now stands. */
export type Act = (path: string, method: 'PUT' | 'POST' | 'DELETE', body?: unknown) => Promise<ActResult>;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');
