// A self-drive boat's condition recorded on the crew's phone, with or without signal
// (docs/back-office.md#the-boats-condition-out-and-back). Every record is kept on the phone first,
// so closing the page or losing the signal loses nothing; then sent: its photos one by one (each
// remembered once uploaded, so a retry never sends it twice), then the record with the time it
// was made. No signal: it waits and goes with the next sync (crew-sync.ts), like a check-in.
import type { ConditionPhase, ConditionReportInput } from '@boats/domain/schemas/condition';
import {
  deleteCondition,
  putCondition,
  queuedConditions,
  type QueuedCondition,
} from '../../../shared/offline/crew-offline-store';
import { crewOffline, refusalOf } from './crew-offline-state';

export type ConditionSender = {
  upload: (bookingId: string, photo: Blob) => Promise<string>;
  send: (bookingId: string, phase: ConditionPhase, report: ConditionReportInput) => Promise<unknown>;
};

/** A record as crew made it: kept on the phone, then sent when there is signal. */
export async function queueCondition(
  record: Omit<QueuedCondition, 'id' | 'state' | 'problem'>,
): Promise<QueuedCondition> {
  const queued: QueuedCondition = { ...record, id: `${record.bookingId}:${record.phase}`, state: 'waiting' };
  await putCondition(queued);
  return queued;
}

/**
 * Sends every record waiting on the phone, oldest first. Stops at the first that finds no signal
 * (the rest wait with it); a refusal (already recorded by another phone, the booking canceled)
 * stays on the phone as a conflict with the server's code. Resolves how many were sent.
 */
export async function flushConditions(sender: ConditionSender): Promise<{ sent: number; conflicts: number }> {
  let sent = 0;
  let conflicts = 0;
  for (let record of await queuedConditions()) {
    if (record.state !== 'waiting') continue;
    try {
      const names: string[] = [];
      for (const [index, photo] of record.photos.entries()) {
        const name =
          photo.name ??
          (await sender.upload(record.bookingId, new Blob([photo.bytes], { type: photo.type })));
        names.push(name);
        if (!photo.name) {
          record = { ...record, photos: record.photos.map((p, i) => (i === index ? { ...p, name } : p)) };
          await putCondition(record);
        }
      }
      await sender.send(record.bookingId, record.phase, {
        values: record.values,
        photos: names,
        signature: record.signature,
        signedBy: record.signedBy,
        recordedAt: record.recordedAt,
      });
      await deleteCondition(record.id);
      crewOffline.markOnline();
      sent += 1;
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal === 'stop') break;
      await putCondition({ ...record, state: 'conflict', problem: refusal.code ?? String(refusal.status) });
      conflicts += 1;
    }
  }
  return { sent, conflicts };
}

/** The records of one booking still on this phone (waiting, or refused). */
export async function conditionsOnPhone(bookingId: string): Promise<QueuedCondition[]> {
  return (await queuedConditions()).filter((c) => c.bookingId === bookingId);
}
