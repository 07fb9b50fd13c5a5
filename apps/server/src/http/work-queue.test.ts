import { describe, expect, it } from 'vitest';
import { QueueFullError, WorkQueue } from './work-queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('WorkQueue', () => {
  it('admits up to its concurrency, then the waiting in arrival order', async () => {
    const queue = new WorkQueue(2, 1000);
    const order: number[] = [];
    const releases = await Promise.all([queue.enter(), queue.enter()]);
    const waiting = [3, 4, 5].map((n) => queue.enter().then((release) => (order.push(n), release)));
    await tick();
    expect(queue.size).toEqual({ active: 2, waiting: 3 });
    releases[0]!();
    releases[0]!(); // a second release of the same turn changes nothing
    await tick();
    expect(order).toEqual([3]);
    releases[1]!();
    await tick();
    expect(order).toEqual([3, 4]);
    for (const release of await Promise.all(waiting.slice(0, 2))) release();
    await tick();
    expect(order).toEqual([3, 4, 5]);
  });

  it('refuses a request that waited past the bound, and keeps serving the others', async () => {
    const queue = new WorkQueue(1, 30);
    const release = await queue.enter();
    const started = Date.now();
    const refused = await queue.enter().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(500);
    expect(queue.size).toEqual({ active: 1, waiting: 0 });
    release();
    expect(await queue.run(async () => 'done')).toBe('done');
    expect(queue.size).toEqual({ active: 0, waiting: 0 });
  });
});
