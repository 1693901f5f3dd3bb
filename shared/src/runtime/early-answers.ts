/**
 * GET requests the host sends for a staff page as soon as Firebase has restored the sign-in,
 * before the app's code (the route table and zod among it) has arrived: on a phone that code
 * lands a second later, and the page's first requests then waited for it. The app's first call
 * of the same URL with the same token takes the answer instead of asking again.
 *
 * Shared at runtime as a federation singleton: the host sends, a remote's call takes.
 */

/** An answer older than this is not used: the call asks again. */
export const EARLY_ANSWER_MS = 15_000;

interface EarlyRequest {
  url: string;
  authorization: string;
  sentAt: number;
  response: Promise<Response>;
}

let requests: EarlyRequest[] = [];

export function sendEarly(url: string, idToken: string): void {
  const authorization = `Bearer ${idToken}`;
  const response = fetch(url, { headers: { Authorization: authorization, Accept: 'application/json' } });
  // A failed early request is asked again by the call that takes it.
  response.catch(() => undefined);
  requests = [...requests.filter((request) => request.url !== url), { url, authorization, sentAt: Date.now(), response }];
}

/** The early answer to this URL asked with the same Authorization header, once; null when there is none. */
export function takeEarlyAnswer(url: string, authorization: string | undefined): Promise<Response> | null {
  const now = Date.now();
  requests = requests.filter((request) => now - request.sentAt < EARLY_ANSWER_MS);
  const match = requests.find((request) => request.url === url && request.authorization === authorization);
  if (!match) return null;
  requests = requests.filter((request) => request !== match);
  return match.response;
}

/** Forgets every early request (the sign-in ended). */
export function dropEarlyAnswers(): void {
  requests = [];
}
