// The one error handler's answers to what PostgreSQL says when writers meet: a constraint is a
// 409 conflict; a deadlock or serialization failure that outlived the retries (db/client.ts) is
// a 503 to come back to, never a conflict shown to a person.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

describe('error handler: database races', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  const failing = (code: string) => {
    // As drizzle throws it: its query error, with the driver's error as the cause.
    const cause = Object.assign(new Error('from the driver'), { code });
    return Object.assign(new Error('Failed query'), { cause });
  };
  for (const code of ['40P01', '40001', '23505']) {
    app.get(`/fail/${code}`, () => {
      throw failing(code);
    });
  }
  await app.ready();
  afterAll(() => app.close());

  it('a deadlock or a serialization failure is 503 busy with Retry-After, not 409', async () => {
    for (const code of ['40P01', '40001']) {
      const res = await app.inject(`/fail/${code}`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ error: 'busy' });
    }
  });

  it('a unique violation stays a 409 conflict', async () => {
    const res = await app.inject('/fail/23505');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict' });
  });
});
