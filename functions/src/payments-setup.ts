import { ACCOUNT_PATH } from '@blooms/shared/contract/routes';
import { siteUrlOf, type ServerConfig } from './config';
import type { Database } from './db/database';
import type { Logger } from './infrastructure/logger';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { chargeDueMonths, type BillingRun } from './services/billing';
import { billingDue } from './services/billing-due';
import { BillingWorker } from './services/billing-worker';
import { completeGifts } from './services/gifts';
import { recordWorkerRun } from './infrastructure/worker-runs';
import { createFulfilment, type Fulfil } from './services/fulfilment';
import { issueReceipts } from './services/receipts';
import { localProvider } from './payments/local-provider';
import { stripeClient, stripeProvider } from './payments/stripe-provider';

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
  const client = config.stripe ? stripeClient(config.stripe) : null;
  const provider = client ? stripeProvider(client) : localProvider(database.db);
  // Every payment recorded gets its receipt e-mailed: after a checkout, each billing run, and any
  // other settled charge (a webhook, a confirmed authentication, Test billing).
  const sendReceipts = async () => {
    const issued = await issueReceipts(database.db, provider, site, log).catch((error: unknown) => {
      log.error({ err: error }, 'receipts not issued; the next run tries again');
      return 0;
    });
    if (issued > 0) log.info({ receipts: issued }, 'receipts issued');
  };
  const fulfilCheckout = createFulfilment(database.db, site, log, clock);
  const fulfil: Fulfil = async (sessionId, link) => {
    const result = await fulfilCheckout(sessionId, link);
    if (result === 'created') await sendReceipts();
    return result;
  };
  const billing = new BillingWorker(
    async (now) => {
      const due = await billingDue(database.db, studioDate(now));
      const { run, acted } = await chargeDueMonths(database.db, provider, site, log, now, due);
      // A run that carried and tried nothing left the database as due read it: what it found nothing for is skipped.
      if (acted || due.receipts) await sendReceipts();
      // After the charges: a gift whose last delivery has passed ends, and its buyer is told once.
      if (acted || due.gifts) {
        const ended = await completeGifts(database.db, site, now);
        if (ended > 0) log.info({ giftsEnded: ended }, 'gifts ended after their last delivery');
      }
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
  return { provider, site, fulfil, sendReceipts, billing, stripe: client && webhookSecret ? { client, webhookSecret } : null };
}

export type Payments = ReturnType<typeof paymentsFor>;
