import { ApiError } from '@blooms/shared/runtime/api-client';
import { staffApi } from '@blooms/shared/runtime/staff-api';
import { ALL_SUBSCRIPTIONS, dashboardViewQuery, type DashboardView, type MonthDelivery } from '@blooms/shared/contract/deliveries';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { paramsFrom } from '@blooms/shared/contract/api-route';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { IsoDate } from '@blooms/shared/contract/delivery-dates';
import type { TestClockState } from '@blooms/shared/contract/test-clock';

export interface ProofUpload {
  subscriptionId: string;
  month: MonthKey;
  method: 'hand' | 'door';
  photo?: Blob;
}

/** The staff API for subscriptions and their monthly deliveries, by the route table (contract/staff-api-routes.ts). */
export const deliveriesApi = {
  listMonth: (month: MonthKey, page: { limit?: number; cursor?: string | null } = {}, view: DashboardView = ALL_SUBSCRIPTIONS) =>
    staffApi.listMonth({ query: { month, ...dashboardViewQuery(view), limit: page.limit, cursor: page.cursor ?? undefined } }),
  /** The view as a CSV file (every page of it), fetched with the ID token. */
  exportCsv: (month: MonthKey, view: DashboardView) => staffApi.exportCsv({ query: { month, ...dashboardViewQuery(view) } }),
  myDeliveries: (month: MonthKey) => staffApi.myDeliveries({ query: { month } }),
  /** My Deliveries' opening: the start month and the caller's stops in it. */
  myDeliveriesStart: () => staffApi.myDeliveriesStart(),
  /** Keeps the order the driver put their stops in; answers with the stops in that order. */
  saveRouteOrder: (month: MonthKey, subscriptionIds: string[]) => staffApi.saveRouteOrder({ body: { month, subscriptionIds } }),
  /** On the delivery day: the caller's not-started stops go out for delivery at once; answers with the stops in route order. */
  startMyRoute: (month: MonthKey) => staffApi.startMyRoute({ body: { month } }),
  staff: () => staffApi.staffMembers(),
  /** The month staff screens open on: where the work is. */
  startMonth: () => staffApi.startMonth(),
  /** The month's stops counted by where they stand, and each driver's progress. */
  daySummary: (month: MonthKey) => staffApi.daySummary({ query: { month } }),
  deliveryDate: async (month: MonthKey) => (await staffApi.deliveryDates({ query: { from: month, to: month } }))[0]!,
  /** Admins: moves the month's delivery day, or with null puts it back on the usual day. */
  setDeliveryDate: (month: MonthKey, date: IsoDate | null) => staffApi.setDeliveryDate({ params: { month }, body: { date } }),
  /** Admins, with the test checkout only: the day the server takes it to be; null when there is no test clock (real payments). */
  testClock: async (): Promise<TestClockState | null> => {
    try {
      return await staffApi.testClock();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /** Pretends it is `today` (null: the real date again). */
  setTestClock: (today: IsoDate | null) => (today === null ? staffApi.resetTestClock() : staffApi.setTestClock({ body: { today } })),
  advanceStatus: (subscriptionId: string, month: MonthKey, expectedStatus: string) =>
    staffApi.advanceStatus({ body: { subscriptionId, month, expectedStatus } }),
  /** Takes back the caller's own "Delivered -> Not Started", within a few seconds of it. */
  undoRevert: (subscriptionId: string, month: MonthKey) => staffApi.undoRevert({ body: { subscriptionId, month } }),
  /** Assigns the deliveries to this person, or with null to nobody. */
  assign: (month: MonthKey, subscriptionIds: string[], assigneeEmail: string | null) =>
    staffApi.assign({ body: { month, subscriptionIds, assigneeEmail } }),
  /** The month's stops with their places (all of them, or with mine only the caller's), for the map and for assigning by area. */
  dayStops: (month: MonthKey, mine = false) => staffApi.dayStops({ query: { month, assignee: mine ? 'me' : undefined } }),
  /** Applies an area split as it was previewed; a 409 says the stops changed meanwhile and nothing was assigned. */
  assignByArea: (month: MonthKey, split: { driver: string; subscriptionIds: string[] }[]) =>
    staffApi.assignByArea({ body: { month, split } }),
  /** Keeps the month's assignments made as last month or by territory (the marks go), or clears them. */
  settleAutoAssigned: (month: MonthKey, action: 'keep' | 'clear') => staffApi.settleAutoAssigned({ body: { month, action } }),
  /** Each driver's territory. */
  territories: () => staffApi.territories(),
  /** Makes these ZIP codes the driver's territory; answers with every territory. */
  setTerritory: (driver: string, zips: string[]) => staffApi.setTerritory({ body: { driver, zips } }),
  /** Hand Delivered, or Left at Door with its photo, in one upload that reports its progress. */
  recordProof: ({ photo, ...fields }: ProofUpload, onProgress?: (fraction: number) => void) =>
    staffApi.recordProof({ body: fields, files: photo ? { photo } : {}, onProgress }),
  /** A delivery's door photo, at the address its row gives; photos are for signed-in staff, so they are fetched with the ID token. */
  proofPhoto: (url: string) => staffApi.proofPhoto({ params: paramsFrom(STAFF_ROUTES.proofPhoto, url) }),
};

/** The fresh row a 409 carries, when someone else changed the delivery first. */
export function freshDeliveryOf(error: unknown): MonthDelivery | null {
  if (error instanceof ApiError && error.status === 409 && error.body && typeof error.body === 'object' && 'delivery' in error.body) {
    return error.body.delivery as MonthDelivery;
  }
  return null;
}
