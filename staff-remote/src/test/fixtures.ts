import { monthKey } from '@blooms/shared/contract/months';
import type { MonthDelivery, SubscriptionRow } from '@blooms/shared/contract/deliveries';

export const THIS_MONTH = monthKey(new Date());

export function row(id: string, overrides: Partial<SubscriptionRow> = {}, delivery: Partial<MonthDelivery> = {}): SubscriptionRow {
  return {
    id,
    firstName: `First-${id}`,
    lastName: 'Person',
    email: `${id}@example.com`,
    phone: '8015550101',
    address: '215 E 400 S',
    unit: 'Apt 3',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84111',
    deliveryNotes: '',
    buyerName: '',
    giftMessage: '',
    createdAt: '2026-10-01T15:30:00.000Z',
    lifecycle: { status: 'active', statusFrom: '2026-10', endsAfter: null },
    vasesOut: 1,
    delivery: {
      subscriptionId: id,
      month: THIS_MONTH,
      scheduled: true,
      heldBy: null,
      status: 'not-started',
      assignedTo: null,
      assigneeName: null,
      proofImageUrl: null,
      updatedAt: null,
      state: delivery.scheduled === false ? (delivery.heldBy ?? 'not-in-plan') : 'delivering',
      firstDelivery: null,
      pickup: false,
      ...delivery,
    },
    ...overrides,
  };
}
