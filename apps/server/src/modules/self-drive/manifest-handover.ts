// What the manifest shows of a self-drive booking's handover: the skipper's licence and the
// boat's condition records with the boat's checklist, so a crew phone without signal has all it
// needs in its saved copy (the trips module reads it for a trip of a self-drive boat).
import { checklistOf } from '@boats/domain/condition-checklist';
import { requiredLicence, type BoatLicence } from '@boats/domain/licences';
import type { BookingCondition } from '@boats/domain/schemas/condition';
import type { SkipperLicence } from '@boats/domain/schemas/self-drive';
import type { Db } from '../../db/client';
import { boatOfBooking } from '../bookings/booking-repository';
import { conditionsOfBookings } from './condition-repository';
import { toBookingCondition } from './condition-service';
import { licencesOfBookings } from './licence-repository';
import { toSkipperLicence } from './licence-service';

export type ManifestHandover = {
  skipperLicence: SkipperLicence | null;
  /** What the boat accepts, for the licence form on a phone without signal. */
  licenceTerms?: { required: BoatLicence; foreignAccepted: boolean };
  condition: BookingCondition;
};

/** The handover of each of a self-drive boat's bookings, by booking id (for staff: who recorded it). */
export async function selfDriveOfBookings(
  db: Db,
  boatId: string,
  bookingIds: readonly string[],
): Promise<(bookingId: string) => ManifestHandover> {
  const [boat, licences, conditions] = await Promise.all([
    boatOfBooking(db, boatId),
    licencesOfBookings(db, bookingIds),
    conditionsOfBookings(db, bookingIds),
  ]);
  const checklist = checklistOf(boat ?? {});
  const required = boat ? requiredLicence(boat) : null;
  return (bookingId) => {
    const licence = licences.get(bookingId);
    return {
      skipperLicence: licence ? toSkipperLicence(licence, true) : null,
      ...(boat && required
        ? { licenceTerms: { required, foreignAccepted: boat.foreignLicenceAccepted } }
        : {}),
      condition: toBookingCondition(checklist, conditions.get(bookingId) ?? [], true),
    };
  };
}
