import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { BoatInfo } from './boat-info';
import { boat } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const translated = {
  ...boat,
  port: { name: 'Puerto Colón', address: 'Harbour road 1' },
  geoNote: 'Meet at the blue kiosk',
  harbourI18n: {
    name: { en: 'Puerto Colón', ru: 'Пуэрто-Колон' },
    address: { en: 'Harbour road 1', ru: 'Портовая дорога, 1' },
    note: { en: 'Meet at the blue kiosk', es: '' },
  },
};

const harbourLine = () =>
  screen.getByText((_, node) => node?.tagName === 'DD' && /Puerto|Пуэрто/.test(node.textContent ?? ''));

describe('boat facts on /booking', () => {
  it('name the harbour and its address in the visitor’s language', async () => {
    await i18n.changeLanguage('ru');
    render(<BoatInfo boat={translated} title="Sea Breeze" description="" />);
    expect(harbourLine().textContent).toContain('Пуэрто-Колон');
    expect(harbourLine().textContent).toContain('Портовая дорога, 1');
  });

  it('fall back to the English text where a translation is blank', async () => {
    await i18n.changeLanguage('es');
    render(<BoatInfo boat={translated} title="Sea Breeze" description="" />);
    expect(harbourLine().textContent).toContain('Puerto Colón · Harbour road 1 · Meet at the blue kiosk');
  });

  it('mark an inclusion the owner typed as English on another language’s page, and translate the known ones', async () => {
    await i18n.changeLanguage('es');
    render(
      <BoatInfo boat={{ ...boat, inclusions: ['awning', 'Cold towels on board'] }} title="" description="" />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Toldo', 'Cold towels on board (en inglés)']);
    expect(screen.getByText('Cold towels on board').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Toldo').closest('[lang]')).toBeNull();
  });

  it('show the owner’s translation of a typed inclusion, unmarked, and mark only the one without', async () => {
    await i18n.changeLanguage('es');
    const inclusionsI18n = { 'Cold towels on board': { es: 'Toallas frías a bordo', de: 'Kalte Tücher' } };
    render(
      <BoatInfo
        boat={{ ...boat, inclusions: ['Cold towels on board', 'Ukulele'], inclusionsI18n }}
        title=""
        description=""
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Toallas frías a bordo', 'Ukulele (en inglés)']);
    expect(items[0]!.querySelector('[lang]')).toBeNull();
  });

  it('leave them unmarked on the English page', async () => {
    render(<BoatInfo boat={{ ...boat, inclusions: ['Cold towels on board'] }} title="" description="" />);
    expect(screen.getByRole('listitem').textContent).toBe('Cold towels on board');
  });
});

describe('a boat that asks a security deposit', () => {
  it('states it, when it is held and when it is released, in the visitor’s language', async () => {
    render(<BoatInfo boat={{ ...boat, securityDeposit: 300 }} title="Sea Breeze" description="" />);
    expect(screen.getByTestId('boat-deposit').textContent).toBe(
      'Security deposit€300.00, held on your card (not charged) the day before departure and released after the return',
    );
    cleanup();
    await i18n.changeLanguage('de');
    render(<BoatInfo boat={{ ...boat, securityDeposit: 300 }} title="Sea Breeze" description="" />);
    expect(screen.getByTestId('boat-deposit').textContent).toContain('Kaution300,00');
  });

  it('says nothing of a boat that asks none', () => {
    render(<BoatInfo boat={{ ...boat, securityDeposit: 0 }} title="Sea Breeze" description="" />);
    expect(screen.queryByTestId('boat-deposit')).toBeNull();
  });
});

describe('a boat its customers drive themselves', () => {
  it('names its licence, and an equivalent such as the ICC only when the owner accepts one', async () => {
    const selfDrive = { ...boat, requiresLicense: true, licence: 'per' as const };
    render(<BoatInfo boat={{ ...selfDrive, foreignLicenceAccepted: true }} title="" description="" />);
    expect(screen.getByTestId('boat-licence').textContent).toBe(
      'A boat licence is required: Recreational boat skipper (PER) or higher, or an equivalent such as the ICC',
    );
    cleanup();
    render(<BoatInfo boat={{ ...selfDrive, foreignLicenceAccepted: false }} title="" description="" />);
    expect(screen.getByTestId('boat-licence').textContent).toBe(
      'A boat licence is required: Recreational boat skipper (PER) or higher',
    );
    cleanup();
    await i18n.changeLanguage('fr');
    render(<BoatInfo boat={{ ...selfDrive, foreignLicenceAccepted: false }} title="" description="" />);
    expect(screen.getByTestId('boat-licence').textContent).not.toContain('ICC');
  });

  it('says a boat with its skipper needs none', () => {
    render(<BoatInfo boat={{ ...boat, requiresLicense: false }} title="" description="" />);
    expect(screen.getByTestId('boat-licence').textContent).toBe('No licence needed, skipper included');
  });
});
