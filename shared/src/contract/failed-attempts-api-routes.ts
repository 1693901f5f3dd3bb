// The failed-attempt routes (contract/failed-attempts.ts), part of the route table: the staff
// ones are spread into STAFF_ROUTES, the admin setting into ADMIN_ROUTES.
import { z } from 'zod';
import { apiRoute, pathOf } from './api-route';
import { monthDeliverySchema } from './deliveries-api';
import { failedDeliveryPolicyReplySchema, failedDeliveryPolicySchema, markFailedSchema, rescheduleSchema } from './failed-attempts';
import { MONTH_KEY_PATTERN } from './months';

const photoParams = z.strictObject({
  subscriptionId: z.uuid({ error: 'subscriptionId must be a subscription id.' }),
  month: z.string().regex(MONTH_KEY_PATTERN, 'month must be a month as YYYY-MM.'),
});

export const FAILED_ATTEMPT_STAFF_ROUTES = {
  /** "Could not deliver", with a reason and optionally a photo: one multipart request, as a door photo's. */
  markFailed: apiRoute({
    method: 'POST',
    path: '/api/deliveries/could-not-deliver',
    access: 'staff',
    request: 'multipart',
    body: markFailedSchema,
    response: monthDeliverySchema,
  }),
  /** Moves a failed stop to another day (after the delivery day) and, if asked, another driver: it is Not started again. */
  reschedule: apiRoute({
    method: 'POST',
    path: '/api/deliveries/reschedule',
    access: 'staff',
    body: rescheduleSchema,
    response: monthDeliverySchema,
  }),
  /** The photo a driver took of a failed attempt. */
  failedPhoto: apiRoute({
    method: 'GET',
    path: '/api/deliveries/:subscriptionId/:month/could-not-deliver/photo',
    access: 'staff',
    params: photoParams,
    reply: 'file',
  }),
  /** What the studio does after a failed attempt (read by staff screens to say it). */
  failedPolicy: apiRoute({
    method: 'GET',
    path: '/api/site-settings/failed-delivery',
    access: 'staff',
    response: failedDeliveryPolicyReplySchema,
  }),
};

export const FAILED_ATTEMPT_ADMIN_ROUTES = {
  /** Sets what the studio does after a failed attempt: another try the next day, or pick up at the studio. */
  setFailedPolicy: apiRoute({
    method: 'PUT',
    path: '/api/site-settings/failed-delivery',
    access: 'admin',
    body: failedDeliveryPolicySchema,
    response: failedDeliveryPolicyReplySchema,
  }),
};

/** Where a failed attempt's photo is served (staff only); named here since the row carries it on the live feed. */
export const failedPhotoPath = (subscriptionId: string, month: string) =>
  pathOf(FAILED_ATTEMPT_STAFF_ROUTES.failedPhoto, { subscriptionId, month });
