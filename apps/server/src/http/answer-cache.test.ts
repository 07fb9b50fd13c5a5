// A fill whose group only it can name (an owner's boats, read on a miss) is not kept when a change
// that touches that group lands while it runs: the change may have come after the rows it read.
import { describe, expect, it } from 'vitest';
import { AnswerCache, type Fill } from './answer-cache';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('an answer whose fill names its group', () => {
  const run = async (touched: (group: string) => boolean) => {
    const cache = new AnswerCache(10);
    cache.followChanges(async () => {});
    cache.setListening(true);
    let fills = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fill = async (): Promise<Fill> => {
      fills++;
      await gate;
      return { body: '{"balance":1}', validUntil: 1_000, group: 'owner-a' };
    };
    const first = cache.get('earnings', undefined, 0, fill);
    await tick();
    cache.invalidateWhere(touched);
    release();
    await first;
    await cache.get('earnings', undefined, 1, fill);
    return fills;
  };

  it('is answered but not kept when a change touching its group lands during the fill', async () => {
    expect(await run((group) => group === 'owner-a')).toBe(2);
  });

  it('is kept when the change touches other groups only', async () => {
    expect(await run((group) => group === 'owner-b')).toBe(1);
  });

  it('keeps what a running fill must know when an older fill ends first', async () => {
    const cache = new AnswerCache(10);
    cache.followChanges(async () => {});
    cache.setListening(true);
    const gated = (group: string) => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let fills = 0;
      const fill = async (): Promise<Fill> => {
        fills++;
        if (fills === 1) await gate;
        return { body: '{}', validUntil: 1_000, group };
      };
      return { fill, release, fills: () => fills };
    };
    const older = gated('owner-a');
    const newer = gated('owner-b');
    const olderAnswer = cache.get('a', undefined, 0, older.fill);
    await tick();
    cache.invalidateWhere((group) => group === 'owner-c');
    const newerAnswer = cache.get('b', undefined, 0, newer.fill);
    await tick();
    // A change to owner B while both run; then the older fill ends first.
    cache.invalidateWhere((group) => group === 'owner-b');
    older.release();
    await olderAnswer;
    newer.release();
    await newerAnswer;
    await cache.get('a', undefined, 1, older.fill);
    await cache.get('b', undefined, 1, newer.fill);
    expect([older.fills(), newer.fills()]).toEqual([1, 2]);
  });
});
