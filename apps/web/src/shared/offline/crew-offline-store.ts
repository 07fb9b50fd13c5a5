// What a crew member's phone keeps for working without signal (docs/back-office.md#check-in-without-signal),
// in IndexedDB: the answers of the crew's trips and manifests of the next days ("snapshots", each
// with the time it was saved), and the check-ins, a self-drive boat's condition records and the
// skipper's licences (with their photos) made while the signal was gone. It belongs
// to one account: another account signing in on the phone, or signing out, empties it
// (clearCrewOfflineData, which also drops the service worker's copy of the app). Here in shared/
// because signing out (shared/auth) clears it; the crew's pages (features/trips/offline) fill it.
import type { CheckinResponse } from '@boats/domain/schemas/trips';
import type { BookingLicence, SkipperLicenceInput } from '@boats/domain/schemas/self-drive';

const DB_NAME = 'crew-offline';
const SNAPSHOTS = 'snapshots';
const CHECKINS = 'checkins';
const META = 'meta';
const CONDITIONS = 'conditions';
const LICENCES = 'licences';

export type Snapshot<T = unknown> = { key: string; data: T; savedAt: string };

/** A check-in made on this phone while the signal was gone, until the server has answered it. */
export type QueuedCheckin = {
  code: string;
  slotId?: string | undefined;
  /** When the crew scanned it: the server boards at this time. */
  scannedAt: string;
  /** Who it is, from the saved manifest, shown while it waits. */
  customerName: string;
  state: 'waiting' | 'sent' | 'conflict';
  /** The server's answer once sent (a conflict's: who boarded it or canceled the booking, when). */
  answer?: CheckinResponse;
  /** A conflict the server answered without a ticket (an unknown code, a check-in too old). */
  problem?: 'unknown_code' | 'too_old';
};

/** A photo taken without signal: its bytes, and once uploaded its stored name (not sent twice). */
type QueuedPhoto = { type: string; bytes: ArrayBuffer; name?: string };

/**
 * A self-drive boat's condition recorded on this phone (departure or return, signed), until the
 * server has it: its photos wait as bytes, the rest as the request will carry it.
 */
export type QueuedCondition = {
  /** `<booking id>:<phase>`. */
  id: string;
  bookingId: string;
  phase: 'departure' | 'return';
  customerName: string;
  values: Record<string, number | boolean | string>;
  signature: string;
  signedBy: string;
  recordedAt: string;
  photos: QueuedPhoto[];
  state: 'waiting' | 'sent' | 'conflict';
  /** What the server said when it refused it (its code), for the crew who made it. */
  problem?: string;
};

/**
 * A skipper's licence crew recorded or confirmed on this phone at the harbour, until the server
 * has it (one per booking): the licence typed, its photo as bytes, and when crew did each.
 */
export type QueuedLicence = {
  bookingId: string;
  customerName: string;
  /** What crew typed (null: they confirmed the licence recorded before, as the manifest had it). */
  licence: {
    skipperName: string;
    licenceType: SkipperLicenceInput['licenceType'];
    licenceNumber: string;
    issuingCountry: string;
    /** The document's photo: bytes until uploaded; a photo already on the server has its name and no bytes. */
    photo: QueuedPhoto;
    recordedAt: string;
  } | null;
  /** When crew held it against the document and it matched (null: recorded only). */
  confirmedAt: string | null;
  /** The `recordedAt` of the licence crew confirmed: the server refuses it if another was recorded since. */
  confirms: string | null;
  state: 'waiting' | 'conflict';
  /** The server's code when it refused it. */
  problem?: string;
  /** What the server holds, read once it refused (the customer's licence, a refusal, a cancellation). */
  answer?: BookingLicence;
};

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 3);
    req.onupgradeneeded = (event) => {
      // Version 1 had the snapshots, check-ins and meta; 2 adds the condition records, 3 the licences.
      if (event.oldVersion < 1) {
        req.result.createObjectStore(SNAPSHOTS, { keyPath: 'key' });
        req.result.createObjectStore(CHECKINS, { keyPath: 'code' });
        req.result.createObjectStore(META, { keyPath: 'key' });
      }
      if (event.oldVersion < 2) req.result.createObjectStore(CONDITIONS, { keyPath: 'id' });
      if (event.oldVersion < 3) req.result.createObjectStore(LICENCES, { keyPath: 'bookingId' });
    };
    req.onsuccess = () => {
      // Another tab deleting the database (signing out) must not wait on this connection.
      req.result.onversionchange = () => {
        req.result.close();
        opening = null;
      };
      resolve(req.result);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(name, mode).objectStore(name);
}

