// The skipper's licence at the harbour without signal (decision 39, "Without signal, as
// check-in"): crew type it with a photo of the document and confirm it; it waits on the phone,
// "waiting to send", and goes when the signal returns: the photo once, then the licence with the
// time it was typed, then the confirmation with the time crew held the document. What the server
// refused (another licence recorded meanwhile) stays on the phone with what the server holds.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingLicence } from '@boats/domain/schemas/self-drive';
import { ApiError } from '../../../shared/api/http';
import {
  claimCrewOfflineStore,
  clearCrewOfflineData,
  queuedLicences,
} from '../../../shared/offline/crew-offline-store';
import { setupTestI18n } from '../../../shared/test/test-i18n';
import { WithQueryClient } from '../../../shared/test/with-query-client';
import { LicenceCheck } from '../licence-check';
import { crewOffline } from './crew-offline-state';
import { flushLicences, type LicenceSender } from './licence-queue';

beforeAll(setupTestI18n);
beforeEach(async () => {
  crewOffline.reset();
  await clearCrewOfflineData();
  await claimCrewOfflineStore('deck@example.com');
});
afterEach(cleanup);

const BOOKING = '00000000-0000-4000-8000-0000000000c1';
const STORED = 'evidence-00000000-0000-4000-8000-0000000000f3';
const noSignal = () => Promise.reject(new ApiError(0, 'Network error', ''));
const offline = (): LicenceSender => ({
  upload: vi.fn(noSignal),
  record: vi.fn(noSignal),
  confirm: vi.fn(noSignal),
  current: vi.fn(noSignal),
});

function renderCheck(sender: LicenceSender) {
  return render(
    <WithQueryClient>
      <LicenceCheck
        bookingId={BOOKING}
        customerName="Luca Bianchi"
        licence={null}
        terms={{ required: 'pnb', foreignAccepted: true }}
        sender={sender}
      />
    </WithQueryClient>,
  );
}

async function typeLicence() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Record the licence' }));
  await user.type(screen.getByLabelText("Skipper's full name"), 'Luca Bianchi');
  await user.selectOptions(screen.getByLabelText('Licence'), 'foreign');
  await user.type(screen.getByLabelText('Licence number'), 'IT-778899');
  await user.type(screen.getByLabelText('Issuing country'), 'it');
  await user.upload(
    screen.getByLabelText('Photo of the licence'),
    new File(['jpeg bytes'], 'licence.jpg', { type: 'image/jpeg' }),
  );
  await user.click(screen.getByRole('button', { name: 'Save the licence' }));
  return user;
}

describe("the skipper's licence at the harbour without signal", () => {
  it('keeps the licence, its photo and its confirmation on the phone, then sends them in order with their times', async () => {
    const sender = offline();
    renderCheck(sender);
    const user = await typeLicence();
    expect(
      await screen.findByText('Waiting to send: kept on this phone, sent when the signal returns.'),
    ).toBeTruthy();
    expect(
      screen.getByText('A licence of another country (ICC or national) · IT-778899 · Italy'),
    ).toBeTruthy();
    expect(sender.upload).toHaveBeenCalledTimes(1); // tried, no signal: nothing lost
    await user.click(screen.getByRole('button', { name: 'Matches the document' }));
    await waitFor(async () => expect((await queuedLicences())[0]?.confirmedAt).not.toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Matches the document' })).toBeNull());
    expect(screen.getByTestId('licence-status').textContent).toMatch(
      /^Checked against the document by crew at/,
    );
    expect(
      screen.getByText('Waiting to send: kept on this phone, sent when the signal returns.'),
    ).toBeTruthy();

    const [waiting] = await queuedLicences();
    expect(waiting).toMatchObject({
      bookingId: BOOKING,
      state: 'waiting',
      licence: {
        skipperName: 'Luca Bianchi',
        licenceType: 'foreign',
        licenceNumber: 'IT-778899',
        issuingCountry: 'IT',
      },
    });
    expect(waiting?.licence?.photo.bytes.byteLength).toBe(10);
    expect(waiting?.confirms).toBe(waiting?.licence?.recordedAt);

    // The signal returns: the photo, the licence with its time, then the confirmation.
    const order: string[] = [];
    const upload = vi.fn(async () => (order.push('photo'), STORED));
    const record = vi.fn(async () => order.push('licence'));
    const confirm = vi.fn(async () => order.push('confirm'));
    expect(await flushLicences({ upload, record, confirm, current: vi.fn() })).toEqual({
      sent: 1,
      conflicts: 0,
    });
    expect(order).toEqual(['photo', 'licence', 'confirm']);
    expect(record).toHaveBeenCalledWith(BOOKING, {
      skipperName: 'Luca Bianchi',
      licenceType: 'foreign',
      licenceNumber: 'IT-778899',
      issuingCountry: 'IT',
      photo: STORED,
      recordedAt: waiting?.licence?.recordedAt,
    });
    expect(confirm).toHaveBeenCalledWith(BOOKING, {
      checkedAt: waiting?.confirmedAt,
      licenceRecordedAt: waiting?.licence?.recordedAt,
    });
    expect(await queuedLicences()).toEqual([]);
  });

  it('sends the photo once when the licence after it finds no signal, and shows what the server holds when it refuses', async () => {
    const upload = vi.fn(async () => STORED);
    renderCheck({ ...offline(), upload });
    await typeLicence();
    await waitFor(async () => expect((await queuedLicences())[0]?.licence?.photo.name).toBe(STORED));

    const customers: BookingLicence = {
      required: 'pnb',
      foreignAccepted: true,
      editable: true,
      licence: {
        skipperName: 'Luca Bianchi',
        licenceType: 'per',
        licenceNumber: 'PER-1212',
        issuingCountry: 'ES',
        photo: null,
        status: 'recorded',
        recordedBy: 'customer',
        recordedAt: new Date().toISOString(),
        checkedAt: null,
        checkedBy: null,
        refusalReason: null,
      },
    };
    const refused = vi.fn(() => Promise.reject(new ApiError(409, 'changed', '', [], 'licence_changed')));
    expect(
      await flushLicences({
        upload,
        record: refused,
        confirm: vi.fn(),
        current: vi.fn(async () => customers),
      }),
    ).toEqual({ sent: 0, conflicts: 1 });
    expect(upload).toHaveBeenCalledTimes(1);
    expect((await queuedLicences())[0]).toMatchObject({ state: 'conflict', problem: 'licence_changed' });

    cleanup();
    renderCheck(offline());
    const conflict = await screen.findByTestId('licence-conflict');
    expect(conflict.textContent).toContain('Not sent: another licence was recorded meanwhile.');
    expect(conflict.textContent).toContain('PER-1212');
    await userEvent.click(screen.getByRole('button', { name: 'Understood' }));
    await waitFor(async () => expect(await queuedLicences()).toEqual([]));
  });
});
