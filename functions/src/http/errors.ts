import type { FastifyRequest } from 'fastify';
import { NO_USER_RECORD } from '@blooms/shared/contract/messages';
import { isConnectionLost } from '../db/listen';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  TooSoonError,
  UnauthenticatedError,
  UnavailableError,
} from '../domain/errors';

/** A failure of the transport itself (a body too large, a wrong content type, a flood): status and message as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'invalid-argument',
    /** Response headers that go with it (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What the caller is told about a failed request. */
export interface ErrorReply {
  status: number;
  /** The error code of the REST API: the callable protocol's names in lower case, so both transports name a refusal alike. */
  code: string;
  message: string;
  details: Record<string, unknown>;
  headers?: Record<string, string>;
}

const DOMAIN_STATUS: [new (...args: never[]) => DomainError, number, string][] = [
  [InvalidInputError, 400, 'invalid-argument'],
  [UnauthenticatedError, 401, 'unauthenticated'],
  [ForbiddenError, 403, 'permission-denied'],
  [NotFoundError, 404, 'not-found'],
  [ConflictError, 409, 'aborted'],
];

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** The one mapping from what went wrong to what the caller is told; null for a server fault (500). */
export function errorReply(error: unknown): ErrorReply | null {
  if (isConnectionLost(error))
    return { status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, details: {}, headers: { 'Retry-After': '1' } };
  if (error instanceof UnavailableError)
    return { status: 503, code: 'unavailable', message: error.message, details: {}, headers: { 'Retry-After': String(error.retryAfterS) } };
  if (error instanceof TooSoonError)
    return {
      status: 429,
      code: 'resource-exhausted',
      message: error.message,
      details: error.details,
      headers: { 'Retry-After': String(error.retryAfterS) },
    };
  if (error instanceof DomainError) {
    const [, status, code] = DOMAIN_STATUS.find(([kind]) => error instanceof kind) ?? [null, 500, 'internal'];
    const reason = error instanceof ForbiddenError && error.reason === NO_USER_RECORD ? NO_USER_RECORD : code;
    return { status, code: reason, message: error.message, details: error.details };
  }
  if (error instanceof HttpError)
    return { status: error.statusCode, code: error.code, message: error.message, details: {}, headers: error.headers };
  // Fastify's own 4xx: a body too large, not JSON, of a type no route takes.
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const message =
      statusCode === 413
        ? 'The request is too large.'
        : code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request is not valid JSON.'
          : (error as Error).message;
    return { status: statusCode, code: 'invalid-argument', message, details: {} };
  }
  return null;
}

/**
 * What to tell the caller of a failed request, logged as it deserves: a server fault as an
 * error (the caller gets no details), a lost database connection as a warning.
 */
export function replyForFailure(request: FastifyRequest, error: unknown): ErrorReply {
  const known = errorReply(error);
  if (!known) request.log.error({ err: error }, 'request failed');
  else if (error instanceof UnavailableError) request.log.warn({ err: error }, 'request failed: a service it needs is unreachable');
  else if (known.status === 503) request.log.warn({ err: error }, 'request failed: the database connection was lost');
  return known ?? { status: 500, code: 'internal', message: INTERNAL_MESSAGE, details: {} };
}

/** HTTP status -> the callable protocol's status names, which the Firebase callable client maps back to its error codes. */
export const CALLABLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};