export async function saveSnapshot(key: string, data: unknown, savedAt = new Date()): Promise<void> {
  await request((await store(SNAPSHOTS, 'readwrite')).put({ key, data, savedAt: savedAt.toISOString() }));
}

export async function readSnapshot<T>(key: string): Promise<Snapshot<T> | undefined> {
  return request((await store(SNAPSHOTS, 'readonly')).get(key) as IDBRequest<Snapshot<T> | undefined>);
}

export async function allSnapshots(): Promise<Snapshot[]> {
  return request((await store(SNAPSHOTS, 'readonly')).getAll() as IDBRequest<Snapshot[]>);
}

export async function deleteSnapshot(key: string): Promise<void> {
  await request((await store(SNAPSHOTS, 'readwrite')).delete(key));
}

export async function queuedCheckins(): Promise<QueuedCheckin[]> {
  const all = await request((await store(CHECKINS, 'readonly')).getAll() as IDBRequest<QueuedCheckin[]>);
  return all.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function putCheckin(checkin: QueuedCheckin): Promise<void> {
  await request((await store(CHECKINS, 'readwrite')).put(checkin));
}

export async function deleteCheckin(code: string): Promise<void> {
  await request((await store(CHECKINS, 'readwrite')).delete(code));
}

export async function queuedConditions(): Promise<QueuedCondition[]> {
  const all = await request((await store(CONDITIONS, 'readonly')).getAll() as IDBRequest<QueuedCondition[]>);
  return all.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

export async function putCondition(condition: QueuedCondition): Promise<void> {
  await request((await store(CONDITIONS, 'readwrite')).put(condition));
}

export async function deleteCondition(id: string): Promise<void> {
  await request((await store(CONDITIONS, 'readwrite')).delete(id));
}

export async function queuedLicences(): Promise<QueuedLicence[]> {
  return request((await store(LICENCES, 'readonly')).getAll() as IDBRequest<QueuedLicence[]>);
}

export async function readQueuedLicence(bookingId: string): Promise<QueuedLicence | undefined> {
  return request((await store(LICENCES, 'readonly')).get(bookingId) as IDBRequest<QueuedLicence | undefined>);
}

export async function putLicence(licence: QueuedLicence): Promise<void> {
  await request((await store(LICENCES, 'readwrite')).put(licence));
}

export async function deleteLicence(bookingId: string): Promise<void> {
  await request((await store(LICENCES, 'readwrite')).delete(bookingId));
}

export async function readMeta(key: string): Promise<string | undefined> {
  const row = await request(
    (await store(META, 'readonly')).get(key) as IDBRequest<{ value: string } | undefined>,
  );
  return row?.value;
}

export async function writeMeta(key: string, value: string): Promise<void> {
  await request((await store(META, 'readwrite')).put({ key, value }));
}

/** Makes the store this account's: another account's data is dropped first. */
export async function claimCrewOfflineStore(email: string): Promise<void> {
  if ((await readMeta('account')) === email) return;
  const db = await open();
  const tx = db.transaction([SNAPSHOTS, CHECKINS, CONDITIONS, LICENCES, META], 'readwrite');
  tx.objectStore(SNAPSHOTS).clear();
  tx.objectStore(CHECKINS).clear();
  tx.objectStore(CONDITIONS).clear();
  tx.objectStore(LICENCES).clear();
  tx.objectStore(META).clear();
  tx.objectStore(META).put({ key: 'account', value: email });
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** Drops the saved manifests but keeps check-ins and records still to send (a session that ended by itself). */
export async function clearSnapshots(): Promise<void> {
  if (!(await hasStore())) return;
  await request((await store(SNAPSHOTS, 'readwrite')).clear());
}

/** Whether this browser ever opened the store (so anonymous visitors never create it). */
async function hasStore(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (opening) return true;
  const databases = await indexedDB.databases?.();
  return databases ? databases.some((d) => d.name === DB_NAME) : true;
}

/**
 * Signing out: the saved manifests, check-ins, the service worker and its copy of the app go,
 * so the next person on this phone finds nothing of the last one's.
 */
export async function clearCrewOfflineData(): Promise<void> {
  if (await hasStore()) {
    const db = await opening?.catch(() => null);
    db?.close();
    opening = null;
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase(DB_NAME);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  }
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  }
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('crew-')).map((n) => caches.delete(n)));
  }
}
