// Check-in without signal on a crew phone: the answers it gives from its saved manifests, the
// queue of check-ins waiting to send, what the server's answers make of them (sent, or a conflict
// with who and when), and the check-in page saying there is no connection at once.
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckinRequest, CheckinResponse, ManifestResponse } from '@boats/domain/schemas/trips';
import { ApiError } from '../../../shared/api/http';
import { authSession } from '../../../shared/auth/auth-session';
import {
  claimCrewOfflineStore,
  clearCrewOfflineData,
  queuedCheckins,
  saveSnapshot,
} from '../../../shared/offline/crew-offline-store';
import { setupTestI18n } from '../../../shared/test/test-i18n';
import { WithQueryClient } from '../../../shared/test/with-query-client';
import CheckinPage from '../checkin-page';
import { flushCheckins, recordOfflineCheckin } from './checkin-queue';
import { MANIFEST_KEY } from './crew-read';
import { crewOffline } from './crew-offline-state';
import { OfflineCheckinAnswer, OfflineCheckins } from './offline-views';

beforeAll(setupTestI18n);
beforeEach(async () => {
  crewOffline.reset();
  await clearCrewOfflineData();
  await claimCrewOfflineStore('deck@example.com');
});
afterEach(() => vi.unstubAllGlobals());

const SLOT = '00000000-0000-4000-8000-000000000011';
const OTHER_SLOT = '00000000-0000-4000-8000-000000000012';
const ticket = (code: string, seatNo: number) => ({
  code,
  seatNo,
  passengerType: 'adult' as const,
  checkedInAt: null,
  checkedInBy: null,
});

/** Today's trip as the phone saved it: Ana's three seats, none boarded yet. */
function savedManifest(start = new Date()): ManifestResponse {
  return {
    trip: {
      slotId: SLOT,
      boatId: '00000000-0000-4000-8000-000000000001',
      boatTitle: 'Dolphin Star',
      boatTitleI18n: { en: 'Dolphin Star' },
      type: 'shared',
      start: start.toISOString(),
      end: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      isOpen: true,
      seatsTotal: 10,
      seatsSold: 3,
      seatsHeld: 0,
      seatsLeft: 7,
      paidSeats: 3,
      minSeatsToDepart: 0,
      minimumWaived: false,
      state: 'on_track',
      cutoffAt: null,
      lastMinute: false,
      atRisk: false,
      people: 3,
      boarded: 0,
      canceledBookings: 0,
      crewMaySellBelowMinimum: false,
      platformBoat: false,
      charterMinHours: 1,
    },
    bookings: [
      {
        bookingId: '00000000-0000-4000-8000-0000000000b1',
        ref: '000000B1',
        status: 'paid',
        customerName: 'Ana Gangway',
        customerPhone: '+34600123456',
        customerEmail: 'ana@example.com',
        language: 'en',
        adults: 3,
        children50: 0,
        kidsFree: 0,
        amountPaid: 60,
        tickets: [ticket('TF-AAAA-BBBB-C1', 1), ticket('TF-AAAA-BBBB-C2', 2), ticket('TF-AAAA-BBBB-C3', 3)],
      },
    ],
    cancellation: null,
  };
}

const answer = (over: Partial<CheckinResponse>): CheckinResponse => ({
  result: 'boarded',
  code: 'TF-AAAA-BBBB-C1',
  passengerType: 'adult',
  seatNo: 1,
  people: 1,
  booking: {
    ref: '000000B1',
    customerName: 'Ana Gangway',
    boatTitle: 'Dolphin Star',
    boatTitleI18n: { en: 'Dolphin Star' },
    slotId: SLOT,
    start: '2027-06-10T09:00:00.000Z',
  },
  checkedInAt: null,
  checkedInBy: null,
  canceledAt: null,
  canceledBy: null,
  ...over,
});

