import { API } from '@blooms/shared/contract/api-routes';
import type { BillingWorker } from '../../services/billing-worker';
import type { TestClock } from '../../services/test-clock';
import { callerOf, type AdminScope } from '../access';
import { serve } from '../serve';

/**
 * The test clock, for admins, with the test checkout only (see TestClock). Moving it runs the
 * billing worker at once, so the charges due by the pretended day are taken as they would be.
 */
export function registerTestClockRoutes(admin: AdminScope, clock: TestClock, billing: BillingWorker) {
  serve(admin, API.testClock, () => clock.state());

  serve(admin, API.setTestClock, async (request) => {
    const state = clock.set(request.body.today);
    request.log.warn({ today: state.today, by: callerOf(request).email }, 'test clock moved');
    await billing.runDue();
    return state;
  });

  serve(admin, API.resetTestClock, (request) => {
    request.log.warn({ by: callerOf(request).email }, 'test clock back to the real time');
    return clock.set(null);
  });
}
