// The manifest marks a booking of a self-drive boat "Licence to check" for the crew (issue 39).
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ManifestBooking } from '@boats/domain/schemas/trips';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ManifestBookingCard } from './manifest-booking';

beforeAll(setupTestI18n);

const booking = (licenceToCheck: boolean): ManifestBooking => ({
  bookingId: '00000000-0000-4000-8000-00000a1b2c3d',
  ref: '0A1B2C3D',
  status: 'paid',
  customerName: 'Ana',
  customerPhone: '',
  customerEmail: 'ana@example.com',
  language: 'es',
  adults: 2,
  children50: 0,
  kidsFree: 0,
  amountPaid: 300,
  licenceToCheck,
  tickets: [],
});

describe('the manifest', () => {
  it('marks a self-drive booking "Licence to check", and no other', () => {
    const { unmount } = render(<ManifestBookingCard booking={booking(true)} />);
    expect(screen.getByText('Licence to check')).toBeTruthy();
    unmount();
    render(<ManifestBookingCard booking={booking(false)} />);
    expect(screen.queryByText('Licence to check')).toBeNull();
  });
});
