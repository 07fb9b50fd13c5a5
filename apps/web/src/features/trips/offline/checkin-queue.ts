// Check-in without signal (docs/back-office.md#check-in-without-signal). The phone decides on its
// saved manifests with the server's own rule (checkinVerdict): a code on none of them is said so
// at once; a canceled booking, another day's or another trip's ticket, or one boarded already
// (on the manifest, or waiting on this phone) is answered as the server would; any other is
// recorded on the phone with the time of the scan, "waiting to send". Sending (flushCheckins,
// whenever the signal is back) hands the server that time; its answer settles each one: boarded
// (sent), or a conflict the crew who made it reads, with who boarded it or canceled it and when.
import { isRevenueStatus } from '@boats/domain/booking-status';
import { checkinVerdict, type CheckinVerdict } from '@boats/domain/checkin-verdict';
import {
  canonicalTicketCode,
  type CheckinRequest,
  type CheckinResponse,
  type ManifestResponse,
} from '@boats/domain/schemas/trips';
import { ApiError } from '../../../shared/api/http';
import {
  allSnapshots,
  deleteCheckin,
  putCheckin,
  queuedCheckins,
  type QueuedCheckin,
} from '../../../shared/offline/crew-offline-store';
import { crewOffline, isNoSignal } from './crew-offline-state';
import { MANIFEST_KEY } from './crew-read';

/** What the phone answers a check-in it cannot send. */
export type OfflineCheckinAnswer =
  | { kind: 'queued'; checkin: QueuedCheckin }
  | { kind: 'not_saved'; code: string }
  | {
      kind: 'refused';
      verdict: Exclude<CheckinVerdict, 'board'>;
      code: string;
      customerName: string;
      /** The trip the ticket is for (another trip's or another day's). */
      start: string;
      /** Already: when and by whom it boarded, or that it waits on this phone. */
      boardedAt: string | null;
      boardedBy: string | null;
      waitingHere: boolean;
    };

type SavedTicket = {
  customerName: string;
  bookingId: string;
  travels: boolean;
  start: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
  slotIds: string[];
};

async function findSavedTicket(code: string): Promise<SavedTicket | undefined> {
  let found: SavedTicket | undefined;
  const slotsOfBooking = new Map<string, string[]>();
  for (const snapshot of await allSnapshots()) {
    if (!snapshot.key.startsWith(MANIFEST_KEY)) continue;
    const manifest = snapshot.data as ManifestResponse;
    for (const booking of manifest.bookings) {
      slotsOfBooking.set(booking.bookingId, [
        ...(slotsOfBooking.get(booking.bookingId) ?? []),
        manifest.trip.slotId,
      ]);
      const ticket = booking.tickets.find((t) => t.code === code);
      if (ticket && !found) {
        found = {
          customerName: booking.customerName,
          bookingId: booking.bookingId,
          travels: isRevenueStatus(booking.status) && manifest.trip.state !== 'canceled',
          start: manifest.trip.start,
          checkedInAt: ticket.checkedInAt,
          checkedInBy: ticket.checkedInBy,
          slotIds: [],
        };
      }
    }
  }
  return found && { ...found, slotIds: slotsOfBooking.get(found.bookingId) ?? [] };
}

/** A check-in the server could not be asked about: decided on the saved manifests, recorded if it boards. */
export async function recordOfflineCheckin(
  code: string,
  slotId: string | undefined,
  at: Date,
): Promise<OfflineCheckinAnswer> {
  // As the server reads it: a QR code's text or a code typed loosely.
  code = canonicalTicketCode(code.trim());
  const ticket = await findSavedTicket(code);
  if (!ticket) return { kind: 'not_saved', code };
  const waiting = (await queuedCheckins()).find((c) => c.code === code && c.state !== 'conflict');
  const verdict = checkinVerdict(
    {
      travels: ticket.travels,
      start: ticket.start,
      slotIds: ticket.slotIds,
      boarded: ticket.checkedInAt !== null || waiting !== undefined,
    },
    { at, slotId },
  );
  if (verdict !== 'board') {
    return {
      kind: 'refused',
      verdict,
      code,
      customerName: ticket.customerName,
      start: ticket.start,
      boardedAt: ticket.checkedInAt ?? waiting?.scannedAt ?? null,
      boardedBy: ticket.checkedInBy,
      waitingHere: ticket.checkedInAt === null && waiting !== undefined,
    };
  }
  const checkin: QueuedCheckin = {
    code,
    slotId,
    scannedAt: at.toISOString(),
    customerName: ticket.customerName,
    state: 'waiting',
  };
  await putCheckin(checkin);
  await crewOffline.reloadCheckins();
  return { kind: 'queued', checkin };
}

/** Sent check-ins stay listed (as sent) for a day, then go. */
const KEEP_SENT_MS = 24 * 3_600_000;

/**
 * Sends every check-in waiting on the phone, oldest first, with its scan time. Stops at the first
 * that finds no signal (the rest wait with it); a session that needs signing in again leaves them
 * waiting too. `me`: the account sending, whose own earlier boarding of a ticket is no conflict.
 * Resolves how many were sent and how many met a conflict.
 */
export async function flushCheckins(
  send: (request: CheckinRequest) => Promise<CheckinResponse>,
  me: string,
  now = new Date(),
): Promise<{ sent: number; conflicts: number }> {
  let sent = 0;
  let conflicts = 0;
  for (const checkin of await queuedCheckins()) {
    if (checkin.state === 'sent' && now.getTime() - Date.parse(checkin.scannedAt) > KEEP_SENT_MS) {
      await deleteCheckin(checkin.code);
      continue;
    }
    if (checkin.state !== 'waiting') continue;
    let settled: QueuedCheckin;
    try {
      const answer = await send({ code: checkin.code, slotId: checkin.slotId, scannedAt: checkin.scannedAt });
      // Boarded by this very account (a first try whose answer the signal lost): sent, not a conflict.
      const mine = answer.result === 'already' && answer.checkedInBy === me;
      settled = { ...checkin, answer, state: answer.result === 'boarded' || mine ? 'sent' : 'conflict' };
    } catch (err) {
      if (isNoSignal(err)) {
        crewOffline.markOffline();
        break;
      }
      const problem =
        err instanceof ApiError && err.status === 404
          ? 'unknown_code'
          : err instanceof ApiError && err.code === 'checkin_too_old'
            ? 'too_old'
            : undefined;
      // Signed out meanwhile, or the server failing: it waits for the next try.
      if (!problem) break;
      settled = { ...checkin, problem, state: 'conflict' };
    }
    crewOffline.markOnline();
    await putCheckin(settled);
    if (settled.state === 'sent') sent += 1;
    else conflicts += 1;
  }
  await crewOffline.reloadCheckins();
  return { sent, conflicts };
}
