// Stateful modules are imported by package name, never by relative path: that is what
// Module Federation matches to hand every remote the host's single instance.
import { useAppConfig } from '@blooms/shared/app-config';
import { useAuthStore } from '@blooms/shared/auth-store';
import { showPopup } from '@blooms/shared/popup-store';
import { MESSAGES, NO_USER_RECORD } from './messages';

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
 * Calls the backend with the signed-in person's ID token. A 401 (account disabled, session
 * expired) or a 403 for a missing user record (the person was removed) signs the person
 * out, and the route guards send them to /login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const auth = useAuthStore.getState();
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeaders()) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(backendUrl(path), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body: unknown = await readJson(response);
  if (!response.ok) {
    if (response.status === 401) await auth.signOut();
    if (response.status === 403 && errorCode(body) === NO_USER_RECORD) {
      await auth.signOut();
      showPopup('error', MESSAGES.notAuthorized);
    }
    throw new ApiError(response.status, errorMessage(body, response), body);
  }
  return body as T;
}

async function readJson(response: Response): Promise<unknown> {
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

function errorMessage(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return `Request failed (${response.status} ${response.statusText})`;
}
