// Stateful modules are imported by package name, never by relative path: that is what
// Module Federation matches to hand every remote the host's single instance.
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { MESSAGES, NO_USER_RECORD } from '../contract/messages';

/** An HTTP error from the backend, with the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** The backend's URL for an API path (the API may live on another origin). */
export function backendUrl(path: string): string {
  return `${useAppConfig.getState().config?.apiBaseUrl ?? ''}${path}`;
}

/** The signed-in person's ID token as an Authorization header; none when signed out. */
export async function authHeaders(): Promise<Record<string, string>> {
  const token = await useAuthStore.getState().getIdToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The one policy for a refused request, whatever made it (fetch, an upload, the live feed):
 * a 401 (account disabled, session expired) or a 403 for a missing user record (the person
 * was removed) signs the person out, and the route guards send them to /login. Other 403s
 * (an employee trying an admin action) leave the session alone. Returns whether the
 * person was signed out.
 */
export async function handleRefusal(status: number, body: unknown): Promise<boolean> {
  const noRecord = status === 403 && errorCode(body) === NO_USER_RECORD;
  if (status !== 401 && !noRecord) return false;
  await useAuthStore.getState().signOut();
  if (noRecord) showPopup('error', MESSAGES.notAuthorized);
  return true;
}

/** An ApiError for a reply that was not a success, with the server's message when it sent one. */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : fallback;
  return new ApiError(status, message, body);
}

const RETRY_WAITS_MS = [300, 1000];

/** Calls the backend with the signed-in person's ID token; see handleRefusal for 401 and 403. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeaders()) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const method = options.method ?? 'GET';
  const send = () =>
    fetch(backendUrl(path), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal });
  let response = await send();
  // A read the server could not serve for a moment (its database connection was replaced) is
  // asked again; a write is not, so it never happens twice: the caller shows the message.
  for (const waitMs of method === 'GET' ? RETRY_WAITS_MS : []) {
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    response = await send();
  }
  const body: unknown = await readJson(response);
  if (!response.ok) {
    await handleRefusal(response.status, body);
    throw apiErrorOf(response.status, body, `Request failed (${response.status} ${response.statusText})`);
  }
  return body as T;
}

/** The body of a reply: JSON when it is, the text otherwise, null when empty. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorCode(body: unknown): unknown {
  return body && typeof body === 'object' && 'error' in body ? body.error : undefined;
}
