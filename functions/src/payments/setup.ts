import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { outboxMailer, smtpMailer } from '../mail/mailer';
import type { Logger } from '../services/logger';
import { createFulfilment } from './fulfilment';
import { localProvider } from './local-provider';
import { stripeClient, stripeProvider } from './stripe-provider';

/** Stripe and SMTP when configured; the built-in test checkout and the outbox folder otherwise. */
export function paymentsFor(config: ServerConfig, database: Database, log: Logger) {
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config.outboxDir, config.mailFrom);
  const fulfil = createFulfilment(database.db, mailer, config.site, log);
  if (config.stripe) {
    const client = stripeClient(config.stripe);
    return { provider: stripeProvider(client, config.stripe), fulfil, stripe: { client, webhookSecret: config.stripe.webhookSecret } };
  }
  return { provider: localProvider(database.db), fulfil, stripe: null };
}
