// The crew's condition checklist on a phone without signal (decision 39): the record and its
// photo stay on the phone, "waiting", and go with the next sync (the photo uploaded once, even
// when the record itself finds no signal); the return is shown beside the departure.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKLIST } from '@boats/domain/condition-checklist';
import { ApiError } from '../../shared/api/http';
import {
  claimCrewOfflineStore,
  clearCrewOfflineData,
  queuedConditions,
} from '../../shared/offline/crew-offline-store';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ConditionComparison } from '../../shared/self-drive/condition-comparison';
import { ConditionForm } from './condition-check';
import { flushConditions, type ConditionSender } from './offline/condition-queue';
import { crewOffline } from './offline/crew-offline-state';

beforeAll(setupTestI18n);
beforeEach(async () => {
  crewOffline.reset();
  await clearCrewOfflineData();
  await claimCrewOfflineStore('deck@example.com');
});
afterEach(cleanup);

const BOOKING = '00000000-0000-4000-8000-0000000000b1';
const noSignal = () => Promise.reject(new ApiError(0, 'Network error', ''));
const checklist = DEFAULT_CHECKLIST.filter((i) =>
  ['fuel', 'engine_hours', 'anchor', 'marks'].includes(i.key),
);

async function sign() {
  const pad = screen.getByTestId('signature-pad');
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 50, pointerId: 1 });
  for (let x = 20; x <= 80; x += 10) fireEvent.pointerMove(pad, { clientX: x, clientY: 40, pointerId: 1 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
}

describe("the crew's departure checklist without signal", () => {
  it('keeps the signed record and its photo on the phone, then sends them with their time', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const offline: ConditionSender = { upload: vi.fn(noSignal), send: vi.fn(noSignal) };
    render(
      <ConditionForm
        bookingId={BOOKING}
        phase="departure"
        checklist={checklist}
        customerName="Ana García"
        sender={offline}
        onDone={onDone}
      />,
    );
    await user.selectOptions(screen.getByLabelText('Fuel level'), '3');
    await user.clear(screen.getByLabelText('Engine hours'));
    await user.type(screen.getByLabelText('Engine hours'), '310');
    await user.type(screen.getByLabelText('Existing marks and damage'), 'Scratch on the bow');
    await user.upload(
      screen.getByLabelText('Photos (marks, fuel gauge, engine hours)'),
      new File(['jpeg bytes'], 'bow.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByText('1 photo taken')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save and send' });
    expect((save as HTMLButtonElement).disabled).toBe(true); // not signed yet
    await sign();
    await user.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('waiting'));

    const [waiting] = await queuedConditions();
    expect(waiting).toMatchObject({
      bookingId: BOOKING,
      phase: 'departure',
      state: 'waiting',
      signedBy: 'Ana García',
      values: { fuel: 3, engine_hours: 310, anchor: true, marks: 'Scratch on the bow' },
    });
    expect(waiting?.photos).toHaveLength(1);
    expect(waiting?.signature).toMatch(/^M\d+ \d+( L\d+ \d+){5,}$/);
    expect(crewOffline.get().online).toBe(false);

    // The signal returns: the photo goes up, then the record with the time it was made.
    const upload = vi.fn(async () => 'evidence-00000000-0000-4000-8000-0000000000f1');
    const send = vi.fn(async () => ({}));
    expect(await flushConditions({ upload, send })).toEqual({ sent: 1, conflicts: 0 });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(BOOKING, 'departure', {
      values: waiting?.values,
      photos: ['evidence-00000000-0000-4000-8000-0000000000f1'],
      signature: waiting?.signature,
      signedBy: 'Ana García',
      recordedAt: waiting?.recordedAt,
    });
    expect(await queuedConditions()).toEqual([]);
  });

  it('sends a photo once when the record after it finds no signal, and keeps a refusal for the crew', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(async () => 'evidence-00000000-0000-4000-8000-0000000000f2');
    render(
      <ConditionForm
        bookingId={BOOKING}
        phase="departure"
        checklist={checklist}
        customerName="Ana"
        sender={{ upload, send: vi.fn(noSignal) }}
        onDone={() => undefined}
      />,
    );
    await user.upload(
      screen.getByLabelText('Photos (marks, fuel gauge, engine hours)'),
      new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' }),
    );
    await sign();
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(async () => expect((await queuedConditions())[0]?.photos[0]?.name).toBeDefined());
    const refused = vi.fn(() => Promise.reject(new ApiError(409, 'recorded', '', [], 'condition_recorded')));
    expect(await flushConditions({ upload, send: refused })).toEqual({ sent: 0, conflicts: 1 });
    expect(upload).toHaveBeenCalledTimes(1);
    expect((await queuedConditions())[0]).toMatchObject({ state: 'conflict', problem: 'condition_recorded' });
  });
});

describe('the return beside the departure', () => {
  it('marks what changed and shows both values', () => {
    render(
      <ConditionComparison
        checklist={checklist}
        departure={{ fuel: 4, engine_hours: 310, anchor: true, marks: 'Scratch on the bow' }}
        back={{ fuel: 1, engine_hours: 313, anchor: false, marks: 'Scratch on the bow' }}
      />,
    );
    const rows = within(screen.getByTestId('condition-comparison')).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'Fuel level · changedFull¼ tank',
      'Engine hours310313',
      'Anchor and line · changedOn boardMissing',
      'Existing marks and damageScratch on the bowScratch on the bow',
    ]);
  });
});
