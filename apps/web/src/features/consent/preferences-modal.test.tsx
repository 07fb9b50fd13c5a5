// The preferences window's consent (docs/product.md §4): analytics and marketing off while
// nothing is saved (the AEPD's rule); Close keeps nothing; Enable all ticks both; Save settings
// stores the choice with its moment and policy version; every opening starts from what is stored,
// as the next page load does.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from './consent-store';
import { PreferencesModal } from './preferences-modal';

beforeAll(setupTestI18n);
afterEach(cleanup);

const stored = () => {
  const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
};
// Found by their texts, not their roles: jsdom computes roles and names slowly, and each of these
// controls' text is its name.
const box = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const press = (text: string) => fireEvent.click(screen.getAllByText(text).at(-1)!);
const ticks = () => ({ analytics: box(/Analytics/).checked, marketing: box(/Marketing/).checked });

describe('the preferences window', () => {
  it('starts off, keeps nothing on Close, and stores Enable all and a later change with Save settings', () => {
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const { rerender } = render(<PreferencesModal open onClose={onClose} onSaved={onSaved} />);
    const reopen = () => {
      rerender(<PreferencesModal open={false} onClose={onClose} onSaved={onSaved} />);
      rerender(<PreferencesModal open onClose={onClose} onSaved={onSaved} />);
    };

    // Nothing saved: strictly necessary locked on, analytics and marketing off, nothing stored.
    expect(box(/Strictly necessary/).checked).toBe(true);
    expect(box(/Strictly necessary/).disabled).toBe(true);
    expect(ticks()).toEqual({ analytics: false, marketing: false });
    expect(screen.getByText('Privacy policy').closest('a')?.getAttribute('href')).toBe('/legal/privacy');

    // A tick, then Close: nothing is kept, and the next opening shows what is stored.
    fireEvent.click(box(/Marketing/));
    press('Close');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(stored()).toBeNull();
    reopen();
    expect(ticks()).toEqual({ analytics: false, marketing: false });

    press('Enable all');
    expect(ticks()).toEqual({ analytics: true, marketing: true });
    press('Save settings');
    expect(stored()).toEqual({
      analytics: true,
      marketing: true,
      savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      policyVersion: CONSENT_POLICY_VERSION,
    });
    expect(onSaved).toHaveBeenCalledWith({ consent: { analytics: true, marketing: true }, language: 'en' });
    expect(onClose).toHaveBeenCalledTimes(2);

    // Opened again (or after a reload): the saved choice, which a new one then replaces.
    reopen();
    expect(ticks()).toEqual({ analytics: true, marketing: true });
    fireEvent.click(box(/Analytics/));
    press('Save settings');
    expect(stored()).toMatchObject({ analytics: false, marketing: true });
    reopen();
    expect(ticks()).toEqual({ analytics: false, marketing: true });
  });
});
