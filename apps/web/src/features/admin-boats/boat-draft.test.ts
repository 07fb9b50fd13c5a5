import { describe, expect, it } from 'vitest';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import { draftFromBoat, newBoatDraft, parseDraft } from './boat-draft';

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
    const draft = newBoatDraft();
    draft.translations.es.title = 'Brisa';
    const result = parseDraft({
      ...draft,
      title: 'Sea Breeze',
      images: ' https://x.test/a.jpg \n\n/media/b.webp',
      halfDay: '350,50',
      halfDayHours: '5',
    });
    expect(result).toMatchObject({
      ok: true,
      boat: {
        title: 'Sea Breeze',
        titleI18n: { en: 'Sea Breeze', es: 'Brisa' },
        images: ['https://x.test/a.jpg', '/media/b.webp'],
        pricing: { perHour: 100, halfDay: 350.5, perDay: null, halfDayHours: 5, fullDayHours: 8 },
      },
    });
  });

  it('needs the full day to cover more hours than the half day, said at once with other errors', () => {
    const result = parseDraft({ ...newBoatDraft(), title: '', halfDayHours: '8', fullDayHours: '6' });
    expect(result).toEqual({
      ok: false,
      errors: { title: 'validation.required', fullDayHours: 'validation.fullDayNotLonger' },
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

describe('harbour translations and the cancellation policy in the editor', () => {
  it('sends the translated harbour texts and the boat own rules as numbers', () => {
    const draft = newBoatDraft();
    draft.translations.es.geoNote = 'Pantalán C';
    draft.translations.ru.portAddress = 'Коста-Адехе';
    const result = parseDraft({
      ...draft,
      title: 'Sea Breeze',
      portName: 'Puerto Colón',
      geoNote: 'Pontoon C',
      policyOwn: true,
      policy: [
        { hoursBefore: '72', refundPercent: '100' },
        { hoursBefore: '24', refundPercent: '30' },
      ],
    });
    expect(result).toMatchObject({
      ok: true,
      boat: {
        geoNote: 'Pontoon C',
        harbourI18n: { note: { es: 'Pantalán C' }, address: { ru: 'Коста-Адехе' } },
        cancellationPolicy: [
          { hoursBefore: 72, refundPercent: 100 },
          { hoursBefore: 24, refundPercent: 30 },
        ],
      },
    });
  });

  it('sends no rules of its own while the boat follows the site default', () => {
    const result = parseDraft({ ...newBoatDraft(), title: 'x' });
    expect(result).toMatchObject({ ok: true, boat: { cancellationPolicy: null } });
    // The rules offered when the admin ticks "own policy" start from the site default.
    expect(newBoatDraft().policy).toEqual([
      { hoursBefore: '48', refundPercent: '100' },
      { hoursBefore: '24', refundPercent: '50' },
    ]);
  });

  it('puts a bad rule error on that rule, and a duplicate on the rule set', () => {
    const bad = parseDraft({
      ...newBoatDraft(),
      title: 'x',
      policyOwn: true,
      policy: [{ hoursBefore: '24', refundPercent: '120' }],
    });
    expect(bad).toEqual({ ok: false, errors: { 'policy.0.refundPercent': 'validation.percent' } });
    const duplicate = parseDraft({
      ...newBoatDraft(),
      title: 'x',
      policyOwn: true,
      policy: [
        { hoursBefore: '24', refundPercent: '50' },
        { hoursBefore: '24', refundPercent: '20' },
      ],
    });
    expect(duplicate).toEqual({ ok: false, errors: { 'policy.root': 'validation.duplicateHours' } });
  });

  it('fills the editor from a boat with its own rules and translations', () => {
    const draft = draftFromBoat({
      ...newBoatDefaults,
      _id: 'b1',
      verified: true,
      isActive: true,
      harbourI18n: {
        name: { en: 'Puerto Colón', es: 'Puerto Colón (muelle 3)' },
        address: { en: '' },
        note: { en: 'Pontoon C', ru: 'Понтон C' },
      },
      cancellationPolicy: [{ hoursBefore: 72, refundPercent: 100 }],
      cancellationPolicyIsDefault: false,
      reschedulePolicy: { allowed: true, hoursBefore: 72, maxTimes: 2, fee: 12.5 },
      reschedulePolicyIsDefault: false,
    });
    expect(draft).toMatchObject({
      translations: {
        es: { portName: 'Puerto Colón (muelle 3)', portAddress: '' },
        ru: { geoNote: 'Понтон C' },
      },
      policyOwn: true,
      policy: [{ hoursBefore: '72', refundPercent: '100' }],
      rescheduleOwn: true,
      rescheduleHours: '72',
      rescheduleTimes: '2',
      rescheduleFee: '12.5',
    });
  });

  it('sends the boat’s own reschedule policy, or null for the site default, and names a bad field', () => {
    const own = parseDraft({
      ...newBoatDraft(),
      title: 'x',
      rescheduleOwn: true,
      rescheduleAllowed: true,
      rescheduleHours: '24',
      rescheduleTimes: '2',
      rescheduleFee: '10',
    });
    expect(own).toMatchObject({
      ok: true,
      boat: { reschedulePolicy: { allowed: true, hoursBefore: 24, maxTimes: 2, fee: 10 } },
    });
    expect(parseDraft({ ...newBoatDraft(), title: 'x' })).toMatchObject({
      ok: true,
      boat: { reschedulePolicy: null },
    });
    const bad = parseDraft({ ...newBoatDraft(), title: 'x', rescheduleOwn: true, rescheduleTimes: '0' });
    expect(bad).toEqual({ ok: false, errors: { rescheduleTimes: 'validation.min1' } });
  });
});

describe('a self-drive boat in the editor (decision 39)', () => {
  const selfDrive = {
    ...newBoatDefaults,
    title: 'Sea Breeze',
    requiresLicense: true,
    foreignLicenceAccepted: false,
    agreementTerms: { en: 'Old first rule.', de: 'Erste Regel.' },
  };

  it('keeps foreign licences refused and the terms in other languages when the English is edited', () => {
    const draft = draftFromBoat(selfDrive);
    expect(draft).toMatchObject({ foreignLicenceAccepted: false, agreementTerms: 'Old first rule.' });
    const result = parseDraft({ ...draft, agreementTerms: ' New first rule.\n\nSecond rule. ' });
    expect(result).toMatchObject({
      ok: true,
      boat: {
        foreignLicenceAccepted: false,
        agreementTerms: { en: 'New first rule.\n\nSecond rule.', de: 'Erste Regel.' },
      },
    });
  });

  it("keeps the owner's checklist, a platform item without words of its own, and none when unticked", () => {
    const draft = draftFromBoat({
      ...selfDrive,
      conditionChecklist: [
        { key: 'fuel', kind: 'level' },
        { key: 'item_2', kind: 'present', label: 'Paddle board' },
      ],
    });
    expect(draft).toMatchObject({
      checklistOwn: true,
      checklist: [{ key: 'fuel', label: '' }, { label: 'Paddle board' }],
    });
    expect(parseDraft(draft)).toMatchObject({
      ok: true,
      boat: {
        conditionChecklist: [
          { key: 'fuel', kind: 'level' },
          { key: 'item_2', kind: 'present', label: 'Paddle board' },
        ],
      },
    });
    expect(parseDraft({ ...draft, checklistOwn: false })).toMatchObject({
      ok: true,
      boat: { conditionChecklist: null },
    });
  });

  it("goes back to the platform's template when the terms are emptied", () => {
    const result = parseDraft({ ...draftFromBoat(selfDrive), agreementTerms: '  ' });
    expect(result).toMatchObject({ ok: true, boat: { agreementTerms: null } });
  });
});
