import { ACCOUNT_PATH } from '@blooms/shared/contract/routes';
import { siteUrlOf, type ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../infrastructure/logger';
import { BillingWorker, chargeDueMonths, type BillingRun } from '../services/billing';
import { completeGifts } from '../services/gifts';
import { recordWorkerRun } from '../infrastructure/worker-runs';
import { createFulfilment } from './fulfilment';
import { localProvider } from './local-provider';
import { stripeClient, stripeProvider } from './stripe-provider';

/**
 * Stripe when configured; the built-in test checkout otherwise. Either way, paid checkouts are
 * fulfilled, and each month's delivery charged on its charge date by the billing worker (which
 * also ends gifts whose last delivery has passed), whose every run is kept (for health checks)
 * and told to onBillingRun (metrics). site: where the payer's notices link to.
 */
export function paymentsFor(
  config: ServerConfig,
  database: Database,
  log: Logger,
  clock: () => Date,
  onBillingRun: (run: BillingRun) => void = () => undefined,
) {
  const site = { ...config.site, accountUrl: `${siteUrlOf(config)}${ACCOUNT_PATH}` };
  const fulfil = createFulfilment(database.db, site, log, clock);
  const client = config.stripe ? stripeClient(config.stripe) : null;
  const provider = client ? stripeProvider(client) : localProvider(database.db);
  const billing = new BillingWorker(
    async (now) => {
      const run = await chargeDueMonths(database.db, provider, site, log, now);
      // After the charges: a gift whose last delivery has passed ends, and its buyer is told once.
      const ended = await completeGifts(database.db, site, now);
      if (ended > 0) log.info({ giftsEnded: ended }, 'gifts ended after their last delivery');
      return run;
    },
    clock,
    log,
    async (run, ok) => {
      onBillingRun(run);
      await recordWorkerRun(database.db, 'billing', ok, { ...run });
    },
  );
  const webhookSecret = config.stripe?.webhookSecret;
  return { provider, site, fulfil, billing, stripe: client && webhookSecret ? { client, webhookSecret } : null };
}

export type Payments = ReturnType<typeof paymentsFor>;
