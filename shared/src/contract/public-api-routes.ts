// Part of the route table (api-routes.ts): a module per access level, so a browser app bundles only the routes it calls.
import { z } from 'zod';
import { signInLinkRequestSchema, signInLinkSentSchema } from './account-api';
import { apiRoute } from './api-route';
import { APP_CONFIG_PATH, WEB_VITALS_PATH } from './app-config';
import { checkoutPayloadSchema, checkoutStartedSchema, checkoutVerifySchema, checkoutVerifiedSchema } from './checkout';
import { UPCOMING_DELIVERIES_PATH, type UpcomingDelivery } from './order';
import { UNREADABLE_REPLY_PATH } from './unreadable-reply';
import { trackedStopSchema, trackParamsSchema } from './tracking';
import { TEXT_REPLIES_PATH } from './texts';

const upcomingDeliverySchema = z.object({ month: z.string(), date: z.string() }) satisfies z.ZodType<UpcomingDelivery>;

/** For everyone. */
export const PUBLIC_ROUTES = {
  /** The browser's configuration, read by the host at boot (before it knows where the API is: it fetches this path itself). */
  appConfig: apiRoute({ method: 'GET', path: APP_CONFIG_PATH, access: 'public' }),
  /** For uptime checks: 503 when the site cannot work, else 200 with the problems in words. */
  health: apiRoute({ method: 'GET', path: '/api/health', access: 'public' }),
  /** Web-vitals beacons: best-effort, so the body is read by the route and a malformed one dropped, never refused. */
  vitals: apiRoute({ method: 'POST', path: WEB_VITALS_PATH, access: 'public', request: 'raw', status: 204, reply: 'empty' }),
  /** A page reports a reply it could not read (contract/unreadable-reply.ts): best-effort, like the web vitals. */
  unreadableReply: apiRoute({ method: 'POST', path: UNREADABLE_REPLY_PATH, access: 'public', request: 'raw', status: 204, reply: 'empty' }),
  /** The delivery days still to come: the subscribe form shows a plan's first delivery from them. */
  upcomingDeliveries: apiRoute({
    method: 'GET',
    path: UPCOMING_DELIVERIES_PATH,
    access: 'public',
    response: z.array(upcomingDeliverySchema),
  }),
  /** A stop's tracking page on its delivery day, by the token in the "on the way" e-mail: only that stop's progress. */
  trackStop: apiRoute({
    method: 'GET',
    path: '/api/track/:token',
    access: 'public',
    params: trackParamsSchema,
    response: trackedStopSchema,
  }),
  /** The door photo of a delivered stop, by the same token (no guessable address). */
  trackPhoto: apiRoute({ method: 'GET', path: '/api/track/:token/photo', access: 'public', params: trackParamsSchema, reply: 'file' }),
  /** E-mails a sign-in link to the address, if it subscribes; the answer is the same either way. */
  signInLink: apiRoute({
    method: 'POST',
    path: '/api/account/sign-in-link',
    access: 'public',
    body: signInLinkRequestSchema,
    response: signInLinkSentSchema,
    status: 202,
  }),
  /** Firebase callables (the SDK's callable client sends `{ data }`, gets `{ result }`). */
  createCheckoutSession: apiRoute({
    method: 'POST',
    path: '/api/createCheckoutSession',
    access: 'public',
    request: 'callable',
    body: checkoutPayloadSchema,
    response: checkoutStartedSchema,
  }),
  verifyCheckoutSession: apiRoute({
    method: 'POST',
    path: '/api/verifyCheckoutSession',
    access: 'public',
    request: 'callable',
    body: checkoutVerifySchema,
    response: checkoutVerifiedSchema,
  }),
  /** Stripe's signed events; only with Stripe configured. */
  stripeWebhook: apiRoute({ method: 'POST', path: '/api/stripe/webhook', access: 'public', request: 'raw' }),
  /** Replies to delivery-day texts (STOP, START, HELP), signed by Twilio; only with Twilio configured. Answers TwiML. */
  textReplies: apiRoute({ method: 'POST', path: TEXT_REPLIES_PATH, access: 'public', request: 'raw', reply: 'file' }),
};
