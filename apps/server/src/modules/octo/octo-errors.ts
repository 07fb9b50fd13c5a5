// OCTO's error bodies: `{error, errorMessage}` and the field an INVALID_* error names. Services
// throw octoError(); every other error of an /octo route (a validation error, a refusal of the
// booking rules, a crash) goes through the app's one error handler and is then rewritten here
// into OCTO's vocabulary, so the app's handling of database outages and the like is kept.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../http/errors';

export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN';

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
};

export function octoError(code: OctoErrorCode, message: string, field?: Record<string, string>): DomainError {
  return new DomainError(STATUS[code], code, message, field);
}

const isOctoCode = (code: string): code is OctoErrorCode => code in STATUS;

type AppErrorBody = { error?: string; message?: string; details?: Record<string, unknown> };

/** onSend of the /octo plugin: the app's error body in OCTO's words. */
export async function toOctoErrorBody(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: AppErrorBody;
  try {
    body = JSON.parse(payload) as AppErrorBody;
  } catch {
    return payload;
  }
  const message = body.message ?? 'The request failed';
  if (body.error && isOctoCode(body.error)) {
    return JSON.stringify({ error: body.error, errorMessage: message, ...body.details });
  }
  if (reply.statusCode >= 500) {
    return JSON.stringify({ error: 'INTERNAL_SERVER_ERROR', errorMessage: message });
  }
  if (reply.statusCode === 401) return JSON.stringify({ error: 'UNAUTHORIZED', errorMessage: message });
  if (reply.statusCode === 403) return JSON.stringify({ error: 'FORBIDDEN', errorMessage: message });
  if (reply.statusCode === 429) return JSON.stringify({ error: 'TOO_MANY_REQUESTS', errorMessage: message });
  // A malformed request (a field, a value, a body that is not JSON: Fastify's own FST_ERR_*
  // refusals) is BAD_REQUEST; a well-formed one the booking rules refuse (seats, the trip's
  // minimum, a booking no longer on hold) is UNPROCESSABLE_ENTITY, with the site's reason.
  const code = body.error ?? '';
  const malformed = ['validation', 'invalid_input'].includes(code) || code.startsWith('FST_ERR_');
  const error = malformed ? 'BAD_REQUEST' : 'UNPROCESSABLE_ENTITY';
  void reply.status(400);
  return JSON.stringify({ error, errorMessage: message });
}
