import { expect, type APIRequestContext } from '@playwright/test';
import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';

/** Sets the server's pretended day through the admin's test clock (null: back to the real date). */
export async function moveClock(request: APIRequestContext, headers: Record<string, string>, today: string | null): Promise<void> {
  const moved = today
    ? await request.put(TEST_CLOCK_PATH, { headers, data: { today } })
    : await request.delete(TEST_CLOCK_PATH, { headers });
  expect(moved.status()).toBe(200);
}
