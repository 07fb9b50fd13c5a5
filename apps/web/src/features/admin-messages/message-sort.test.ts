import { describe, expect, it } from 'vitest';
import { nextSort } from './message-sort';

describe('message column sorting', () => {
  it('toggles the sorted column and starts a new column ascending', () => {
    expect(nextSort({ sort: 'createdAt', order: 'desc' }, 'createdAt')).toEqual({
      sort: 'createdAt',
      order: 'asc',
    });
    expect(nextSort({ sort: 'createdAt', order: 'asc' }, 'createdAt')).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
    expect(nextSort({ sort: 'createdAt', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });
});
