// What one endpoint of the API is, as both the server and the browser read it (api-routes.ts
// lists them all). The server registers each route from its entry; the browser's client calls
// it by the same entry, so a path is written once and both sides check the same schemas.
import { z } from 'zod';

/** Who may call: everyone, a subscriber signed in by e-mail link, any staff member, or admins only. */
export type ApiAccess = 'public' | 'subscriber' | 'staff' | 'admin';
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the request's fields travel: as JSON, as a multipart form (an upload with its fields), as a
 * Firebase callable's `{ data }`, or as a body the route reads itself (a signed webhook's bytes,
 * a best-effort beacon).
 */
export type ApiRequestKind = 'json' | 'multipart' | 'callable' | 'raw';

/** What a success carries: JSON (by `response`), a file (a photo, a CSV), a server-sent event stream, or nothing. */
export type ApiReplyKind = 'json' | 'file' | 'event-stream' | 'empty';

/**
 * Request parts are objects that name every key (z.strictObject): that is how the server finds a
 * key a route does not read, which it drops and logs (an app of another release may send one).
 */
type RequestSchema = z.ZodType<object>;

export interface ApiRouteDefinition {
  method: ApiMethod;
  /** Fastify's pattern: `:name` is a path parameter, named in `params`. */
  path: `/${string}`;
  access: ApiAccess;
  params?: RequestSchema;
  query?: RequestSchema;
  /** The JSON body; for a multipart route, its text fields; for a callable, its `data`. */
  body?: RequestSchema;
  /** The JSON a success carries (for a callable, its `result`); without one the reply is not described. */
  response?: z.ZodType;
  /** A success's status, when not 200. */
  status?: 201 | 202 | 204;
  request?: ApiRequestKind;
  reply?: ApiReplyKind;
  /**
   * Marked for removal: callers stop using it in the release that marks it, and a later release
   * may remove it (docs/releases.md). A field is marked with `.meta({ deprecated: true })`.
   */
  deprecated?: true;
}

/** An entry of the route table, with its defaults filled in. */
export type ApiRoute<D extends ApiRouteDefinition> = Omit<D, 'status' | 'request' | 'reply'> & {
  readonly status: D['status'] extends number ? D['status'] : 200;
  readonly request: D['request'] extends ApiRequestKind ? D['request'] : 'json';
  readonly reply: D['reply'] extends ApiReplyKind ? D['reply'] : 'json';
};

/** Any entry of the table. */
export interface AnyApiRoute extends Omit<ApiRouteDefinition, 'status' | 'request' | 'reply'> {
  readonly status: 200 | NonNullable<ApiRouteDefinition['status']>;
  readonly request: ApiRequestKind;
  readonly reply: ApiReplyKind;
}

/** The parameter names of a path pattern: '/api/users/:id' gives 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A definition whose `params` schema names exactly the path's parameters (none when it has none). */
type ParamsMatchPath<D extends ApiRouteDefinition> = [PathParamNames<D['path']>] extends [never]
  ? { params?: never }
  : { params: z.ZodType<Record<PathParamNames<D['path']>, unknown>> };

/** One route of the table. */
export function apiRoute<const D extends ApiRouteDefinition>(definition: D & ParamsMatchPath<D>): ApiRoute<D> {
  return { status: 200, request: 'json', reply: 'json', ...definition } as ApiRoute<D>;
}

/** What a caller passes for a schema: its input; nothing when the route has no such part. */
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

export type ApiParams<R extends AnyApiRoute> = InputOf<R['params']>;
export type ApiBody<R extends AnyApiRoute> = InputOf<R['body']>;
/** What a JSON route answers: its response schema's output (unknown when the table does not describe it). */
export type ApiResponse<R extends AnyApiRoute> = R['response'] extends z.ZodType ? z.output<R['response']> : unknown;

/** The path of a route with its parameters filled in, each encoded. */
export function pathOf(route: Pick<ApiRouteDefinition, 'path'>, params: object = {}): string {
  const values = params as Record<string, unknown>;
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${route.path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The parameters of a route's address the server gave (a photo's URL in a reply), so the browser
 * calls that route by its table entry; an address of any other route is an error.
 */
export function paramsFrom<R extends AnyApiRoute>(route: R, path: string): ApiParams<R> {
  const names: string[] = [];
  const escaped = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped.replace(/:([A-Za-z]+)/g, (_match, name: string) => (names.push(name), '([^/?#]+)'))}$`);
  const match = pattern.exec(path);
  if (!match) throw new Error(`${path} is not an address of ${route.method} ${route.path}`);
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)])) as ApiParams<R>;
}

/** The query string of a call (with its '?'), or '' when it has none; unset values are left out. */
export function queryStringOf(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether an object schema refuses keys it does not name (z.strictObject or .strict()). */
export function refusesUnknownKeys(schema: z.ZodType): boolean {
  const def = (
    schema as z.ZodType & {
      _zod: { def: { type: string; catchall?: { _zod: { def: { type: string } } }; in?: z.ZodType; options?: z.ZodType[] } };
    }
  )._zod.def;
  if (def.type === 'pipe' && def.in) return refusesUnknownKeys(def.in);
  // A union (on/off settings) refuses them when every one of its shapes does.
  if (def.type === 'union' && def.options) return def.options.every(refusesUnknownKeys);
  return def.type === 'object' && def.catchall?._zod.def.type === 'never';
}
