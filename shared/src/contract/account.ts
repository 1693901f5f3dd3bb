import type { TextState } from './texts';
// A subscriber's own view of their subscriptions (/account), and the changes they may make.
import type { ReceiptFacts } from './billing';
import type { IsoDate } from './delivery-dates';
import { addDays, lastDayForChanges } from './delivery-dates';
import type { MonthState, SubscriptionStatus } from './lifecycle';
import type { MonthKey } from './months';
import type { Plan } from './subscriber';
import { PRICE_PER_MONTH_USD } from './site';

export const PRICE_PER_MONTH_CENTS = PRICE_PER_MONTH_USD * 100;

/**
 * A month is charged the day after its last day for changes: until then the subscriber may
 * still skip it, and from then on it is certain to go out.
 */
export function chargeDateFor(deliveryDate: IsoDate): IsoDate {
  return addDays(lastDayForChanges(deliveryDate), 1);
}

/** One coming month of a subscription, as its subscriber sees it. */
export interface AccountMonth {
  month: MonthKey;
  /** The delivery day. */
  date: IsoDate;
  lastDayForChanges: IsoDate;
  state: MonthState;
  /** Whether the subscriber may still skip it (or bring it back). */
  changeable: boolean;
  /** What will be charged for it, in cents: the price for a month that delivers and is not paid yet, else 0. */
  chargeCents: number;
  /** The day it is charged, when chargeCents is not 0. */
  chargeDate: IsoDate | null;
  paid: boolean;
}

/** A month whose delivery day has come. */
export interface AccountPastDelivery {
  month: MonthKey;
  date: IsoDate;
  status: 'delivered' | 'out-for-delivery' | 'not-recorded';
  /** The door photo, when the vase was left at the door. */
  photoUrl: string | null;
}

/** A delivery a payment pays for: the month its money pays for now (a skipped month's money moves on), and what of it was given back. */
export interface AccountPaymentDelivery {
  month: MonthKey;
  amountCents: number;
  refundedCents: number;
}

/**
 * One payment as the card was charged for it: what it took and when, and what of it was given
 * back. A prepaid gift's checkout is one payment of all its deliveries, with one receipt.
 */
export interface AccountPayment {
  /** The first month it pays for now. */
  month: MonthKey;
  amountCents: number;
  paidAt: string;
  refundedCents: number;
  /** All of it given back (a delivery not made when cancelled, or a refund by the florist). */
  refunded: boolean;
  /** Its receipt, as e-mailed; null until it is issued (moments after the charge). */
  receipt: ReceiptFacts | null;
  /** The deliveries it pays for, in month order (one, but for a prepaid gift's checkout). */
  deliveries?: AccountPaymentDelivery[];
}

/** A gift's terms as its buyer sees them, and what giving it again starts from. */
export interface AccountGiftTerms {
  /** Its length in deliveries; 0 while it runs until cancelled. */
  deliveries: number;
  prepaid: boolean;
  /** Deliveries still to come, for a gift that ends. */
  left: number;
  /** The month of its last delivery, for a gift that ends. */
  lastMonth: MonthKey | null;
  /** The recipient's and buyer's details, for the subscribe form when the buyer continues the gift. */
  continueWith: { firstName: string; lastName: string; email: string; phone: string; buyerName: string; buyerEmail: string };
}

export interface AccountSubscription {
  id: string;
  plan: Plan;
  months: number[];
  recipient: string;
  deliverTo: string;
  /** The address as its form shows it (the state is always Utah). */
  address: { address: string; unit: string; city: string; zip: string };
  deliveryNotes: string;
  gift: boolean;
  /** A gift's length and payment; null when people subscribe for themselves. */
  giftTerms: AccountGiftTerms | null;
  /** What a cancellation now would refund: a prepaid gift's deliveries it would not make. */
  refundIfCancelledCents: number;
  status: SubscriptionStatus;
  /** "Active", "Cancelled, last delivery December 2026"... */
  statusLabel: string;
  pausedFrom: MonthKey | null;
  pausedUntil: MonthKey | null;
  /** This month and the next twelve. */
  coming: AccountMonth[];
  /** The delivery day a cancellation now would keep as the last (one paid for, or too close to change); null when none would come. */
  lastDeliveryIfCancelled: IsoDate | null;
  past: AccountPastDelivery[];
  payments: AccountPayment[];
  /** Delivery-day texts: on (to which number) or off, since when and how; absent from a server without texts. */
  texts?: TextState;
}

export interface Account {
  email: string;
  /** Whether the card can be changed from here (Stripe's customer portal); the test checkout has no card. */
  cardUpdates: boolean;
  subscriptions: AccountSubscription[];
}

/** The longest pause, in months. */
export const MAX_PAUSE_MONTHS = 3;

/** How long the sign-in page waits before offering to send the link again (the e-mail can take a minute; the server also limits links per hour). */
export const SIGN_IN_RESEND_SECONDS = 30;

/** Why a subscriber cancels: a short list, then "other" in their own words. The account offers a pause or a skip instead where one fits. */
export const CANCEL_REASONS = [
  { id: 'away', label: 'I will be away for a while', offer: 'pause' },
  { id: 'too-expensive', label: 'It costs more than I want to spend', offer: 'skip' },
  { id: 'too-often', label: 'Flowers every month are too many', offer: 'skip' },
  { id: 'moving', label: 'I am moving out of the delivery area', offer: null },
  { id: 'not-as-hoped', label: 'The flowers or the delivery were not what I hoped', offer: null },
  { id: 'other', label: 'Something else', offer: null },
] as const satisfies readonly { id: string; label: string; offer: 'pause' | 'skip' | null }[];
export type CancelReason = (typeof CANCEL_REASONS)[number]['id'];
export const CANCEL_REASON_IDS = CANCEL_REASONS.map((reason) => reason.id) as [CancelReason, ...CancelReason[]];
/** The longest "other" reason kept. */
export const CANCEL_OTHER_MAX = 500;
