import type { z } from 'zod';
import type { MonthState, SubscriptionStatus } from './lifecycle';
import { MONTH_NAMES } from './months';
import type { IsoDate } from './delivery-dates';
import type { monthDeliverySchema, subscriptionPageSchema, subscriptionRowSchema } from './deliveries-api';

/** The dashboard's columns, in order: the table's headings and the CSV export's first columns. */
export const DASHBOARD_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Address',
  'Unit',
  'City',
  'State',
  'ZIP',
  'Notes',
  'Status',
  'Deliver This Month',
  'Assigned',
  'Submitted',
] as const;

export const DELIVERY_STATUSES = ['not-started', 'out-for-delivery', 'delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export function isDeliveryStatus(value: unknown): value is DeliveryStatus {
  return typeof value === 'string' && (DELIVERY_STATUSES as readonly string[]).includes(value);
}

/** Any value that is not a known status shows as 'unknown', so an unexpected value in a row never breaks the screen. */
export function displayStatus(value: string): DeliveryStatus | 'unknown' {
  return isDeliveryStatus(value) ? value : 'unknown';
}

/** 'out-for-delivery' -> 'Out For Delivery' (hyphens to spaces, each word capitalised). */
export function statusLabel(value: string): string {
  return displayStatus(value)
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The dashboard pill: not-started -> out-for-delivery -> delivered; anything else -> not-started. */
export function nextStatus(value: string): DeliveryStatus {
  if (value === 'not-started') return 'out-for-delivery';
  if (value === 'out-for-delivery') return 'delivered';
  return 'not-started';
}

export const NOTES_PREVIEW_LENGTH = 60;

export function notesPreview(notes: string): string {
  return notes.length > NOTES_PREVIEW_LENGTH ? `${notes.slice(0, NOTES_PREVIEW_LENGTH)}...` : notes;
}

/** One subscription as staff see it for one month, its delivery, and a page of the month list: deliveries-api.ts. */
export type SubscriptionRow = z.output<typeof subscriptionRowSchema>;
export type MonthDelivery = z.output<typeof monthDeliverySchema>;
export type SubscriptionPage = z.output<typeof subscriptionPageSchema>;

export const AUTO_ASSIGNED = ['last-month', 'territory'] as const;
export type AutoAssigned = (typeof AUTO_ASSIGNED)[number];
/** The mark beside such an assignment on the dashboard. */
export const AUTO_ASSIGNED_LABELS: Record<AutoAssigned, string> = { 'last-month': 'as last month', territory: 'by territory' };

/** '2026-12-10' -> 'December 10'. */
export function monthDay(date: IsoDate): string {
  return `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** Why a month does not deliver, as staff read it beside "No". */
const NO_DELIVERY_REASONS: Record<Exclude<MonthState, 'delivering' | 'stopped' | 'before-first'>, string> = {
  'not-in-plan': 'not in plan',
  skipped: 'skipped',
  paused: 'paused',
  ended: 'after the last delivery',
};
const STOPPED_REASONS: Record<SubscriptionStatus, string> = {
  active: 'held',
  'past-due': 'held, past due',
  'needs-authentication': 'held, awaiting authentication',
  disputed: 'held, disputed',
  paused: 'paused',
  cancelled: 'cancelled',
  complete: 'gift complete',
};

/** "Deliver This Month" as staff screens and the CSV say it: "Yes", "No (skipped)", "No (first delivery December 10)". */
export function deliverThisMonthLabel(row: Pick<SubscriptionRow, 'delivery' | 'lifecycle'>): string {
  const { delivery } = row;
  if (delivery.scheduled) return 'Yes';
  if (delivery.pickup) return 'No (collect the vase)';
  if (delivery.state === 'before-first')
    return delivery.firstDelivery ? `No (first delivery ${monthDay(delivery.firstDelivery)})` : 'No (before the first delivery)';
  if (delivery.state === 'stopped') return `No (${STOPPED_REASONS[row.lifecycle.status]})`;
  if (delivery.state === 'delivering') return 'No';
  return `No (${NO_DELIVERY_REASONS[delivery.state]})`;
}

export const PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

/** Public maps search URL for an address: it opens in any browser or maps app, with no key or account. */
export function mapSearchUrl(row: Pick<SubscriptionRow, 'address' | 'city' | 'state' | 'zip'>): string {
  const query = [row.address, row.city, row.state, row.zip].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * Turn-by-turn directions in the phone's own maps app: Apple Maps on an iPhone or iPad,
 * Google Maps (app or site) elsewhere.
 */
export function navigateUrl(row: Pick<SubscriptionRow, 'address' | 'city' | 'state' | 'zip'>, apple: boolean): string {
  const destination = encodeURIComponent([row.address, row.city, `${row.state} ${row.zip}`].filter(Boolean).join(', '));
  return apple
    ? `https://maps.apple.com/?daddr=${destination}&dirflg=d`
    : `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving`;
}

/** How the dashboard's list is narrowed and ordered; every field is optional, '' means "any". */
export interface DashboardView {
  /** Matches name, e-mail, phone (digits), address, city or ZIP. */
  search: string;
  /** A delivery status, or 'not-delivered': not started or still out. */
  status: '' | DeliveryStatus | 'not-delivered';
  /** An assignee's e-mail, 'unassigned' (nobody's) or 'assigned' (anyone's). */
  assignee: string;
  /**
   * What the viewed month is for the subscription: 'yes' a delivery goes out (in the plan, and the
   * subscription running then), 'no' none does, 'pickup' a pickup-only stop (contract/vases.ts),
   * 'stop' either a delivery or a pickup: every stop of the day.
   */
  scheduled: '' | ScheduledView;
  city: string;
  /** The subscription's status: active, past due, paused, cancelled. */
  subscription: '' | SubscriptionStatus;
  sort: DashboardSort;
}

export const SCHEDULED_VIEWS = ['yes', 'no', 'pickup', 'stop'] as const;
export type ScheduledView = (typeof SCHEDULED_VIEWS)[number];

export const DASHBOARD_SORTS = ['newest', 'name', 'zip'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export const DASHBOARD_SORT_LABELS: Record<DashboardSort, string> = { newest: 'Newest first', name: 'Last name', zip: 'ZIP code' };

export const ALL_SUBSCRIPTIONS: DashboardView = {
  search: '',
  status: '',
  assignee: '',
  scheduled: '',
  city: '',
  subscription: '',
  sort: 'newest',
};

/** The view as query parameters (only what narrows or orders it), for the list and its CSV export. */
export function dashboardViewQuery(view: DashboardView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.search.trim()) query.q = view.search.trim();
  if (view.status) query.status = view.status;
  if (view.assignee) query.assignee = view.assignee;
  if (view.scheduled) query.scheduled = view.scheduled;
  if (view.city.trim()) query.city = view.city.trim();
  if (view.subscription) query.subscription = view.subscription;
  if (view.sort !== 'newest') query.sort = view.sort;
  return query;
}

/** After a status change on the dashboard (a step forward, or Delivered set back), its Undo stays offered this long. */
export const REVERT_UNDO_SECONDS = 10;
/** The server takes an Undo this long after the revert: the offer's time plus a slow connection's. */
export const REVERT_UNDO_ACCEPTED_SECONDS = REVERT_UNDO_SECONDS + 20;

/** A narrowed dashboard view counts its matches only this far: counting 100,000 rows per page costs more than the number is worth. */
export const MATCH_COUNT_LIMIT = 1000;

/** The total as the dashboard says it: "1,000+" once a narrowed view's count reached its limit. */
export function formatTotal(total: number, narrowed: boolean): string {
  return narrowed && total > MATCH_COUNT_LIMIT ? `${MATCH_COUNT_LIMIT.toLocaleString('en-US')}+` : total.toLocaleString('en-US');
}

/** What a driver needs to read at the door: a gift's sender and card message first, then the delivery notes. */
export function notesForStaff(row: Pick<SubscriptionRow, 'deliveryNotes' | 'buyerName' | 'giftMessage'>): string {
  const gift = row.buyerName ? `Gift from ${row.buyerName}.${row.giftMessage ? ` Card: “${row.giftMessage}”` : ''}` : '';
  return [gift, row.deliveryNotes].filter(Boolean).join(' ');
}
