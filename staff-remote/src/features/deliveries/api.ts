import { ApiError, apiErrorOf, apiRequest, authHeaders, backendUrl, handleRefusal } from '@blooms/shared/runtime/api-client';
import { ALL_SUBSCRIPTIONS, dashboardViewQuery, type DashboardView, type MonthDelivery, type SubscriptionPage, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { IsoDate, MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { TEST_CLOCK_PATH, type TestClockState } from '@blooms/shared/contract/test-clock';

export interface ProofUpload {
  subscriptionId: string;
  month: MonthKey;
  method: 'hand' | 'door';
  photo?: Blob;
}

/** The staff API for subscriptions and their monthly deliveries (routes in functions/src/http/staff/). */
export const deliveriesApi = {
  listMonth: (month: MonthKey, page: { limit?: number; cursor?: string | null } = {}, view: DashboardView = ALL_SUBSCRIPTIONS) => {
    const query = new URLSearchParams({ month, ...dashboardViewQuery(view) });
    if (page.limit) query.set('limit', String(page.limit));
    if (page.cursor) query.set('cursor', page.cursor);
    return apiRequest<SubscriptionPage>(`/api/subscriptions?${query}`);
  },
  /** The view as a CSV file (every page of it), fetched with the ID token. */
  exportCsv: async (month: MonthKey, view: DashboardView): Promise<Blob> => {
    const query = new URLSearchParams({ month, ...dashboardViewQuery(view) });
    const response = await fetch(backendUrl(`/api/subscriptions.csv?${query}`), { headers: await authHeaders() });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      await handleRefusal(response.status, body);
      throw apiErrorOf(response.status, body, `The export failed (${response.status}).`);
    }
    return response.blob();
  },
  myDeliveries: (month: MonthKey) => apiRequest<SubscriptionRow[]>(`/api/my-deliveries?month=${month}`),
  /** Keeps the order the driver put their stops in; answers with the stops in that order. */
  saveRouteOrder: (month: MonthKey, subscriptionIds: string[]) =>
    apiRequest<SubscriptionRow[]>('/api/my-deliveries/order', { method: 'PUT', body: { month, subscriptionIds } }),
  staff: () => apiRequest<StaffMember[]>('/api/staff'),
  deliveryDate: async (month: MonthKey) => (await apiRequest<MonthDeliveryDate[]>(`/api/delivery-dates?from=${month}&to=${month}`))[0]!,
  /** Admins: moves the month's delivery day, or with null puts it back on the usual day. */
  setDeliveryDate: (month: MonthKey, date: IsoDate | null) => apiRequest<MonthDeliveryDate>(`/api/delivery-dates/${month}`, { method: 'PUT', body: { date } }),
  /** Admins, with the test checkout only: the day the server takes it to be; null when there is no test clock (real payments). */
  testClock: async (): Promise<TestClockState | null> => {
    try {
      return await apiRequest<TestClockState>(TEST_CLOCK_PATH);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /** Pretends it is `today` (null: the real date again). */
  setTestClock: (today: IsoDate | null) => apiRequest<TestClockState>(TEST_CLOCK_PATH, today === null ? { method: 'DELETE' } : { method: 'PUT', body: { today } }),
  advanceStatus: (subscriptionId: string, month: MonthKey, expectedStatus: string) =>
    apiRequest<MonthDelivery>('/api/deliveries/status', { method: 'POST', body: { subscriptionId, month, expectedStatus } }),
  /** Takes back the caller's own "Delivered -> Not Started", within a few seconds of it. */
  undoRevert: (subscriptionId: string, month: MonthKey) =>
    apiRequest<MonthDelivery>('/api/deliveries/undo-revert', { method: 'POST', body: { subscriptionId, month } }),
  /** Assigns the deliveries to this person, or with null to nobody. */
  assign: (month: MonthKey, subscriptionIds: string[], assigneeEmail: string | null) =>
    apiRequest<MonthDelivery[]>('/api/deliveries/assign', { method: 'POST', body: { month, subscriptionIds, assigneeEmail } }),
  recordProof: (upload: ProofUpload, onProgress?: (fraction: number) => void) => sendProof(upload, onProgress),
  /** A delivery photo; photos are for signed-in staff, so they are fetched with the ID token. */
  proofPhoto: async (url: string): Promise<Blob> => {
    const response = await fetch(backendUrl(url), { headers: await authHeaders() });
    if (!response.ok) throw new ApiError(response.status, 'Could not load the delivery photo.');
    return response.blob();
  },
};

/** The fresh row a 409 carries, when someone else changed the delivery first. */
export function freshDeliveryOf(error: unknown): MonthDelivery | null {
  if (error instanceof ApiError && error.status === 409 && error.body && typeof error.body === 'object' && 'delivery' in error.body) {
    return error.body.delivery as MonthDelivery;
  }
  return null;
}

/** XMLHttpRequest rather than fetch: it reports upload progress, which drivers on phones need. */
async function sendProof(upload: ProofUpload, onProgress?: (fraction: number) => void): Promise<MonthDelivery> {
  const headers = await authHeaders();
  const form = new FormData();
  form.set('subscriptionId', upload.subscriptionId);
  form.set('month', upload.month);
  form.set('method', upload.method);
  if (upload.photo) form.set('photo', upload.photo, 'delivery.jpg');

  const { status, body } = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', backendUrl('/api/deliveries/proof'));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed. Check your connection and try again.'));
    xhr.send(form);
  });
  if (status >= 200 && status < 300) return body as MonthDelivery;
  await handleRefusal(status, body);
  throw apiErrorOf(status, body, `The upload failed (${status}).`);
}
