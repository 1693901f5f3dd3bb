import { siteUrlOf, type ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../services/logger';
import { createFulfilment } from './fulfilment';
import { applyProviderEvent, type ProviderEvent } from '../services/lifecycle';
import { localProvider } from './local-provider';
import { stripeClient, stripeProvider } from './stripe-provider';

/** Stripe when configured; the built-in test checkout otherwise. Either way, paid checkouts are fulfilled and later events applied here. */
export function paymentsFor(config: ServerConfig, database: Database, log: Logger) {
  const fulfil = createFulfilment(database.db, { ...config.site, accountUrl: `${siteUrlOf(config)}/account` }, log);
  const applyEvent = (event: ProviderEvent) => applyProviderEvent(database.db, event, config.site);
  if (config.stripe) {
    const client = stripeClient(config.stripe);
    return { provider: stripeProvider(client, config.stripe), fulfil, applyEvent, stripe: { client, webhookSecret: config.stripe.webhookSecret } };
  }
  return { provider: localProvider(database.db), fulfil, applyEvent, stripe: null };
}
