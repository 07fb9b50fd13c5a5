import { describe, expect, it } from 'vitest';
import { routeBoatId } from './booking-page';

describe('which boat the /booking address fixes (docs/product.md §2)', () => {
  it('prop, then route parameter, then /boats/{id}; a query boat is left to the flow', () => {
    expect(routeBoatId('p', 'r', '/booking/r')).toBe('p');
    expect(routeBoatId(undefined, 'r', '/booking/r')).toBe('r');
    expect(routeBoatId(undefined, undefined, '/boats/d%20e')).toBe('d e');
    expect(routeBoatId(undefined, undefined, '/booking')).toBeNull();
  });
});
