// "Download my data" on manage my booking: the booking's own signed link to the export, in the
// page's language.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { PersonalDataLink } from './personal-data-link';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const id = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';

describe('the personal data link', () => {
  it('downloads the export of this booking with its token, said in the page’s language', async () => {
    await i18n.changeLanguage('es');
    render(<PersonalDataLink bookingId={id} token="a+b/c=" />);
    const link = screen.getByRole('link', { name: 'Descargar mis datos' });
    expect(link.getAttribute('href')).toBe(`/api/bookings/${id}/personal-data?token=a%2Bb%2Fc%3D`);
    expect(link.hasAttribute('download')).toBe(true);
  });
});
