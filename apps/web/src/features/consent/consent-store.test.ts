import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  mayLoad,
  parseConsent,
  readConsent,
  saveConsent,
  subscribeConsent,
} from './consent-store';

describe('consent store', () => {
  beforeEach(() => localStorage.clear());

  it('pre-fills analytics and marketing off when nothing is saved, and allows no script (AEPD)', () => {
    const state = readConsent();
    expect(state).toEqual({ necessary: true, analytics: false, marketing: false, saved: false });
    expect(mayLoad(state, 'analytics')).toBe(false);
    expect(mayLoad(state, 'marketing')).toBe(false);
  });

  it.each([
    'not json',
    '[]',
    'null',
    '{"analytics":"yes","marketing":false}',
    '{"analytics":true}',
    // Saved before the policy had a version, or under another version: asked again.
    '{"analytics":true,"marketing":true}',
    '{"analytics":true,"marketing":true,"policyVersion":"2020-01-01"}',
  ])('treats the saved value %s as not saved', (raw) => {
    expect(parseConsent(raw)).toMatchObject({ saved: false, analytics: false, marketing: false });
  });

  it('saves the choice, notifies subscribers and lets allowed scripts load', () => {
    const listener = vi.fn();
    const stop = subscribeConsent(listener);
    const state = saveConsent({ analytics: false, marketing: true }, new Date('2027-03-01T10:00:00Z'));
    expect(listener).toHaveBeenCalledTimes(1);
    // The choice is kept with its moment and the policy version it answers.
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual({
      analytics: false,
      marketing: true,
      savedAt: '2027-03-01T10:00:00.000Z',
      policyVersion: CONSENT_POLICY_VERSION,
    });
    expect(state).toMatchObject({ saved: true, analytics: false, marketing: true });
    expect(mayLoad(state, 'analytics')).toBe(false);
    expect(mayLoad(state, 'marketing')).toBe(true);
    stop();
  });
});
