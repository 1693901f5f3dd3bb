/** What the checks read of the settings (config.ts ServerConfig). */
export interface SettingsChecked {
  host: string;
  authEmulatorHost: string | null;
  publicUrl: string | null;
  stripe: { webhookSecret: string | null } | null;
  testClock: boolean;
  testClockStart: Date | null;
}

/** Addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Whether the backend serves more than this machine: it listens beyond it, or says its public address is not this machine's. */
export function isDeployed(host: string, publicUrl: string | null): boolean {
  return !isLoopbackHost(host) || (publicUrl !== null && !isLoopbackHost(new URL(publicUrl).hostname));
}

/** The settings that are unsafe together, refused at start with the reason and the way out. */
export function refuseUnsafe(env: Record<string, string | undefined>, config: SettingsChecked, options: { takesWebhooks: boolean }): void {
  const reachable = !isLoopbackHost(config.host);
  if (config.authEmulatorHost && reachable && env.ALLOW_AUTH_EMULATOR_ON_NETWORK !== 'true') {
    throw new Error(
      `The Auth emulator signs tokens nobody can verify, so anyone could sign in as anyone: HOST=${config.host} would open that to the network. ` +
        'Listen on 127.0.0.1, use real Firebase Auth (unset FIREBASE_AUTH_EMULATOR_HOST), or set ALLOW_AUTH_EMULATOR_ON_NETWORK=true for a closed test network.',
    );
  }
  const payments = env.PAYMENTS;
  if (payments !== undefined && payments !== 'stripe' && payments !== 'test')
    throw new Error(`PAYMENTS must be 'stripe' or 'test', got '${payments}'.`);
  if (payments === 'stripe' && !config.stripe) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET).');
  if (config.stripe && !config.stripe.webhookSecret && options.takesWebhooks)
    throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY.');
  if (isDeployed(config.host, config.publicUrl) && !config.stripe && payments !== 'test') {
    throw new Error(
      'This backend is deployed (it listens beyond this machine or has a public PUBLIC_URL) but has no payment provider: visitors would get the free test checkout. ' +
        'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test to offer the test checkout on purpose.',
    );
  }
  if (config.testClockStart && !config.testClock)
    throw new Error(
      'TEST_CLOCK_START needs the test clock (the test checkout, on this machine or with TEST_CLOCK=true): otherwise the server keeps the real time.',
    );
  if (reachable && !config.publicUrl) {
    throw new Error(
      `PUBLIC_URL must be set when the backend listens beyond this machine (HOST=${config.host}): links in e-mails, the sitemap and payment return pages are made from it.`,
    );
  }
}
