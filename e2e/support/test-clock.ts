import { expect, type APIRequestContext } from '@playwright/test';
import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import type { MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { noteClockMoved, studioToday } from './test';

/** Sets the server's pretended day through the admin's test clock (null: back to the real date). */
export async function moveClock(request: APIRequestContext, headers: Record<string, string>, today: string | null): Promise<void> {
  const moved = today
    ? await request.put(TEST_CLOCK_PATH, { headers, data: { today } })
    : await request.delete(TEST_CLOCK_PATH, { headers });
  expect(moved.status()).toBe(200);
  noteClockMoved(today ? headers : null);
}

/** The delivery day whose work is today or next, and the one after it (by the suite's clock). */
export async function workAndNext(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<[MonthDeliveryDate, MonthDeliveryDate]> {
  const today = studioToday();
  const thisMonth = today.slice(0, 7);
  const days = (await (
    await request.get(`/api/delivery-dates?from=${thisMonth}&to=${addMonths(thisMonth, 2)}`, { headers })
  ).json()) as MonthDeliveryDate[];
  return days[0]!.date >= today ? [days[0]!, days[1]!] : [days[1]!, days[2]!];
}
