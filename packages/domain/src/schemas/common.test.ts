import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateKey, euroAmount, fromQueryNumber, isoInstant, isUuid, languageCode, uuid } from './common';

describe('isoInstant', () => {
  it('accepts Z and offsets, with or without fractions', () => {
    for (const s of ['2027-03-28T01:00:00Z', '2027-03-28T02:00:00+01:00', '2027-03-28T01:00:00.123Z']) {
      expect(isoInstant.safeParse(s).success, s).toBe(true);
    }
  });

  it('refuses local times, dates alone and impossible days', () => {
    for (const s of ['2027-03-28T01:00:00', '2027-03-28', '2027-02-30T10:00:00Z', '28/03/2027', '']) {
      expect(isoInstant.safeParse(s).success, s).toBe(false);
    }
  });
});

describe('small schemas', () => {
  it('uuid, languages and day keys', () => {
    expect(uuid.safeParse('3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c').success).toBe(true);
    expect(uuid.safeParse('12345').success).toBe(false);
    expect(isUuid('3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c')).toBe(true);
    expect(isUuid("1' OR '1'='1")).toBe(false);
    expect(languageCode.safeParse('ru').success).toBe(true);
    expect(languageCode.safeParse('xx').success).toBe(false);
    expect(dateKey.safeParse('2028-02-29').success).toBe(true);
    expect(dateKey.safeParse('2027-02-29').success).toBe(false);
  });

  it('euroAmount takes whole cents only, never negative', () => {
    expect(euroAmount.safeParse(19.99).success).toBe(true);
    expect(euroAmount.safeParse(0.1 + 0.2).success).toBe(true); // binary noise is still 30 cents
    expect(euroAmount.safeParse(0).success).toBe(true);
    expect(euroAmount.safeParse(9.995).success).toBe(false);
    expect(euroAmount.safeParse(-0.01).success).toBe(false);
    expect(euroAmount.safeParse(NaN).success).toBe(false);
  });

  it('query numbers: blank means absent', () => {
    const limit = z.preprocess(fromQueryNumber, z.number().int().default(50));
    expect(limit.parse(undefined)).toBe(50);
    expect(limit.parse('')).toBe(50);
    expect(limit.parse('20')).toBe(20);
    expect(limit.safeParse('abc').success).toBe(false);
  });
});
