// Declining a request to book (issue 58): the owner picks a reason code, which the customer reads
// in their own language; the note is optional and stays with staff. A decline without a code is
// not sent.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCharter } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { BookingRequests } from './booking-requests';

const mutateAsync = vi.fn((input: { booking: unknown }) => Promise.resolve(input.booking));
const requested = adminCharter({ status: 'requested' });

vi.mock('./api/get-bookings', () => ({
  useBookings: () => ({ data: { items: [requested] } }),
}));
vi.mock('./api/answer-request', () => ({
  useAnswerRequest: () => ({ mutateAsync, isPending: false, error: null }),
}));

beforeAll(setupTestI18n);

describe('booking requests: decline', () => {
  it('sends the chosen reason code and the note; nothing without a code', async () => {
    const user = userEvent.setup();
    render(<BookingRequests answered={[]} onAnswered={() => {}} onShowMonth={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByText('The customer reads this reason in their own language.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    expect(await screen.findByText('Choose a reason.')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'No skipper or crew free' }));
    await user.type(screen.getByLabelText(/Note for the booking's history/), 'Skipper ill');
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    await vi.waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toMatchObject({
      answer: { kind: 'decline', decline: { reasonCode: 'crew_unavailable', note: 'Skipper ill' } },
    });
  });
});
