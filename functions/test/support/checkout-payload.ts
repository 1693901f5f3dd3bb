// What the checkout tests send: a valid subscribe form as the browser builds it (Maria Lopez of
// Salt Lake City, a Custom plan of January and March), and the callable that takes it.
import type { FastifyInstance } from 'fastify';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import type { CheckoutPayload } from '@blooms/shared/contract/checkout';
import { allMonthsSelected, MONTH_NAMES } from '@blooms/shared/contract/months';

const customMonths = Object.fromEntries(MONTH_NAMES.map((m) => [m, m === 'January' || m === 'March'])) as ReturnType<
  typeof allMonthsSelected
>;

export function payload(overrides: Partial<CheckoutPayload> = {}): CheckoutPayload {
  return {
    ...buildCheckoutPayload({
      ...EMPTY_SUBSCRIBE_FORM,
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '(801) 555-0101',
      address: '215 E 400 S',
      unit: 'Apt 3',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84111',
      deliveryNotes: 'Gate code 4412',
      plan: 'custom',
      selectedMonths: customMonths,
    }),
    ...overrides,
  };
}

export const call = (app: FastifyInstance, name: string, data: unknown) =>
  app.inject({ method: 'POST', url: `/api/${name}`, payload: { data } });
