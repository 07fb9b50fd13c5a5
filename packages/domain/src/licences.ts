// Boats a customer drives themselves (self-drive) need their skipper to hold a boat licence. The
// boat names which, one of the Spanish recreational titles (an equivalent of another country,
// such as the ICC, counts when the owner accepts it: the crew checks it at the harbour). The
// review step asks the customer to confirm it, and every place a booking of such a boat is read
// after paying says to bring it.

/** The licences a boat may require, from the smallest: Licencia de Navegación, PNB, PER, Patrón de Yate. */
export const BOAT_LICENCES = ['ln', 'pnb', 'per', 'py'] as const;
export type BoatLicence = (typeof BOAT_LICENCES)[number];

/** The licence a boat takes when the editor has not named one (the smallest title). */
export const DEFAULT_BOAT_LICENCE: BoatLicence = 'ln';

/** The licence a booking of this boat needs its skipper to hold; null when the boat needs none. */
export function requiredLicence(boat: {
  requiresLicense: boolean;
  licence?: BoatLicence | null | undefined;
}): BoatLicence | null {
  return boat.requiresLicense ? (boat.licence ?? DEFAULT_BOAT_LICENCE) : null;
}

/**
 * The licence a skipper shows: one of the Spanish titles, or a licence of another country the
 * owner accepts as equivalent (the ICC, a national licence), which the crew judge at the harbour.
 */
export const SKIPPER_LICENCE_TYPES = [...BOAT_LICENCES, 'foreign'] as const;
export type SkipperLicenceType = (typeof SKIPPER_LICENCE_TYPES)[number];

/**
 * Where a skipper's licence stands: recorded (by the customer online or by crew at the harbour,
 * not yet held against the document), confirmed by crew against it, or refused with a reason
 * (the departure refused: the booking is canceled under LICENCE_REFUSAL_REFUND_PERCENT).
 */
export const LICENCE_CHECK_STATUSES = ['recorded', 'confirmed', 'refused'] as const;
export type LicenceCheckStatus = (typeof LICENCE_CHECK_STATUSES)[number];

/**
 * What a customer whose skipper is refused at the harbour gets back: nothing. The review step
 * says so before paying (the skipper must hold the boat's licence) and manage my booking again;
 * the boat's hours were kept for them and can no longer be sold (docs/decisions/0039).
 */
export const LICENCE_REFUSAL_REFUND_PERCENT = 0;

/**
 * Whether a licence of this type lets its holder skipper a boat that requires `required`: a
 * Spanish title at least as high (Patrón de Yate covers a PER boat), or a foreign licence when
 * the owner accepts those (its equivalence is the crew's to judge against the document).
 */
export function licenceCovers(
  held: SkipperLicenceType,
  required: BoatLicence,
  foreignAccepted: boolean,
): boolean {
  if (held === 'foreign') return foreignAccepted;
  return BOAT_LICENCES.indexOf(held) >= BOAT_LICENCES.indexOf(required);
}

/**
 * The text key of a line naming the boat's licence: its `OrForeign` twin ("or an equivalent such
 * as the ICC") only when the boat accepts a licence of another country, so no text promises one
 * the crew will refuse (the boat page, the review step, the confirmation, its e-mails).
 */
export function licenceLineKey<K extends string>(key: K, foreignAccepted: boolean): K | `${K}OrForeign` {
  return foreignAccepted ? `${key}OrForeign` : key;
}
