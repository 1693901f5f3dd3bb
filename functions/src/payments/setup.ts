import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../services/logger';
import { createFulfilment } from './fulfilment';
import { localProvider } from './local-provider';
import { stripeClient, stripeProvider } from './stripe-provider';

/** Stripe when configured; the built-in test checkout otherwise. */
export function paymentsFor(config: ServerConfig, database: Database, log: Logger) {
  const fulfil = createFulfilment(database.db, config.site, log);
  if (config.stripe) {
    const client = stripeClient(config.stripe);
    return { provider: stripeProvider(client, config.stripe), fulfil, stripe: { client, webhookSecret: config.stripe.webhookSecret } };
  }
  return { provider: localProvider(database.db), fulfil, stripe: null };
}
