import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_STORAGE_KEY,
  mayLoad,
  parseConsent,
  readConsent,
  saveConsent,
  subscribeConsent,
} from './consent-store';

describe('consent store', () => {
  beforeEach(() => localStorage.clear());

  it('pre-fills analytics on and marketing off when nothing is saved, but allows no script', () => {
    const state = readConsent();
    expect(state).toEqual({ necessary: true, analytics: true, marketing: false, saved: false });
    expect(mayLoad(state, 'analytics')).toBe(false);
    expect(mayLoad(state, 'marketing')).toBe(false);
  });

  it.each(['not json', '[]', 'null', '{"analytics":"yes","marketing":false}', '{"analytics":true}'])(
    'treats the unreadable saved value %s as not saved',
    (raw) => {
      expect(parseConsent(raw)).toMatchObject({ saved: false, analytics: true, marketing: false });
    },
  );

  it('saves the choice, notifies subscribers and lets allowed scripts load', () => {
    const listener = vi.fn();
    const stop = subscribeConsent(listener);
    const state = saveConsent({ analytics: false, marketing: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual({
      analytics: false,
      marketing: true,
    });
    expect(state).toMatchObject({ saved: true, analytics: false, marketing: true });
    expect(mayLoad(state, 'analytics')).toBe(false);
    expect(mayLoad(state, 'marketing')).toBe(true);
    stop();
  });
});
