// Keeps a crew member's phone ready for the harbour: whenever there is signal, sends the check-ins,
// the skippers' licences and the boat's condition records waiting on it, then saves the day's trips of today and the next CREW_DAYS_AHEAD days and the
// manifest of every trip that has people on it (what the crew may read: crew-window.ts), drops
// what is no longer among them, and notes the time. Runs when a crew page opens (at most once a
// minute), every five minutes while one is open, and as soon as the browser is back online.
import { addDays, canaryDateKey } from '@boats/domain/canary-time';
import { CREW_DAYS_AHEAD } from '@boats/domain/crew-window';
import {
  allSnapshots,
  claimCrewOfflineStore,
  deleteSnapshot,
  readMeta,
  saveSnapshot,
  writeMeta,
} from '../../../shared/offline/crew-offline-store';
import { fetchManifest } from '../api/get-manifest';
import { fetchTrips } from '../api/get-trips';
import { sendCheckIn } from '../api/check-in';
import { flushCheckins } from './checkin-queue';
import { flushConditions } from './condition-queue';
import { flushLicences } from './licence-queue';
import {
  fetchStaffLicence,
  sendLicenceConfirm,
  sendLicenceRecord,
  uploadEvidencePhoto,
} from '../api/licence-check';
import { sendCondition } from '../api/record-condition';
import { MANIFEST_KEY, TRIPS_KEY } from './crew-read';
import { crewOffline, isNoSignal } from './crew-offline-state';

/** Background requests wait longer than a page does: nobody is looking at a spinner. */
const SYNC_TIMEOUT_MS = 20_000;
export const SYNC_EVERY_MS = 5 * 60_000;

let running: Promise<void> | null = null;

/** One sync at a time; resolves when it has finished (or found no signal). */
export function syncCrewData(email: string, now = new Date()): Promise<void> {
  running ??= run(email, now).finally(() => {
    running = null;
  });
  return running;
}

async function run(email: string, now: Date): Promise<void> {
  await claimCrewOfflineStore(email);
  const syncedAt = await readMeta('syncedAt');
  if (syncedAt) crewOffline.setSyncedAt(syncedAt);
  await crewOffline.reloadCheckins();
  const signal = () => AbortSignal.timeout(SYNC_TIMEOUT_MS);
  try {
    await flushCheckins((request) => sendCheckIn(request, signal()), email);
    // A self-drive boat's licences and condition records made without signal, with their photos:
    // the licence first, as the departure's signed agreement names it.
    await flushLicences({
      upload: (bookingId, photo) => uploadEvidencePhoto(bookingId, photo, signal()),
      record: (bookingId, licence) => sendLicenceRecord(bookingId, licence, signal()),
      confirm: (bookingId, confirmation) => sendLicenceConfirm(bookingId, confirmation, signal()),
      current: (bookingId) => fetchStaffLicence(bookingId, signal()),
    });
    await flushConditions({
      upload: (bookingId, photo) => uploadEvidencePhoto(bookingId, photo, signal()),
      send: (bookingId, phase, report) => sendCondition(bookingId, phase, report, signal()),
    });
    const kept = new Set<string>();
    const today = canaryDateKey(now);
    for (let ahead = 0; ahead <= CREW_DAYS_AHEAD; ahead += 1) {
      const date = addDays(today, ahead);
      const trips = await fetchTrips(date, signal());
      await saveSnapshot(`${TRIPS_KEY}${date}`, trips, now);
      kept.add(`${TRIPS_KEY}${date}`);
      for (const trip of trips.items) {
        if (trip.people === 0 && trip.canceledBookings === 0) continue;
        await saveSnapshot(`${MANIFEST_KEY}${trip.slotId}`, await fetchManifest(trip.slotId, signal()), now);
        kept.add(`${MANIFEST_KEY}${trip.slotId}`);
      }
    }
    for (const snapshot of await allSnapshots()) {
      if (!kept.has(snapshot.key)) await deleteSnapshot(snapshot.key);
    }
    await writeMeta('syncedAt', now.toISOString());
    crewOffline.setSyncedAt(now.toISOString());
    crewOffline.markOnline();
  } catch (err) {
    if (!isNoSignal(err)) throw err;
    crewOffline.markOffline();
  }
}
