// The suite's own promise to the journeys that share a stack: one that moved the server's day
// and ended without putting it back (a timeout before its clean-up) leaves the next at the real date.
import { addDays } from '@blooms/shared/contract/delivery-dates';
import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { expect, studioToday, test } from '../support/test';
import { moveClock } from '../support/test-clock';
import { ADMIN_EMAIL, idTokenFor } from '../support/session';

test.describe.configure({ mode: 'serial' });

test('a journey moves the server’s day and ends before its own clean-up', async ({ request }) => {
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  await moveClock(request, headers, addDays(studioToday(), 3));
});

test('the next journey on the stack starts at the real date', async ({ request }) => {
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const state = await (await request.get(TEST_CLOCK_PATH, { headers })).json();
  expect(state).toEqual({ today: studioToday(), pretending: false });
});
