import { describe, expect, it } from 'vitest';
import { boatIdFrom } from './booking-page';

describe('where /booking finds its boat (spec §2)', () => {
  it('prop, then route parameter, then ?boatId, ?id, ?boat, then /boats/{id}', () => {
    expect(boatIdFrom('p', 'r', '?boatId=q', '/booking/r')).toBe('p');
    expect(boatIdFrom(undefined, 'r', '?boatId=q', '/booking/r')).toBe('r');
    expect(boatIdFrom(undefined, undefined, '?boatId=a', '/booking')).toBe('a');
    expect(boatIdFrom(undefined, undefined, '?id=b', '/booking')).toBe('b');
    expect(boatIdFrom(undefined, undefined, '?boat=c', '/booking')).toBe('c');
    expect(boatIdFrom(undefined, undefined, '', '/boats/d%20e')).toBe('d e');
    expect(boatIdFrom(undefined, undefined, '', '/booking')).toBeNull();
  });
});
