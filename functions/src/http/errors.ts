/** An error the API reports to the caller as is: the status and a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra fields for the response body, e.g. the fresh row after a conflict. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = (message: string) => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new HttpError(403, 'permission-denied', message);
export const badRequest = (message: string) => new HttpError(400, 'invalid-argument', message);
export const notFound = (message: string) => new HttpError(404, 'not-found', message);
export const conflict = (message: string) => new HttpError(409, 'aborted', message);
