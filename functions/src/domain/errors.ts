// What the services report when a request cannot be done. They say nothing of HTTP: the
// transport (http/errors.ts) maps each kind to a status and a callable code.

/** A failure the caller can act on; its message is written for them. */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Extra facts for the caller, e.g. the fresh row after a conflict. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule. */
export class InvalidInputError extends DomainError {}

/** The thing asked for does not exist. */
export class NotFoundError extends DomainError {}

/** The request clashes with the current state (a stale view, a duplicate, the last admin). */
export class ConflictError extends DomainError {}

/** The same thing was done too recently to be done again yet: it can be after retryAfterS. */
export class TooSoonError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterS: number,
    details: Record<string, unknown> = {},
  ) {
    super(message, details);
  }
}

/** Nobody is signed in, or the sign-in cannot be verified. */
export class UnauthenticatedError extends DomainError {}

/** The caller is known but may not do this; `reason` tells apart why, when the client must know. */
export class ForbiddenError extends DomainError {
  constructor(
    message: string,
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

/** Something the request needs (the payment provider) cannot be reached now: nothing was done, and the same request may be tried again shortly. */
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterS = 30,
  ) {
    super(message);
  }
}
