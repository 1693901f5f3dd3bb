// The test clock API's requests and answers, checked by the server (the browser sends what test-clock.ts describes).
import { z } from 'zod';
import { isIsoDate } from './delivery-dates';
import { TEST_CLOCK_MESSAGES } from './test-clock';

export const testClockChangeSchema = z.strictObject({
  today: z.string({ error: TEST_CLOCK_MESSAGES.notADate }).refine(isIsoDate, TEST_CLOCK_MESSAGES.notADate),
});
export const testClockStateSchema = z.object({ today: z.string(), pretending: z.boolean() });
