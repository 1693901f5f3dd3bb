import type { Account } from '@blooms/shared/contract/account';

/** What a change made from the account came to: done, or refused with the server's reason (the account is read again either way). */
export type ActResult = { ok: true } | { ok: false; message: string };

/** Runs one of the account's changes (a call of accountApi, which answers with the account as it now stands); the page then shows that account. */
export type Act = (change: () => Promise<Account>) => Promise<ActResult>;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');
