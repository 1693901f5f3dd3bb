import { DEFAULT_SITE_CONTACT, type SiteContact } from '@blooms/shared/contract/site';
import type { ServerConfig } from './config';

/** Addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Whether the backend serves more than this machine: it listens beyond it, or says its public address is not this machine's. */
export function isDeployed(host: string, publicUrl: string | null): boolean {
  return !isLoopbackHost(host) || (publicUrl !== null && !isLoopbackHost(new URL(publicUrl).hostname));
}

/** The settings that are unsafe together, refused at start with the reason and the way out. */
export function refuseUnsafe(env: Record<string, string | undefined>, config: ServerConfig, options: { takesWebhooks: boolean }): void {
  refuseDefaultContact(env, config.site);
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

/**
 * The business contact details the site shows in its footer, FAQ and e-mails, with the setting
 * of each. Their defaults are made up (a placeholder street, a .example address, a 555 number),
 * for the local stack only.
 */
const CONTACT_SETTINGS = [
  ['CONTACT_EMAIL', 'contactEmail'],
  ['CONTACT_PHONE', 'phone'],
  ['STREET_ADDRESS', 'streetAddress'],
] as const satisfies readonly (readonly [string, keyof SiteContact])[];

/** The contact settings still at their made-up defaults (set to the default's value counts too). */
export function contactSettingsAtDefault(site: SiteContact): string[] {
  return CONTACT_SETTINGS.filter(([, field]) => site[field] === DEFAULT_SITE_CONTACT[field]).map(([setting]) => setting);
}

/**
 * Whether this is the shop's live site: a production process (NODE_ENV=production, as the
 * Cloud Functions runtime sets it, or Cloud Functions itself: K_SERVICE) that is not the
 * Firebase emulator and takes real payments (not PAYMENTS=test, the test checkout on purpose:
 * a staging or demo site).
 */
export function isProduction(env: Record<string, string | undefined>): boolean {
  const productionProcess = env.NODE_ENV === 'production' || Boolean(env.K_SERVICE);
  return productionProcess && env.FUNCTIONS_EMULATOR !== 'true' && env.PAYMENTS !== 'test';
}

/** What is said about contact details left at their defaults: the settings to set, and where. */
export function defaultContactMessage(settings: string[]): string {
  return (
    `The business contact details are still the made-up defaults (${settings.join(', ')}): visitors would see them in the footer, the FAQ and e-mails. ` +
    'Set them to the studio’s own (docs/configuration.md).'
  );
}

/** Production refuses to start with made-up contact details; anywhere else they are only warned about (warnDefaultContact). */
export function refuseDefaultContact(env: Record<string, string | undefined>, site: SiteContact): void {
  const atDefault = contactSettingsAtDefault(site);
  if (atDefault.length > 0 && isProduction(env))
    throw new Error(`${defaultContactMessage(atDefault)} The live site does not start with them.`);
}

/** Logs the warning at start when contact details are still the defaults (pnpm start, a staging site, the emulators). */
export function warnDefaultContact(site: SiteContact, log: { warn: (fields: object, message: string) => void }): void {
  const atDefault = contactSettingsAtDefault(site);
  if (atDefault.length > 0) log.warn({ settings: atDefault }, defaultContactMessage(atDefault));
}
