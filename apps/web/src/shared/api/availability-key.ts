/**
 * Every cached month of a boat's availability (the booking calendar's queries start with it): a
 * hold, or an admin's answer or action on a booking of the boat, changes what is free, so both
 * sides invalidate it.
 */
export const availabilityKeyOf = (boatId: string) => ['availability', boatId] as const;
