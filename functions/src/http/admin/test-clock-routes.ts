import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { testClockChangeSchema, testClockStateSchema } from '@blooms/shared/contract/test-clock-api';
import type { BillingWorker } from '../../services/billing';
import type { TestClock } from '../../services/test-clock';
import { callerOf, type AdminScope } from '../access';

/**
 * The test clock, for admins, with the test checkout only (see TestClock). Moving it runs the
 * billing worker at once, so the charges due by the pretended day are taken as they would be.
 */
export function registerTestClockRoutes(admin: AdminScope, clock: TestClock, billing: BillingWorker) {
  const response = { 200: testClockStateSchema };
  admin.get(TEST_CLOCK_PATH, { schema: { response } }, () => clock.state());

  admin.put(TEST_CLOCK_PATH, { schema: { body: testClockChangeSchema, response } }, async (request) => {
    const state = clock.set(request.body.today);
    request.log.warn({ today: state.today, by: callerOf(request).email }, 'test clock moved');
    await billing.runDue();
    return state;
  });

  admin.delete(TEST_CLOCK_PATH, { schema: { response } }, (request) => {
    request.log.warn({ by: callerOf(request).email }, 'test clock back to the real time');
    return clock.set(null);
  });
}
