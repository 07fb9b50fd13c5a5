// The extras' steppers name what they add, not a person (issue 58: German read "Eine Person
// mehr: Flasche Prosecco" on a bottle); the passengers' steppers keep their own words.
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { BoatExtra } from '@boats/domain/schemas/extras';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ExtrasStepper } from './extras-stepper';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const prosecco: BoatExtra = {
  id: '00000000-0000-4000-8000-000000000001',
  name: { en: 'Bottle of prosecco', es: '', de: 'Flasche Prosecco', fr: '', it: '', ru: '' },
  description: { en: '', es: '', de: '', fr: '', it: '', ru: '' },
  price: 25,
  per: 'booking',
  maxQuantity: 3,
  noticeHours: 0,
  provider: 'owner',
};

const show = () =>
  render(
    <ExtrasStepper
      offers={[{ extra: prosecco, limit: 3, tooLate: false }]}
      chosen={{ [prosecco.id]: 1 }}
      onChange={() => undefined}
    />,
  );

describe('extras stepper', () => {
  it('in German the buttons add and remove the bottle, not a person', async () => {
    await i18n.changeLanguage('de');
    show();
    expect(screen.getByRole('button', { name: 'Hinzufügen: Flasche Prosecco' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entfernen: Flasche Prosecco' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Person/ })).toBeNull();
  });

  it('in English it adds one', () => {
    show();
    expect(screen.getByRole('button', { name: 'Add one: Bottle of prosecco' })).toBeTruthy();
  });
});
