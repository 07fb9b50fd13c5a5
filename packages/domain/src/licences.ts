// Boats a customer drives themselves (self-drive) need their skipper to hold a boat licence. The
// boat names which, one of the Spanish recreational titles (an equivalent of another country,
// such as the ICC, counts: the crew checks it at the harbour). The review step asks the customer
// to confirm it, and every place a booking of such a boat is read after paying says to bring it.

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
