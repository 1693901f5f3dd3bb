// Part of the route table (api-routes.ts): a module per access level, so a browser app bundles only the routes it calls.
import { FAILED_ATTEMPT_ADMIN_ROUTES } from './failed-attempts-api-routes';
import { z } from 'zod';
import { apiRoute } from './api-route';
import { staffRefundSchema } from './billing';
import { businessFiguresQuerySchema, businessFiguresSchema, paymentToChaseSchema } from './business-figures';
import { deliveryDateChangeSchema, deliveryDateParamsSchema, monthDeliveryDateSchema } from './deliveries-api';
import { subscriptionHistorySchema } from './subscription-history';
import { TEST_CLOCK_PATH } from './test-clock';
import { testClockChangeSchema, testClockStateSchema } from './test-clock-api';
import { managedUserSchema, userInputSchema, userRecordSchema } from './users';

// Any id is looked up: one that is not a user's, malformed or not, is a 404.
const userParams = z.strictObject({ id: z.string().max(100) });
const historyParams = z.strictObject({ id: z.uuid({ error: 'There is no such subscription.' }) });
const historyPhotoParams = historyParams.extend({ eventId: z.coerce.number().int().positive() });

/** Admins only. */
export const ADMIN_ROUTES = {
  users: apiRoute({ method: 'GET', path: '/api/users', access: 'admin', response: z.array(managedUserSchema) }),
  addUser: apiRoute({
    method: 'POST',
    path: '/api/users',
    access: 'admin',
    body: userInputSchema,
    response: userRecordSchema,
    status: 201,
  }),
  updateUser: apiRoute({
    method: 'PUT',
    path: '/api/users/:id',
    access: 'admin',
    params: userParams,
    body: userInputSchema,
    response: userRecordSchema,
  }),
  removeUser: apiRoute({ method: 'DELETE', path: '/api/users/:id', access: 'admin', params: userParams, status: 204, reply: 'empty' }),
  /** Moves a month's delivery day, or with date null puts it back on the usual day. */
  setDeliveryDate: apiRoute({
    method: 'PUT',
    path: '/api/delivery-dates/:month',
    access: 'admin',
    params: deliveryDateParamsSchema,
    body: deliveryDateChangeSchema,
    response: monthDeliveryDateSchema,
  }),
  subscriptionHistory: apiRoute({
    method: 'GET',
    path: '/api/subscriptions/:id/history',
    access: 'admin',
    params: historyParams,
    response: subscriptionHistorySchema,
  }),
  /** Refunds a charged month, whole or part (contract/billing.ts); answers with the history, the refund in it. */
  refundMonth: apiRoute({
    method: 'POST',
    path: '/api/subscriptions/:id/refunds',
    access: 'admin',
    params: historyParams,
    body: staffRefundSchema,
    response: subscriptionHistorySchema,
  }),
  /** A door photo the history shows, by the delivery event that left it. */
  historyPhoto: apiRoute({
    method: 'GET',
    path: '/api/subscriptions/:id/history/photos/:eventId',
    access: 'admin',
    params: historyPhotoParams,
    reply: 'file',
  }),
  /** The owner's figures for a range of months (contract/business-figures.ts). */
  businessFigures: apiRoute({
    method: 'GET',
    path: '/api/business-figures',
    access: 'admin',
    query: businessFiguresQuerySchema,
    response: businessFiguresSchema,
  }),
  /** Subscriptions whose payment has not gone through, longest owing first (contract/business-figures.ts). */
  paymentsToChase: apiRoute({
    method: 'GET',
    path: '/api/payments-to-chase',
    access: 'admin',
    response: z.array(paymentToChaseSchema),
  }),
  /** E-mails the payer the card-update link again, at most once a day per subscription; answers with the list. */
  sendCardLinkAgain: apiRoute({
    method: 'POST',
    path: '/api/payments-to-chase/:id/card-link',
    access: 'admin',
    params: historyParams,
    response: z.array(paymentToChaseSchema),
  }),
  /** With the test checkout only (no such routes with real payments): the day the server takes it to be. */
  testClock: apiRoute({ method: 'GET', path: TEST_CLOCK_PATH, access: 'admin', response: testClockStateSchema }),
  setTestClock: apiRoute({
    method: 'PUT',
    path: TEST_CLOCK_PATH,
    access: 'admin',
    body: testClockChangeSchema,
    response: testClockStateSchema,
  }),
  resetTestClock: apiRoute({ method: 'DELETE', path: TEST_CLOCK_PATH, access: 'admin', response: testClockStateSchema }),
  ...FAILED_ATTEMPT_ADMIN_ROUTES,
};
