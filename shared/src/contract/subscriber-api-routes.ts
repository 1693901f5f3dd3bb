// Part of the route table (api-routes.ts): a module per access level, so a browser app bundles only the routes it calls.
import {
  accountMonthParamsSchema,
  accountSchema,
  accountSubscriptionParamsSchema,
  addressChangeSchema,
  cancelledAccountSchema,
  cancelRequestSchema,
  cardPageSchema,
  insteadOfCancellingSchema,
  monthsChangeSchema,
  pauseRequestSchema,
} from './account-api';
import { textSettingSchema } from './texts-api';
import { apiRoute } from './api-route';
import { receiptPageSchema, receiptParamsSchema } from './receipts';

/** A subscriber's own account: every change answers with the account as it now stands. */
export const SUBSCRIBER_ROUTES = {
  account: apiRoute({ method: 'GET', path: '/api/account', access: 'subscriber', response: accountSchema }),
  skipMonth: apiRoute({
    method: 'PUT',
    path: '/api/account/subscriptions/:id/skips/:month',
    access: 'subscriber',
    params: accountMonthParamsSchema,
    query: insteadOfCancellingSchema,
    response: accountSchema,
  }),
  unskipMonth: apiRoute({
    method: 'DELETE',
    path: '/api/account/subscriptions/:id/skips/:month',
    access: 'subscriber',
    params: accountMonthParamsSchema,
    response: accountSchema,
  }),
  pause: apiRoute({
    method: 'PUT',
    path: '/api/account/subscriptions/:id/pause',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    query: insteadOfCancellingSchema,
    body: pauseRequestSchema,
    response: accountSchema,
  }),
  resume: apiRoute({
    method: 'DELETE',
    path: '/api/account/subscriptions/:id/pause',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    response: accountSchema,
  }),
  changeMonths: apiRoute({
    method: 'PUT',
    path: '/api/account/subscriptions/:id/months',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    body: monthsChangeSchema,
    response: accountSchema,
  }),
  changeAddress: apiRoute({
    method: 'PUT',
    path: '/api/account/subscriptions/:id/address',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    body: addressChangeSchema,
    response: accountSchema,
  }),
  /** Delivery-day texts on (with the number and the consent wording shown) or off; recorded with its time either way. */
  setTexts: apiRoute({
    method: 'PUT',
    path: '/api/account/subscriptions/:id/texts',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    body: textSettingSchema,
    response: accountSchema,
  }),
  /** Cancelling, with why (optional: an empty body cancels with no reason kept). */
  cancel: apiRoute({
    method: 'POST',
    path: '/api/account/subscriptions/:id/cancel',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    body: cancelRequestSchema,
    response: cancelledAccountSchema,
  }),
  /** The payment provider's page where the subscriber changes their card. */
  cardPage: apiRoute({
    method: 'POST',
    path: '/api/account/subscriptions/:id/card',
    access: 'subscriber',
    params: accountSubscriptionParamsSchema,
    response: cardPageSchema,
  }),
  /** A door photo of the subscriber's own delivery. */
  accountPhoto: apiRoute({
    method: 'GET',
    path: '/api/account/subscriptions/:id/photos/:month',
    access: 'subscriber',
    params: accountMonthParamsSchema,
    reply: 'file',
  }),
  /** One receipt of the subscriber's own payments, for its printable page. */
  receipt: apiRoute({
    method: 'GET',
    path: '/api/account/receipts/:number',
    access: 'subscriber',
    params: receiptParamsSchema,
    response: receiptPageSchema,
  }),
};
