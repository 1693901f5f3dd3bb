/**
 * How long a test waits for a change to reach another open screen by itself (no reload). The
 * product's latency is measured by `pnpm bench:firebase`; a test only checks the change comes.
 */
export const LIVE = { timeout: 5000 };
