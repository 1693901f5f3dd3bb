// A reply the browser cannot read because the API is of another release than the page: a
// field missing or a value it does not know (the route's response schema refuses it), or no
// such route at all. The page says it was updated (MESSAGES.pageUpdated) and reports it here.
import { z } from 'zod';

/** Where a page reports a reply it could not read (a path of its own, like the web vitals'). */
export const UNREADABLE_REPLY_PATH = '/api/unreadable-replies';

export const unreadableReplySchema = z.object({
  /** The route as the table has it: `GET /api/forecast`. */
  route: z.string().max(200),
  status: z.number().int(),
  /** What did not fit: fields and what the schema expected, never their values. */
  problem: z.string().max(500),
  /** The build of the app that called (Screen's data-build). */
  build: z.string().max(100),
});
export type UnreadableReply = z.infer<typeof unreadableReplySchema>;

const NO_SUCH_ROUTE = 'No such resource:';

/** The server's message for a request it has no route for. */
export const noSuchRouteMessage = (method: string, url: string) => `${NO_SUCH_ROUTE} ${method} ${url}`;

/**
 * Whether a refusal says the server has no such route (an API of another release; or a page
 * in front of it that is not the API's), rather than that a thing a route looked up is missing,
 * which the route says in a message of its own.
 */
export function isNoSuchRoute(status: number, body: unknown): boolean {
  if (status !== 404) return false;
  const message = body && typeof body === 'object' && 'message' in body ? body.message : null;
  return typeof message !== 'string' || message.startsWith(NO_SUCH_ROUTE);
}
