// Stateful modules are imported by package name, never by relative path: that is what
// Module Federation matches to hand every remote the host's single instance.
import type { z } from 'zod';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { takeEarlyAnswer } from '@blooms/shared/runtime/early-answers';
import { pathOf, queryStringOf, type AnyApiRoute, type ApiResponse } from '../contract/api-route';
import { MESSAGES, NO_USER_RECORD } from '../contract/messages';
import { isNoSuchRoute, UNREADABLE_REPLY_PATH, type UnreadableReply } from '../contract/unreadable-reply';
import { recordUnreadableReply } from './unreadable-replies';

declare const __BUILD_ID__: string | undefined;

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

/**
 * A reply this page cannot read: its route's response schema refuses it, or the server has no
 * such route. The API is of another release than the page (docs/releases.md), so asking again
 * cannot help and the page says it was updated (the message); loading it again can.
 */
export class UnreadableReplyError extends ApiError {
  constructor(
    status: number,
    /** `GET /api/forecast` */
    readonly route: string,
    /** What did not fit, by field: for the report, never shown. */
    readonly problem: string,
  ) {
    super(status, MESSAGES.pageUpdated);
    this.name = 'UnreadableReplyError';
  }
}

/** Whether a failure is a reply the page cannot read (by name: each app bundles its own copy of this module). */
export const isUnreadableReply = (error: unknown): error is UnreadableReplyError =>
  error instanceof Error && error.name === 'UnreadableReplyError';

/** Whose calls these are: where their ID token comes from, and how their session ends when the server says it no longer stands. */
export interface ApiSession {
  idToken(): Promise<string | null>;
  signOut(): Promise<void>;
}

/** Staff sign-in (the host's auth store). */
export const STAFF_SESSION: ApiSession = {
  idToken: () => useAuthStore.getState().getIdToken(),
  signOut: () => useAuthStore.getState().signOut(),
};

/** Public calls carry no sign-in. */
export const NO_SESSION: ApiSession = { idToken: async () => null, signOut: async () => undefined };

/** A query whose every key is optional may be left out. */
type QueryPart<Q> = Q extends z.ZodType
  ? Partial<z.input<Q>> extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : unknown;

/** What a caller passes: each part the route's table entry has, by its schema's input type. */
export type Parts<R extends AnyApiRoute> = (R['params'] extends z.ZodType ? { params: z.input<R['params']> } : unknown) &
  QueryPart<R['query']> &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : unknown);

interface CallOptions {
  signal?: AbortSignal;
}
/** An upload also takes its files, and reports how much of them is sent. */
interface UploadOptions extends CallOptions {
  files?: Record<string, Blob>;
  onProgress?: (fraction: number) => void;
}
/** A stream may be served apart from the API (the live function on Firebase): `url` says where. */
interface StreamOptions extends CallOptions {
  url?: string | null;
}
type OptionsOf<R extends AnyApiRoute> = R['request'] extends 'multipart'
  ? UploadOptions
  : R['reply'] extends 'event-stream'
    ? StreamOptions
    : CallOptions;

type Input<R extends AnyApiRoute> = Parts<R> & OptionsOf<R>;
/** No input when the route takes none, else the parts it takes (a missing or extra key fails type-checking). */
type Args<R extends AnyApiRoute> = keyof Parts<R> extends never ? [input?: OptionsOf<R>] : [input: Input<R>];

/** What a call resolves to: the parsed JSON, the file, nothing, or the open stream's response. */
type Result<R extends AnyApiRoute> = R['reply'] extends 'file'
  ? Blob
  : R['reply'] extends 'empty'
    ? void
    : R['reply'] extends 'event-stream'
      ? Response
      : ApiResponse<R>;

export type ApiCall<R extends AnyApiRoute> = (...args: Args<R>) => Promise<Result<R>>;

type RouteTable = Record<string, AnyApiRoute>;

/** The routes of a table the browser calls itself (callables go through the Firebase SDK; raw bodies are not the browser's). */
type BrowserRoutes<T extends RouteTable> = { [K in keyof T as T[K]['request'] extends 'json' | 'multipart' ? K : never]: T[K] };

/** One function per route of the table, named as the table names it. */
export type ApiClient<T extends RouteTable> = { [K in keyof BrowserRoutes<T>]: ApiCall<BrowserRoutes<T>[K]> };

/**
 * The browser's one client of the API, for a part of the route table (contract/api-routes.ts):
 * a function for each of its routes, sending the session's ID token, with one policy for
 * refusals (see refusalOf). A route the table lacks is no function of it: calling one fails
 * type-checking, and so does a call whose params, query or body its schemas do not take.
 */
export function apiClient<T extends RouteTable>(session: ApiSession, routes: T): ApiClient<T> {
  const calls = Object.entries(routes).map(([name, route]) => [name, callOf(session, route)]);
  return Object.fromEntries(calls) as ApiClient<T>;
}

/** One route's call with a session: what apiClient gives for each route, and what a query asks (api-query.ts). */
export function callOf<R extends AnyApiRoute>(session: ApiSession, route: R): ApiCall<R> {
  return ((input: Record<string, never> = {}) => call(session, route, input)) as ApiCall<R>;
}

/** The backend's URL for an API path (the API may live on another origin). */
export function backendUrl(path: string): string {
  return `${useAppConfig.getState().config?.apiBaseUrl ?? ''}${path}`;
}

const RETRY_WAITS_MS = [300, 1000];

