// Admin boat create/update. The zod schema has already checked the form rules (the same
// boatInputSchema the browser runs); the database CHECKs back them up.
import type { Boat, BoatInput } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { boatInputToRow } from './boat-input-mapper';
import { toBoatDto } from './boat-mapper';
import { findBoat, insertBoat, listAllBoats, updateBoat } from './boat-repository';
import { platformOwnerId } from '../owners/owner-repository';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a boat (and must not reach the database as one). */
export const isUuid = (id: string) => UUID_RE.test(id);

export async function listBoatsForAdmin(ctx: AppContext): Promise<Boat[]> {
  return (await listAllBoats(ctx.db)).map(toBoatDto);
}

export async function getBoatForAdmin(ctx: AppContext, id: string): Promise<Boat> {
  const row = isUuid(id) ? await findBoat(ctx.db, id) : undefined;
  if (!row) throw notFound('Boat');
  return toBoatDto(row);
}

export async function createBoat(ctx: AppContext, input: BoatInput): Promise<Boat> {
  // New boats go to the end of the fleet.
  const sortOrder = (await listAllBoats(ctx.db)).reduce((max, b) => Math.max(max, b.sortOrder + 1), 0);
  // The platform admin's boat is the platform's, published by the one who publishes.
  const ownerId = await platformOwnerId(ctx.db);
  return toBoatDto(
    await insertBoat(ctx.db, { ...boatInputToRow(input), sortOrder, ownerId, publishedAt: ctx.now() }),
  );
}

/** Archiving keeps the boat's row, slots and bookings; it only leaves the public site. */
export async function setBoatArchived(ctx: AppContext, id: string, archived: boolean): Promise<Boat> {
  const now = ctx.now();
  const row = isUuid(id)
    ? await updateBoat(ctx.db, id, { archivedAt: archived ? now : null, updatedAt: now })
    : undefined;
  if (!row) throw notFound('Boat');
  return toBoatDto(row);
}

export async function updateBoatFromAdmin(ctx: AppContext, id: string, input: BoatInput): Promise<Boat> {
  const row = isUuid(id)
    ? await updateBoat(ctx.db, id, { ...boatInputToRow(input), updatedAt: ctx.now() })
    : undefined;
  if (!row) throw notFound('Boat');
  return toBoatDto(row);
}
