import type { FastifyRequest } from 'fastify';
import { API } from '@blooms/shared/contract/api-routes';
import { pathOf } from '@blooms/shared/contract/api-route';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../../db/database';
import { accountOf, customerOf, photoKeyOf } from '../../read-models/account';
import { receiptPageOf } from '../../read-models/receipt-page';
import { cancelSubscription, changeAddress, changeMonths } from '../../services/account/changes';
import { pauseDeliveries, resumeDeliveries, skipMonth, unskipMonth } from '../../services/account/skip-and-pause';
import type { BlobStore } from '../../infrastructure/blob-store';
import { NotFoundError } from '../../domain/errors';
import { setTextsFromAccount } from '../../services/texts';
import type { MailSite } from '../../mail/account-change-email';
import type { PaymentProvider } from '../../payments/provider';
import { subscriberEmailOf, type SubscriberScope } from '../access';
import { sendPhoto } from '../send-photo';
import { serve } from '../serve';

/** Where a door photo of the subscriber's own delivery is served (the route below). */
const photoUrl = (id: string, month: MonthKey) => pathOf(API.accountPhoto, { id, month });

/** A subscriber's own account: what they hold, and the changes they may make to it. */
export function registerAccountRoutes(
  subscriber: SubscriberScope,
  deps: { db: Db; blobs: BlobStore; mailSite: (request: FastifyRequest) => MailSite; clock: () => Date; provider: PaymentProvider },
) {
  const { db } = deps;
  const context = (request: FastifyRequest) => ({ db, site: deps.mailSite(request), now: deps.clock(), refunds: deps.provider });
  const view = (request: FastifyRequest) =>
    accountOf(db, subscriberEmailOf(request), photoUrl, deps.clock(), deps.provider.name === 'stripe');

  serve(subscriber, API.account, async (request) => view(request));

  serve(subscriber, API.skipMonth, async (request) => {
    await skipMonth(context(request), subscriberEmailOf(request), request.params.id, request.params.month, request.query);
    return view(request);
  });

  serve(subscriber, API.unskipMonth, async (request) => {
    await unskipMonth(context(request), subscriberEmailOf(request), request.params.id, request.params.month);
    return view(request);
  });

  serve(subscriber, API.pause, async (request) => {
    await pauseDeliveries(
      context(request),
      subscriberEmailOf(request),
      request.params.id,
      request.body.from,
      request.body.months,
      request.query,
    );
    return view(request);
  });

  serve(subscriber, API.resume, async (request) => {
    await resumeDeliveries(context(request), subscriberEmailOf(request), request.params.id);
    return view(request);
  });

  serve(subscriber, API.changeMonths, async (request) => {
    await changeMonths(context(request), subscriberEmailOf(request), request.params.id, request.body.months);
    return view(request);
  });

  serve(subscriber, API.changeAddress, async (request) => {
    await changeAddress(context(request), subscriberEmailOf(request), request.params.id, request.body);
    return view(request);
  });

  serve(subscriber, API.setTexts, async (request) => {
    await setTextsFromAccount(db, subscriberEmailOf(request), request.params.id, request.body, deps.clock());
    return view(request);
  });

  serve(subscriber, API.cancel, async (request) => {
    const { lastDelivery, refund } = await cancelSubscription(
      context(request),
      subscriberEmailOf(request),
      request.params.id,
      request.body,
    );
    request.log.info(
      {
        subscriptionId: request.params.id,
        lastDelivery: lastDelivery?.date ?? null,
        reason: request.body.reason ?? null,
        refundCents: refund?.amountCents ?? 0,
      },
      'subscription cancelled by its subscriber',
    );
    const account = await view(request);
    return { ...account, lastDelivery: lastDelivery ? formatDeliveryDate(lastDelivery.date, { withYear: true }) : null };
  });

  /** A page of the payment provider's where the subscriber changes the card their deliveries are charged to; it comes back to the account. */
  serve(subscriber, API.cardPage, async (request) => {
    const customerId = await customerOf(db, subscriberEmailOf(request), request.params.id);
    const url = await deps.provider.cardPortalUrl(customerId, deps.mailSite(request).accountUrl);
    if (!url) throw new NotFoundError(ACCOUNT_MESSAGES.noCardPage);
    return { url };
  });

  /** A door photo of the subscriber's own delivery. */
  serve(subscriber, API.accountPhoto, async (request, reply) => {
    const key = await photoKeyOf(db, subscriberEmailOf(request), request.params.id, request.params.month);
    return sendPhoto(reply, deps.blobs, key, 'This delivery has no photo.');
  });

  /** One receipt of the subscriber's own payments, for the page they print it from. */
  serve(subscriber, API.receipt, async (request) =>
    receiptPageOf(db, subscriberEmailOf(request), request.params.number, deps.mailSite(request)),
  );
}