async function call(
  session: ApiSession,
  route: AnyApiRoute,
  input: { params?: object; query?: object; body?: unknown } & UploadOptions & StreamOptions,
): Promise<unknown> {
  const path = `${pathOf(route, input.params)}${queryStringOf(input.query)}`;
  const token = await session.idToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (route.request === 'multipart') return upload(session, route, backendUrl(path), headers, input);

  const stream = route.reply === 'event-stream';
  // The Accept header of a stream also tells the staff service worker to leave it alone.
  headers.Accept = stream ? 'text/event-stream' : route.reply === 'file' ? '*/*' : 'application/json';
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = input.url ?? backendUrl(path);
  const send = () =>
    fetch(url, {
      method: route.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
  // The host may have asked already, as the page opened (early-answers.ts).
  const early = route.method === 'GET' && route.reply === 'json' ? takeEarlyAnswer(url, headers.Authorization) : null;
  let response = await (early ? early.catch(send) : send());
  // A read the server could not serve for a moment (its database connection was replaced) is
  // asked again; a write is not, so it never happens twice: the caller shows the message.
  for (const waitMs of route.method === 'GET' && !stream ? RETRY_WAITS_MS : []) {
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    response = await send();
  }
  if (!response.ok) throw await refusalOf(session, route, response.status, parseJson(await response.text()));
  if (stream) return response;
  if (route.reply === 'file') return response.blob();
  const body = parseJson(await response.text());
  return route.reply === 'empty' ? undefined : readReply(route, response.status, body);
}

/** A JSON reply as its route's response schema parses it; one the schema refuses is an UnreadableReplyError, reported. */
export function readReply(route: AnyApiRoute, status: number, body: unknown): unknown {
  if (!route.response) return body;
  const parsed = route.response.safeParse(body);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the reply)'}: ${issue.message}`).join('; ');
  return reported(new UnreadableReplyError(status, `${route.method} ${route.path}`, problem));
}

/** The route is not on the server (an API of another release): an UnreadableReplyError, reported. */
export const noSuchRoute = (route: AnyApiRoute, status: number): never =>
  reported(new UnreadableReplyError(status, `${route.method} ${route.path}`, 'no such route'));

const reportedRoutes = new Set<string>();

/**
 * Says on the console what the page could not read, and reports it to the server once per route
 * and page load: a team learns that its app and the API it met were of different releases. The
 * app's screen says the page was updated (unreadable-replies.ts).
 */
function reported(error: UnreadableReplyError): never {
  recordUnreadableReply();
  console.error(`${error.route} answered what this page cannot read (${error.status}): ${error.problem}`);
  if (!reportedRoutes.has(error.route)) {
    reportedRoutes.add(error.route);
    const report: UnreadableReply = {
      route: error.route,
      status: error.status,
      problem: error.problem.slice(0, 500),
      build: typeof __BUILD_ID__ === 'undefined' ? 'dev' : __BUILD_ID__,
    };
    globalThis.navigator?.sendBeacon?.(UNREADABLE_REPLY_PATH, new Blob([JSON.stringify(report)], { type: 'application/json' }));
  }
  throw error;
}

/** XMLHttpRequest rather than fetch: it reports upload progress, which drivers on phones need. */
async function upload(
  session: ApiSession,
  route: AnyApiRoute,
  url: string,
  headers: Record<string, string>,
  input: { body?: unknown } & UploadOptions,
): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries((input.body ?? {}) as Record<string, unknown>)) form.set(name, String(value));
  for (const [name, file] of Object.entries(input.files ?? {})) form.set(name, file, `${name}.jpg`);
  const { status, body } = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed. Check your connection and try again.'));
    input.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  if (status >= 200 && status < 300) return readReply(route, status, body);
  throw await refusalOf(session, route, status, body);
}

/** What is said when a refusal carries no message of the server's. */
function fallbackMessage(status: number): string {
  if (status === 401) return MESSAGES.signInRequired;
  if (status === 429) return 'Too many requests just now. Please wait a minute and try again.';
  if (status >= 500) return 'The server could not answer just now. Please try again in a moment.';
  return `The request was refused (${status}).`;
}

/**
 * The one policy for a refused request, whoever made it (staff or subscriber) and whatever it
 * was (JSON, an upload, a file, the live feed): a 401 (account disabled, session expired) or a
 * 403 for a missing user record (the person was removed) ends the session, and the screen
 * goes back to its sign-in; other 403s (an employee trying an admin action) leave it alone.
 * 429 and 5xx keep the session and say to try again. The error carries the server's message,
 * which the screen shows. A 404 for a route the server does not have is an UnreadableReplyError:
 * the API is of another release than the page.
 */
export async function refusalOf(session: ApiSession, route: AnyApiRoute, status: number, body: unknown): Promise<ApiError> {
  if (isNoSuchRoute(status, body)) noSuchRoute(route, status);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : fallbackMessage(status);
  const error = new ApiError(status, message, body);
  if (endsSession(error)) {
    await session.signOut();
    if (status === 403) showPopup('error', MESSAGES.notAuthorized);
  }
  return error;
}

/** Whether a refusal ended the caller's session (see refusalOf): asking again cannot help. */
export function endsSession(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && errorCode(error.body) === NO_USER_RECORD);
}

/** The body of a reply: JSON when it is, the text otherwise, null when empty. */
function parseJson(text: string): unknown {
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
