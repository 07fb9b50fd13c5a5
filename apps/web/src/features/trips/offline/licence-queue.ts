// The skipper's licence crew record or confirm at the harbour, with or without signal
// (docs/back-office.md#the-skippers-licence-at-the-harbour), as the condition records are
// (condition-queue.ts): kept on the phone first, then sent: the photo (remembered once uploaded,
// never sent twice), the licence with the time crew typed it, then the confirmation with the time
// crew held the document. No signal: it waits and goes with the next sync (crew-sync.ts). A
// refusal (another licence recorded meanwhile, the departure refused, the booking canceled) stays
// on the phone with what the server holds, for the crew to read.
import type { BookingLicence, CrewLicenceInput, LicenceConfirm } from '@boats/domain/schemas/self-drive';
import {
  deleteLicence,
  putLicence,
  queuedLicences,
  readQueuedLicence,
  type QueuedLicence,
} from '../../../shared/offline/crew-offline-store';
import { crewOffline, refusalOf } from './crew-offline-state';

export type LicenceSender = {
  upload: (bookingId: string, photo: Blob) => Promise<string>;
  record: (bookingId: string, licence: CrewLicenceInput) => Promise<unknown>;
  confirm: (bookingId: string, confirmation: LicenceConfirm) => Promise<unknown>;
  /** What the server holds now, read after it refused what the phone sent. */
  current: (bookingId: string) => Promise<BookingLicence>;
};

/** The licence crew typed at the harbour, kept on the phone (replacing one not yet sent). */
export async function queueLicenceRecord(
  bookingId: string,
  customerName: string,
  licence: NonNullable<QueuedLicence['licence']>,
): Promise<void> {
  await putLicence({ bookingId, customerName, licence, confirmedAt: null, confirms: null, state: 'waiting' });
}

/**
 * Crew held the document and it matched: the licence waiting on the phone, or the one the
 * manifest showed (`recordedAt`, the server's), confirmed at this time.
 */
export async function queueLicenceConfirm(
  bookingId: string,
  customerName: string,
  recordedAt: string,
  confirmedAt = new Date().toISOString(),
): Promise<void> {
  const waiting = await readQueuedLicence(bookingId);
  const licence = waiting?.state === 'waiting' ? waiting.licence : null;
  await putLicence({
    bookingId,
    customerName,
    licence,
    confirmedAt,
    confirms: licence?.recordedAt ?? recordedAt,
    state: 'waiting',
  });
}

/**
 * Sends every licence waiting on the phone. Stops at the first that finds no signal (the rest
 * wait with it); a refusal stays as a conflict with the server's code and what it holds.
 */
export async function flushLicences(sender: LicenceSender): Promise<{ sent: number; conflicts: number }> {
  let sent = 0;
  let conflicts = 0;
  for (let item of await queuedLicences()) {
    if (item.state !== 'waiting') continue;
    try {
      const typed = item.licence;
      if (typed) {
        let { photo } = typed;
        if (!photo.name) {
          photo = {
            ...photo,
            name: await sender.upload(item.bookingId, new Blob([photo.bytes], { type: photo.type })),
          };
          item = { ...item, licence: { ...typed, photo } };
          await putLicence(item);
        }
        const { photo: _bytes, ...details } = typed;
        await sender.record(item.bookingId, { ...details, photo: photo.name ?? '' });
      }
      if (item.confirmedAt)
        await sender.confirm(item.bookingId, {
          checkedAt: item.confirmedAt,
          ...(item.confirms ? { licenceRecordedAt: item.confirms } : {}),
        });
      await deleteLicence(item.bookingId);
      crewOffline.markOnline();
      sent += 1;
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal === 'stop') break;
      const answer = await sender.current(item.bookingId).catch(() => undefined);
      await putLicence({
        ...item,
        state: 'conflict',
        problem: refusal.code ?? String(refusal.status),
        ...(answer ? { answer } : {}),
      });
      conflicts += 1;
    }
  }
  return { sent, conflicts };
}

/** The licence of one booking still on this phone (waiting, or refused), if any. */
export const licenceOnPhone = (bookingId: string): Promise<QueuedLicence | undefined> =>
  readQueuedLicence(bookingId);

/** Crew read the conflict: the phone forgets it (the manifest shows what the server holds). */
export const dismissLicence = (bookingId: string): Promise<void> => deleteLicence(bookingId);
