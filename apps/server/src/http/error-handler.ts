import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isRetryableConflict } from '../db/client';
import { DomainError } from './errors';
import { QueueFullError } from './work-queue';

type ErrorBody = {
  error: string;
  message: string;
  fields?: { path: string; message: string }[];
  details?: Record<string, unknown>;
};

// PostgreSQL error classes that mean "the database is not reachable right now".
// 57014 is a statement cancelled by statement_timeout: the database is too slow to answer now.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '57014',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (!e) return false;
  if (e.code && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (
    e.message &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(e.message)
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/**
 * PostgreSQL data exceptions (class 22): a value the database refuses to store or compare, such
 * as a NUL character in text or a number out of range. They come from what the client sent, so
 * they are the client's 400, not a crash.
 */
function invalidData(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: unknown };
  if (typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  return e?.cause && e.cause !== err ? invalidData(e.cause) : undefined;
}

function constraintConflict(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  // Unique, exclusion and check violations: the write lost a race with other data, it did not
  // crash. (Deadlocks and serialization failures are not conflicts: see isRetryableConflict.)
  if (['23505', '23P01', '23514'].includes(e?.code ?? '')) return e.constraint ?? e.code;
  return e?.cause && e.cause !== err ? constraintConflict(e.cause) : undefined;
}

/** The client hung up before its request was complete (Node's "aborted" on the request stream). */
function clientAborted(err: FastifyError, raw: { aborted?: boolean; destroyed?: boolean }): boolean {
  return (err.code === 'ECONNRESET' && err.message === 'aborted') || raw.aborted === true;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Checked before the database: a hang-up is ECONNRESET too, but says nothing about PostgreSQL.
    if (clientAborted(err, request.raw)) {
      request.log.info({ url: request.url }, 'request aborted by the client');
      return reply
        .status(400)
        .send({ error: 'aborted', message: 'The request was not received completely.' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        path: [err.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'invalid',
      }));
      const body: ErrorBody = {
        error: 'validation',
        message: `Invalid ${fields.map((f) => f.path).join(', ')}: ${fields[0]?.message ?? 'invalid'}`,
        fields,
      };
      return reply.status(400).send(body);
    }
    if (err instanceof DomainError) {
      const body: ErrorBody = {
        error: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.details ? { details: err.details } : {}),
      };
      // A 503 tells the client when to come back, as the database outages below do.
      if (err.statusCode === 503 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(err instanceof QueueFullError ? err.retryAfterSeconds : 5));
      }
      return reply.status(err.statusCode).send(body);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        error: 'unavailable',
        message: 'The service is temporarily unavailable, please retry shortly.',
      });
    }
    // A transaction that lost every retry to deadlocks (db/client.ts): busy, not a conflict.
    if (isRetryableConflict(err)) {
      request.log.warn({ err }, 'transaction kept losing deadlocks');
      return reply.status(503).header('retry-after', '1').send({
        error: 'busy',
        message: 'Many people are booking right now; please try again in a moment.',
      });
    }
    const dataError = invalidData(err);
    if (dataError) {
      request.log.warn({ err, sqlState: dataError }, 'database refused a value from the request');
      return reply.status(400).send({
        error: 'invalid_input',
        message: 'The request contains a value that cannot be stored (for example a control character).',
      });
    }
    const constraint = constraintConflict(err);
    if (constraint) {
      request.log.info({ constraint }, 'constraint refused a write');
      return reply.status(409).send({
        error: 'conflict',
        message: 'This change conflicts with existing data.',
        details: { constraint },
      });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: err.code ?? 'bad_request', message: err.message });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ error: 'internal', message: 'Internal server error' });
  });
}
