import { staffApi } from '@blooms/shared/runtime/staff-api';
import type { FailedReason } from '@blooms/shared/contract/failed-attempts';
import type { MonthKey } from '@blooms/shared/contract/months';

/** The failed-attempt calls, by the route table (contract/failed-attempts-api-routes.ts). */
export const failedAttemptsApi = {
  /** "Could not deliver", with a reason and, if taken, a photo: one multipart request. */
  markFailed: (input: { subscriptionId: string; month: MonthKey; reason: FailedReason; photo?: Blob }) => {
    const { photo, ...fields } = input;
    return staffApi.markFailed({ body: fields, files: photo ? { photo } : {} });
  },
  reschedule: (input: { subscriptionId: string; month: MonthKey; date: string; assigneeEmail?: string }) =>
    staffApi.reschedule({ body: input }),
};
