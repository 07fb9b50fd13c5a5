import { describe, expect, it } from 'vitest';
import type { Boat } from './boat';
import { toBoatListItem } from '../boat-card';
import { boatInputSchema, boatSchema, newBoatDefaults } from './boat';

const boat: Boat = {
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Sea Breeze',
  description: 'Sunset trips',
  titleI18n: { en: 'Sea Breeze', es: 'Brisa Marina' },
  images: ['/img/boat.jpg', 'https://cdn.example.com/b.jpg'],
  port: { name: 'Puerto Colón', address: 'Costa Adeje' },
  capacity: 10,
  minDurationHours: 2,
  maxDurationHours: 8,
  verified: true,
  isActive: true,
  requiresLicense: false,
  geoNote: '',
  inclusions: ['drinks'],
  pricing: { perHour: 120, halfDay: 450, perDay: null, halfDayHours: 4, fullDayHours: 8 },
  shared: { pricing: { perHour: 45.5 }, minSeatsToDepart: 4 },
};

const pathsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('boatSchema', () => {
  it('accepts a full boat and refuses sub-cent prices', () => {
    expect(boatSchema.parse(boat)).toEqual(boat);
    expect(boatSchema.safeParse({ ...boat, pricing: { ...boat.pricing, perHour: 1.005 } }).success).toBe(
      false,
    );
  });
});

describe('boatInputSchema', () => {
  it('accepts the new-boat defaults once titled', () => {
    expect(boatInputSchema.parse({ ...newBoatDefaults, title: 'New' })).toEqual({
      ...newBoatDefaults,
      title: 'New',
    });
    expect(newBoatDefaults).toMatchObject({
      capacity: 6,
      minDurationHours: 2,
      maxDurationHours: 8,
      verified: false,
      pricing: { perHour: 100 },
      shared: { pricing: { perHour: 50 }, minSeatsToDepart: 0 },
    });
  });

  it('fills optional fields with defaults', () => {
    const parsed = boatInputSchema.parse({
      title: '  Trimmed ',
      capacity: 1,
      minDurationHours: 1,
      maxDurationHours: 1,
      pricing: { perHour: 0 },
      shared: { pricing: { perHour: 0 }, minSeatsToDepart: 0 },
    });
    expect(parsed).toMatchObject({ title: 'Trimmed', images: [], verified: false });
    expect(parsed.pricing).toEqual({
      perHour: 0,
      halfDay: null,
      perDay: null,
      halfDayHours: 4,
      fullDayHours: 8,
    });
  });

  it('needs a full day longer than the half day, each 1 to 24 whole hours', () => {
    const base = { ...newBoatDefaults, title: 'X' };
    const lengths = (halfDayHours: number, fullDayHours: number) =>
      pathsOf(
        boatInputSchema.safeParse({ ...base, pricing: { ...base.pricing, halfDayHours, fullDayHours } }),
      );
    expect(lengths(5, 10)).toEqual({});
    expect(lengths(4, 4)).toEqual({ 'pricing.fullDayHours': 'validation.fullDayNotLonger' });
    expect(lengths(0, 25)).toMatchObject({
      'pricing.halfDayHours': 'validation.min1',
      'pricing.fullDayHours': 'validation.max24',
    });
    expect(lengths(3.5, 8)).toEqual({ 'pricing.halfDayHours': 'validation.integer' });
  });

  it('reports each rule on its field with an i18n key', () => {
    const r = boatInputSchema.safeParse({
      ...newBoatDefaults,
      title: ' ',
      capacity: 0,
      minDurationHours: 1.5,
      maxDurationHours: 0,
      images: ['javascript:alert(1)', 'img.jpg', '/ok.jpg'],
      pricing: { perHour: -1, halfDay: null, perDay: null },
    });
    expect(pathsOf(r)).toMatchObject({
      title: 'validation.required',
      capacity: 'validation.min1',
      minDurationHours: 'validation.integer',
      maxDurationHours: 'validation.min1',
      'images.0': 'validation.imageUrl',
      'images.1': 'validation.imageUrl',
      'pricing.perHour': 'validation.nonNegative',
    });
    expect(pathsOf(r)['images.2']).toBeUndefined();
  });

  it('puts min > max on maxDurationHours; equal is fine', () => {
    const base = { ...newBoatDefaults, title: 'X' };
    expect(boatInputSchema.safeParse({ ...base, minDurationHours: 4, maxDurationHours: 4 }).success).toBe(
      true,
    );
    const r = boatInputSchema.safeParse({ ...base, minDurationHours: 5, maxDurationHours: 4 });
    expect(pathsOf(r)).toEqual({ maxDurationHours: 'validation.maxBelowMin' });
  });

  it('refuses a minimum to depart above capacity', () => {
    const r = boatInputSchema.safeParse({
      ...newBoatDefaults,
      title: 'X',
      capacity: 6,
      shared: { pricing: { perHour: 50 }, minSeatsToDepart: 7 },
    });
    expect(pathsOf(r)).toEqual({ 'shared.minSeatsToDepart': 'validation.aboveCapacity' });
  });
});

describe('toBoatListItem', () => {
  it('builds the fleet card with translations and the charter price', () => {
    expect(toBoatListItem(boat, 'es')).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Brisa Marina',
      licenseNote: 'notRequired',
      description: 'Sunset trips',
      image: '/img/boat.jpg',
      images: boat.images,
      location: 'Puerto Colón',
      priceFrom: 120,
      currency: '€',
    });
    expect(toBoatListItem({ ...boat, requiresLicense: true, images: [] }, 'ru')).toMatchObject({
      title: 'Sea Breeze',
      licenseNote: 'required',
      image: '',
    });
  });
});
