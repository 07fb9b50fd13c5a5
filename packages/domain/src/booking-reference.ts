/**
 * The one booking reference shown everywhere (back office, e-mails, server messages, the
 * customer's lookup): the last 8 characters of the booking id, upper case.
 */
export function bookingReference(id: string): string {
  return id.slice(-8).toUpperCase();
}