describe('check-in on the saved manifests', () => {
  it('records a ticket as waiting to send, refuses it twice, and says when a code is not saved', async () => {
    await saveSnapshot(`${MANIFEST_KEY}${SLOT}`, savedManifest());
    // Typed loosely, as at the pier.
    const first = await recordOfflineCheckin('tf aaaa bbbb c1', SLOT, new Date());
    expect(first).toMatchObject({ kind: 'queued', checkin: { code: 'TF-AAAA-BBBB-C1', state: 'waiting' } });
    render(<OfflineCheckinAnswer answer={first} checkins={[]} />);
    expect(screen.getByRole('status').textContent).toContain(
      'No connection: Ana Gangway is checked in on this phone and will be sent when the signal returns.',
    );

    const again = await recordOfflineCheckin('TF-AAAA-BBBB-C1', SLOT, new Date());
    expect(again).toMatchObject({ kind: 'refused', verdict: 'already', waitingHere: true });
    render(<OfflineCheckinAnswer answer={again} checkins={[]} />);
    expect(screen.getAllByRole('status')[1]?.textContent).toMatch(
      /Already boarded.*already checked in on this phone at \d\d:\d\d, waiting to send/,
    );

    const wrongTrip = await recordOfflineCheckin('TF-AAAA-BBBB-C2', OTHER_SLOT, new Date());
    expect(wrongTrip).toMatchObject({ kind: 'refused', verdict: 'wrong_trip' });

    const unknown = await recordOfflineCheckin('TF-ZZZZ-ZZZZ-ZZ', SLOT, new Date());
    render(<OfflineCheckinAnswer answer={unknown} checkins={[]} />);
    expect(screen.getAllByRole('status')[2]?.textContent).toContain(
      'TF-ZZZZ-ZZZZ-ZZ is on none of the manifests saved on this phone',
    );
    expect((await queuedCheckins()).map((c) => c.code)).toEqual(['TF-AAAA-BBBB-C1']);
  });

  it('sends the waiting check-ins with their own time: sent, or a conflict with who and when', async () => {
    await saveSnapshot(`${MANIFEST_KEY}${SLOT}`, savedManifest());
    const times = [new Date(Date.now() - 3000), new Date(Date.now() - 2000), new Date(Date.now() - 1000)];
    for (const [i, code] of ['TF-AAAA-BBBB-C1', 'TF-AAAA-BBBB-C2', 'TF-AAAA-BBBB-C3'].entries()) {
      await recordOfflineCheckin(code, SLOT, times[i]!);
    }
    // No signal yet: nothing leaves the phone, nothing is lost.
    const nothing = await flushCheckins(
      () => Promise.reject(new ApiError(0, 'Network error', '')),
      'deck@example.com',
    );
    expect(nothing).toEqual({ sent: 0, conflicts: 0 });
    expect(crewOffline.get().online).toBe(false);

    const sent: CheckinRequest[] = [];
    const server = (request: CheckinRequest): Promise<CheckinResponse> => {
      sent.push(request);
      if (request.code.endsWith('C1'))
        return Promise.resolve(answer({ checkedInAt: request.scannedAt ?? null }));
      if (request.code.endsWith('C2'))
        return Promise.resolve(
          answer({
            result: 'already',
            code: request.code,
            checkedInAt: '2027-06-10T08:40:00.000Z',
            checkedInBy: 'skipper@example.com',
          }),
        );
      return Promise.resolve(
        answer({
          result: 'canceled',
          code: request.code,
          canceledAt: '2027-06-10T08:30:00.000Z',
          canceledBy: 'customer',
        }),
      );
    };
    expect(await flushCheckins(server, 'deck@example.com')).toEqual({ sent: 1, conflicts: 2 });
    expect(sent.map((r) => r.scannedAt)).toEqual(times.map((t) => t.toISOString()));
    expect(crewOffline.get().online).toBe(true);

    render(<OfflineCheckins checkins={crewOffline.get().checkins} />);
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(rows[0]).toContain('Ana Gangway · TF-AAAA-BBBB-C1');
    expect(rows[0]).toContain('sent');
    expect(rows[1]).toContain('not recorded');
    expect(rows[1]).toContain('Checked in on another phone by skipper@example.com at 10/06/2027 09:40.');
    expect(rows[2]).toContain('The booking was canceled by the customer at 10/06/2027 09:30: do not board.');

    // Read and dismissed, a conflict goes; sending again sends nothing twice.
    await userEvent.click(screen.getAllByRole('button', { name: 'Understood' })[0]!);
    await waitFor(() => expect(crewOffline.get().checkins).toHaveLength(2));
    expect(await flushCheckins(server, 'deck@example.com')).toEqual({ sent: 0, conflicts: 0 });
    expect(sent).toHaveLength(3);
  });

  it('turns the phone’s "No connection" card into what became of the check-in once sent (issue 58)', async () => {
    await saveSnapshot(`${MANIFEST_KEY}${SLOT}`, savedManifest());
    const queued = await recordOfflineCheckin('TF-AAAA-BBBB-C1', SLOT, new Date());
    const { rerender } = render(
      <OfflineCheckinAnswer answer={queued} checkins={crewOffline.get().checkins} />,
    );
    expect(screen.getByRole('status').textContent).toContain('No connection: Ana Gangway');
    const taken = () =>
      Promise.resolve(
        answer({
          result: 'already',
          checkedInAt: '2027-06-10T08:40:00.000Z',
          checkedInBy: 'skipper@example.com',
        }),
      );
    expect(await flushCheckins(taken, 'deck@example.com')).toEqual({ sent: 0, conflicts: 1 });
    rerender(<OfflineCheckinAnswer answer={queued} checkins={crewOffline.get().checkins} />);
    const card = screen.getByRole('alert').textContent ?? '';
    expect(card).toContain('Not recorded');
    expect(card).toContain('Checked in on another phone by skipper@example.com at 10/06/2027 09:40.');
    expect(card).not.toContain('No connection');
  });

  it('counts a ticket this account boarded already (a first try whose answer was lost) as sent', async () => {
    await saveSnapshot(`${MANIFEST_KEY}${SLOT}`, savedManifest());
    await recordOfflineCheckin('TF-AAAA-BBBB-C1', SLOT, new Date());
    const mine = () =>
      Promise.resolve(
        answer({
          result: 'already',
          checkedInAt: '2027-06-10T08:40:00.000Z',
          checkedInBy: 'deck@example.com',
        }),
      );
    expect(await flushCheckins(mine, 'deck@example.com')).toEqual({ sent: 1, conflicts: 0 });
  });

  it('speaks Spanish', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('es');
    try {
      render(<OfflineCheckinAnswer answer={{ kind: 'not_saved', code: 'TF-ZZZZ-ZZZZ-ZZ' }} checkins={[]} />);
      expect(screen.getByRole('status').textContent).toContain('No está en los manifiestos guardados');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('check-in page without signal', () => {
  it('says at once that there is no connection and keeps the check-in on the phone', async () => {
    await saveSnapshot(`${MANIFEST_KEY}${SLOT}`, savedManifest());
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    let signal = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url === '/user/auth' && signal)
          return Promise.resolve(
            json({ accessToken: 'token', user: { email: 'deck@example.com', role: 'crew' } }),
          );
        // The harbour: nothing gets through.
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    await authSession.signIn({ email: 'deck@example.com', password: 'x', remember: false });
    signal = false;
    render(
      <WithQueryClient>
        <MemoryRouter initialEntries={[`/admin/checkin?trip=${SLOT}`]}>
          <CheckinPage />
        </MemoryRouter>
      </WithQueryClient>,
    );
    await userEvent.type(await screen.findByLabelText('Or type the ticket code'), 'TF-AAAA-BBBB-C2');
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Check in', exact: true } as never));
    expect(await screen.findByText('Checked in on this phone')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(screen.getByRole('alert').textContent).toContain('No connection.');
    expect(await screen.findByText('1 check-in waiting to send')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Check-ins made without signal' }).textContent).toContain(
      'waiting to send',
    );
  });
});

describe('signing out', () => {
  it('deletes the saved manifests and check-ins, so the next person on the phone finds none of them', async () => {
    await saveSnapshot(`${MANIFEST_KEY}${SLOT}`, savedManifest());
    await recordOfflineCheckin('TF-AAAA-BBBB-C1', SLOT, new Date());
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
      ),
    );
    await authSession.signOut();
    await waitFor(async () => expect(await indexedDB.databases()).toEqual([]));
    expect(localStorage.getItem('app.crew')).toBeNull();
  });
});
