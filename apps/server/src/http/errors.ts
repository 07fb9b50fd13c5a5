// Typed errors that carry their HTTP status and a stable code. Services throw these;
// the one error handler turns them (and everything else) into JSON.
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** The request fields at fault, answered like a schema validation error's. */
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError(400, code, message, details);
/** A 400 about one field of the request (`path` as in validation errors, e.g. `body.to`). */
export const invalidField = (path: string, code: string, message: string) =>
  new DomainError(400, code, message, undefined, [{ path, message }]);
export const unauthorized = (message = 'Sign-in required') => new DomainError(401, 'unauthorized', message);
export const forbidden = (message = 'Admin role required') => new DomainError(403, 'forbidden', message);
export const notFound = (what: string) => new DomainError(404, 'not_found', `${what} not found`);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError(409, code, message, details);
export const tooManyRequests = (message: string) => new DomainError(429, 'rate_limited', message);
export const serviceUnavailable = (message: string) => new DomainError(503, 'unavailable', message);
