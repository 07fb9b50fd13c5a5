// The address of a /checkout/booking/{id} call. A booking id is no proof (owners, crew, agents
// and logs see it): every such call carries the checkout key the start of the checkout answered
// (docs/security.md#customers-data), in the query so the page-hide beacon, which sends no
// body, carries it too.

/** What the browser that started a checkout holds: the booking and its key. */
export type CheckoutRef = { bookingId: string; checkoutKey: string };

/** `rest`: '', '/release', '/customer', '/pay-with-voucher'. */
export function checkoutBookingUrl(bookingId: string, checkoutKey: string, rest = ''): string {
  const query = new URLSearchParams({ key: checkoutKey }).toString();
  return `/checkout/booking/${encodeURIComponent(bookingId)}${rest}?${query}`;
}
