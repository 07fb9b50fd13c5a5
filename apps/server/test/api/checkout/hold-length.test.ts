// How long a checkout holds (issue 12.6): HOLD_MINUTES_BEFORE_CONTACT until the customer's
// contact details are saved on the payment step, then HOLD_MINUTES from the checkout's start.
import { afterEach, describe, expect, it } from 'vitest';
import {
  bookingUrl,
  charterRequest,
  checkoutTestApp,
  createPrivateRun,
  HOUR,
  payByCard,
  confirmReturn,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const MINUTE = 60_000;
const RANGE = `start=${encodeURIComponent('2027-05-31T23:00:00Z')}&end=${encodeURIComponent('2027-07-31T23:00:00Z')}`;
const CONTACT = { name: 'Ana García', email: 'ana@example.com' };

describe('hold length: short until the contact details are saved', async () => {
  const { t, boat, nextTrip } = await checkoutTestApp();
  const NOW = t.ctx.now();
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
  afterEach(() => t.setNow(NOW));

  const saveContact = (bookingId: string, customer: object = CONTACT) =>
    t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, bookingId, '/customer'),
      payload: { customer, lang: 'es' },
    });
  const seatsLeft = async (slotId: string) => {
    const body = (await t.app.inject(`/api/boat/${boat.id}?${RANGE}`)).json<{
      availability: { shared: { _id: string; seatsLeft: number }[] };
    }>();
    return body.availability.shared.find((s) => s._id === slotId)?.seatsLeft;
  };

  it('holds 5 minutes without contact details; saving them makes it 15 from the start, once', async () => {
    const trip = await nextTrip();
    const tickets = { adults: 2, children50: 0, kidsFree: 0 };
    const checkout = await startCheckout(t.app, sharedRequest(boat.id, trip, tickets));
    expect(checkout.holdExpiresAt).toBe(at(5).toISOString());
    expect(await seatsLeft(trip.id)).toBe(8);

    // The visitor types the details 2 minutes in: the hold now ends 15 minutes after the start.
    t.setNow(at(2));
    const saved = await saveContact(checkout.bookingId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().booking).toMatchObject({ holdExpiresAt: at(15).toISOString(), customer: CONTACT });

    // Saving again later does not renew it.
    t.setNow(at(14));
    expect((await saveContact(checkout.bookingId)).json().booking.holdExpiresAt).toBe(at(15).toISOString());
    expect(await seatsLeft(trip.id)).toBe(8);
    t.setNow(at(15));
    expect(await seatsLeft(trip.id)).toBe(10);
  });

  it('a checkout nobody follows up gives its seats back after 5 minutes, and is not revived', async () => {
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 3, children50: 0, kidsFree: 0 }),
    );
    t.setNow(at(4));
    expect(await seatsLeft(trip.id)).toBe(7);
    t.setNow(at(5));
    expect(await seatsLeft(trip.id)).toBe(10);
    // Details given after the hold lapsed are kept, but the seats stay free for others.
    const late = await saveContact(checkout.bookingId);
    expect(late.statusCode).toBe(200);
    expect(late.json().booking.holdExpiresAt).toBe(at(5).toISOString());
    expect(await seatsLeft(trip.id)).toBe(10);
  });

  it('a checkout that names its customer holds the full 15 minutes from the start', async () => {
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }, { customer: CONTACT }),
    );
    expect(checkout.holdExpiresAt).toBe(at(15).toISOString());
  });

  it('a charter holds its hours the same way, and pays after the extension', async () => {
    const run = await createPrivateRun(t.ctx.db, boat.id, new Date(NOW.getTime() + 20 * 24 * HOUR), 2);
    const checkout = await startCheckout(t.app, charterRequest(boat, run[0]!, 2));
    expect(checkout.holdExpiresAt).toBe(at(5).toISOString());
    t.setNow(at(4));
    expect((await saveContact(checkout.bookingId)).json().booking.holdExpiresAt).toBe(at(15).toISOString());
    // Ten minutes in, past the short hold: the card still goes through on the held hours.
    t.setNow(at(10));
    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const confirmed = await confirmReturn(t.app, checkout.intentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.booking).toMatchObject({
      status: 'paid',
      customer: { name: CONTACT.name },
    });
  });

  it('refuses contact details for a released checkout', async () => {
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, checkout.bookingId, '/release') });
    const res = await saveContact(checkout.bookingId);
    expect(res.statusCode).toBe(409);
    expect(await seatsLeft(trip.id)).toBe(10);
  });
});
