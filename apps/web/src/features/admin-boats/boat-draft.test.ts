import { describe, expect, it } from 'vitest';
import { newBoatDraft, parseDraft } from './boat-draft';

describe('boat editor draft', () => {
  it('starts from the spec defaults for a new boat', () => {
    expect(newBoatDraft()).toMatchObject({
      capacity: '6',
      perHour: '100',
      sharedPerHour: '50',
      minSeatsToDepart: '0',
      minDurationHours: '2',
      maxDurationHours: '8',
      verified: false,
    });
  });

  it('turns the typed text into the boat the server expects', () => {
    const result = parseDraft({
      ...newBoatDraft(),
      title: 'Sea Breeze',
      titleEs: 'Brisa',
      images: ' https://x.test/a.jpg \n\n/media/b.webp',
      halfDay: '350,50',
    });
    expect(result).toMatchObject({
      ok: true,
      boat: {
        title: 'Sea Breeze',
        titleI18n: { en: 'Sea Breeze', es: 'Brisa' },
        images: ['https://x.test/a.jpg', '/media/b.webp'],
        pricing: { perHour: 100, halfDay: 350.5, perDay: null },
      },
    });
  });

  it('names the fields that break the boat-form rules', () => {
    const result = parseDraft({
      ...newBoatDraft(),
      title: '',
      capacity: '0',
      minDurationHours: '5',
      maxDurationHours: '3',
      perHour: '-1',
      sharedPerHour: '',
      images: 'not a url',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'validation.required',
        capacity: 'validation.min1',
        maxDurationHours: 'validation.maxBelowMin',
        perHour: 'validation.nonNegative',
        sharedPerHour: 'validation.number',
        images: 'validation.imageUrl',
      },
    });
  });
});
