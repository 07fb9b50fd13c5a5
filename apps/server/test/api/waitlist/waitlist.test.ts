// The waitlist of a full shared trip (docs/public-site.md#waitlist): joining it (one entry per
// e-mail and trip, 400 naming the field), confirming the address by the e-mailed link (only a
// confirmed entry is offered, and one address never more than it may hold), the offer when seats free up (a real hold, e-mailed
// with a signed link, in waitlist order, never more than is free), its payment step, a lapsed
// offer passing to the next in line, and the entries forgotten once the trip departs.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boats, emailOutbox, waitlistEntries } from '../../../src/db/schema';
import { customerToken } from '../../helpers/manage-token';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { tendWaitlists } from '../../../src/modules/waitlist/waitlist-offers';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  buyAndConfirm,
  confirmReturn,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');
const MINUTE = 60_000;

/** A test app with one boat, and the calls a visitor makes. `env`: the settings to test under. */
async function waitlistWorld(env?: Record<string, string>) {
  const t = await buildTestApp({ template: 'empty', now: NOW, ...(env ? { env } : {}) });
  const db = t.ctx.db;
  const boat = await createBoat(db);
  let ip = 0;
  const from = () => `198.51.100.${++ip}`;
  let day = 0;
  const nextTrip = () =>
    createSharedTrip(db, boat.id, new Date(DAY.getTime() + ++day * 24 * HOUR), { seatsTotal: 4 });
  const adults = (n: number) => ({ adults: n, children50: 0, kidsFree: 0 });
  /** A party of `n` adults as the form sends it (the booking's wire names). */
  const party = (n: number, children = 0, infants = 0) => ({
    adults: n,
    child_u13: children,
    child_u6: infants,
  });
  const join = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress: from() });
  const offersTo = async (address: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'waitlist_offer')));
  const linkOf = (text: string) => {
    const url = new URL(/https?:\/\/\S+\/waitlist\/offer\?\S+/.exec(text)![0]);
    return { entry: url.searchParams.get('entry')!, token: url.searchParams.get('token')! };
  };
  const confirmationTo = async (address: string) => {
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'waitlist_confirm')));
    return mail;
  };
  const confirm = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/waitlist/confirm', payload, remoteAddress: from() });
  /** The visitor opens the link of the "confirm your place" e-mail. */
  const confirmByEmail = async (address: string) => {
    await queueEventEmails(t.ctx);
    const mail = await confirmationTo(address);
    const url = new URL(/https?:\/\/\S+\/waitlist\/confirm\?\S+/.exec(mail!.textBody)![0]);
    const answer = await confirm({
      entry: url.searchParams.get('entry'),
      token: url.searchParams.get('token'),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ position: number; seats: number; start: string }>();
  };
  const openOffer = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/waitlist/offer', payload, remoteAddress: from() });
  const seatsLeftOn = async (slotId: string) => {
    const month = await t.app.inject(
      `/api/boat/${boat.id}?start=2027-06-01T00:00:00.000Z&end=2027-07-01T00:00:00.000Z`,
    );
    const slot = month
      .json<{ availability: { shared: { _id: string; seatsLeft: number }[] } }>()
      .availability.shared.find((s) => s._id === slotId);
    return slot?.seatsLeft;
  };
  return {
    t,
    db,
    boat,
    from,
    nextTrip,
    adults,
    party,
    join,
    offersTo,
    linkOf,
    confirmationTo,
    confirm,
    confirmByEmail,
    openOffer,
    seatsLeftOn,
  };
}

describe('the waitlist of a full shared trip', async () => {
  const world = await waitlistWorld();
  const { t, db, boat, from, nextTrip, adults, party, join, offersTo, linkOf } = world;
  const { confirmationTo, confirm, confirmByEmail, openOffer, seatsLeftOn } = world;

  it('refuses bad input with a 400 naming the field, and a trip that still has the seats', async () => {
    const trip = await nextTrip();
    const bad = await join({ slotId: trip.id, email: 'not-an-address', passengers: party(2) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual(['body.email']);
    const none = await join({ slotId: trip.id, email: 'ana@example.com', passengers: party(0) });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fields: { path: string }[] }>().fields[0]!.path).toBe('body.passengers.adults');
    // At most one under-6 per adult, as a booking.
    const infants = await join({ slotId: trip.id, email: 'ana@example.com', passengers: party(1, 0, 2) });
    expect(infants.statusCode).toBe(400);
    expect(infants.json<{ fields: { path: string }[] }>().fields[0]!.path).toBe('body.passengers.child_u6');
    const tooMany = await join({ slotId: trip.id, email: 'ana@example.com', passengers: party(5) });
    expect(tooMany.statusCode).toBe(400);
    // More than the trip has in all (4 seats): the party, however made up.
    expect(tooMany.json<{ fields: { path: string }[] }>().fields[0]!.path).toBe('body.passengers');
    const family = await join({ slotId: trip.id, email: 'ana@example.com', passengers: party(2, 2, 1) });
    expect(family.json<{ fields: { path: string }[] }>().fields[0]!.path).toBe('body.passengers');
    const free = await join({ slotId: trip.id, email: 'ana@example.com', passengers: party(2) });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ error: 'seats_left' });
    const unknown = await join({
      slotId: '00000000-0000-4000-8000-000000000000',
      email: 'ana@example.com',
      passengers: party(1),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('offers freed seats to the first in line when a customer cancels, and lets them pay on the held seats', async () => {
    const trip = await nextTrip();
    const cancelling = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, adults(2), {
        customer: { name: 'Max Muster', email: 'max@example.com' },
        lang: 'de',
      }),
      from(),
    );
    await buyAndConfirm(t.app, sharedRequest(boat.id, trip, adults(2)), from());
    expect(await seatsLeftOn(trip.id)).toBe(0);

    // A parent and a child 6–12: the offer is priced as theirs, the child at half price.
    const first = await join({
      slotId: trip.id,
      email: 'Ana@example.com',
      passengers: party(1, 1),
      lang: 'es',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ position: 1 });
    // Ana is asked, in Spanish, to confirm her address; the link keeps her place.
    await queueEventEmails(t.ctx);
    const confirmation = await confirmationTo('Ana@example.com');
    expect(confirmation?.subject).toContain('Confirma tu lugar en la lista de espera');
    expect(confirmation?.textBody).toContain('(hora de Canarias)');
    expect(await confirmByEmail('Ana@example.com')).toMatchObject({ position: 1, seats: 2 });
    const anasEntry = /\/waitlist\/confirm\?entry=([\w-]+)/.exec(confirmation!.textBody)![1];
    const forged = await confirm({ entry: anasEntry, token: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(403);
    const second = await join({
      slotId: trip.id,
      email: 'ben@example.com',
      passengers: party(2),
      lang: 'en',
    });
    expect(second.json()).toEqual({ position: 2 });
    await confirmByEmail('ben@example.com');
    // Ana again: answered as any new entry (the place a newcomer takes), so the form tells
    // nobody that she waits; nothing is written and no second e-mail goes to her.
    const again = await join({ slotId: trip.id, email: 'ana@EXAMPLE.com', passengers: party(1) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ position: 3 });
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, trip.id))).toHaveLength(
      2,
    );

    // Nothing is offered while nothing is free.
    await queueEventEmails(t.ctx);
    expect(await offersTo('Ana@example.com')).toHaveLength(0);

    // The customer cancels their two seats on manage my booking.
    const token = await customerToken(t.ctx, cancelling.bookingId);
    const quote = await t.app.inject(`/api/bookings/${cancelling.bookingId}/cancellation?token=${token}`);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${cancelling.bookingId}/cancel`,
      payload: { token, expectedRefund: quote.json<{ refund: number }>().refund },
      remoteAddress: from(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await queueEventEmails(t.ctx);

    // The first in line is e-mailed in Spanish with the link; the seats are held for them.
    const [mail] = await offersTo('Ana@example.com');
    expect(mail?.subject).toContain('Hay plazas libres');
    expect(mail?.textBody).toContain('2 plazas');
    expect(mail?.textBody).toMatch(/Precio: 1 adulto × 50,00\s€, 1 niño de 6 a 12 × 25,00\s€/);
    expect(await offersTo('ben@example.com')).toHaveLength(0);
    expect(await seatsLeftOn(trip.id)).toBe(0);
    // Nobody else can take them.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(boat.id, trip, adults(1)),
      remoteAddress: from(),
    });
    expect(taken.statusCode).toBe(409);

    const link = linkOf(mail!.textBody);
    const wrong = await openOffer({ entry: link.entry, token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(403);
    const offer = await openOffer(link);
    expect(offer.statusCode, offer.body).toBe(200);
    const answer = offer.json<{
      intent: { clientSecret: string; bookingId: string; holdExpiresAt: string; amount: number };
      seats: number;
    }>();
    expect(answer.seats).toBe(2);
    expect(answer.intent.amount).toBe(7500);
    expect(Date.parse(answer.intent.holdExpiresAt)).toBe(NOW.getTime() + 30 * MINUTE);
    // Opening the link again answers the same payment.
    expect((await openOffer(link)).json<{ intent: { clientSecret: string } }>().intent.clientSecret).toBe(
      answer.intent.clientSecret,
    );

    // The payment step: contact details, then the card.
    const contact = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, answer.intent.bookingId, '/customer'),
      payload: { customer: { name: 'Ana Pérez', email: 'ana@example.com' }, lang: 'es' },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json<{ booking: { holdExpiresAt: string } }>().booking.holdExpiresAt).toBe(
      answer.intent.holdExpiresAt,
    );
    expect((await payByCard(t.app, answer.intent.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const intentId = answer.intent.clientSecret.slice(0, answer.intent.clientSecret.indexOf('_secret_'));
    const confirmed = await confirmReturn(t.app, intentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ booking: { booking: { status: 'paid' } } });
    const paidAgain = await openOffer(link);
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json()).toMatchObject({ error: 'offer_paid' });

    // The second visitor still waits, without an e-mail.
    await queueEventEmails(t.ctx);
    expect(await offersTo('ben@example.com')).toHaveLength(0);
  });

  it("prices an offer as the site's checkout does, with the boat's price rules for the trip", async () => {
    const trip = await nextTrip();
    const cancelling = await buyAndConfirm(t.app, sharedRequest(boat.id, trip, adults(2)), from());
    await buyAndConfirm(t.app, sharedRequest(boat.id, trip, adults(2)), from());
    await join({ slotId: trip.id, email: 'cara@example.com', passengers: party(2) });
    await confirmByEmail('cara@example.com');
    // Summer prices: 20 % more on every trip from now on.
    const summer = {
      id: '5b7c4a52-0000-4000-8000-0000000000aa',
      kind: 'dates' as const,
      from: '2027-06-01',
      to: '2027-09-30',
      change: { type: 'percent' as const, percent: 20 },
    };
    await db
      .update(boats)
      .set({ priceRules: [summer] })
      .where(eq(boats.id, boat.id));
    try {
      const token = await customerToken(t.ctx, cancelling.bookingId);
      const quote = await t.app.inject(`/api/bookings/${cancelling.bookingId}/cancellation?token=${token}`);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${cancelling.bookingId}/cancel`,
        payload: { token, expectedRefund: quote.json<{ refund: number }>().refund },
        remoteAddress: from(),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await queueEventEmails(t.ctx);
      const [mail] = await offersTo('cara@example.com');
      const offer = await openOffer(linkOf(mail!.textBody));
      expect(offer.statusCode, offer.body).toBe(200);
      // 2 adults × 2 hours × (€25 + 20 %) = €120: what the booking screen asks for these seats now.
      expect(offer.json<{ intent: { amount: number } }>().intent.amount).toBe(12_000);
    } finally {
      await db.update(boats).set({ priceRules: [] }).where(eq(boats.id, boat.id));
    }
  });

  it('passes a lapsed offer to the next in line, and never offers more than is free', async () => {
    const trip = await nextTrip();
    const release = await startCheckout(t.app, sharedRequest(boat.id, trip, adults(1)), from());
    await buyAndConfirm(t.app, sharedRequest(boat.id, trip, adults(3)), from());
    for (const [email, seats] of [
      ['cleo@example.com', 2],
      ['dan@example.com', 1],
      ['eva@example.com', 1],
    ] as const) {
      await join({ slotId: trip.id, email, passengers: party(seats) });
      await confirmByEmail(email);
    }

    // One seat freed: Cleo wants two and keeps her place; Dan is offered the one.
    const released = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, release.bookingId, '/release'),
    });
    expect(released.statusCode).toBe(200);
    await queueEventEmails(t.ctx);
    expect(await offersTo('cleo@example.com')).toHaveLength(0);
    expect(await offersTo('dan@example.com')).toHaveLength(1);
    expect(await offersTo('eva@example.com')).toHaveLength(0);
    const danLink = linkOf((await offersTo('dan@example.com'))[0]!.textBody);

    // Dan lets it lapse: the seat goes to Eva, and Dan's link says it lapsed.
    t.setNow(new Date(NOW.getTime() + 31 * MINUTE));
    try {
      await expireLapsedHolds(t.ctx);
      await queueEventEmails(t.ctx);
      expect(await offersTo('eva@example.com')).toHaveLength(1);
      expect(await offersTo('cleo@example.com')).toHaveLength(0);
      const lapsed = await openOffer(danLink);
      expect(lapsed.statusCode).toBe(410);
      // Running the waitlist job again offers nothing more: nothing else is free.
      expect(await tendWaitlists(t.ctx)).toBe(0);
      const [seats] = (
        (await db.execute(sql`select coalesce(sum(seats), 0)::int as held from bookings
          where slot_id = ${trip.id} and status = 'pending' and hold_expires_at > ${new Date(NOW.getTime() + 31 * MINUTE).toISOString()}`)) as unknown as {
          rows: { held: number }[];
        }
      ).rows;
      expect(seats!.held).toBe(1);
      expect(await seatsLeftOn(trip.id)).toBe(0);
    } finally {
      t.setNow(NOW);
    }
  });

  it('forgets the entries of a trip once it has departed and takes no new ones', async () => {
    const trip = await nextTrip();
    await buyAndConfirm(t.app, sharedRequest(boat.id, trip, adults(4)), from());
    expect((await join({ slotId: trip.id, email: 'fay@example.com', passengers: party(1) })).statusCode).toBe(
      200,
    );
    t.setNow(new Date(trip.startsAt.getTime() + MINUTE));
    try {
      await tendWaitlists(t.ctx);
      expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, trip.id))).toEqual([]);
      const late = await join({ slotId: trip.id, email: 'gus@example.com', passengers: party(1) });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ error: 'trip_closed' });
    } finally {
      t.setNow(NOW);
    }
  });

  it('e-mails one address at most 3 confirmations an hour, however many clients type it in (issue 53)', async () => {
    // The attack run's finding: a stranger's address received "confirm your place" e-mails from
    // one client until its 429; from several clients (one address each) there was no end.
    const trips = [];
    for (let i = 0; i < 6; i += 1) {
      const trip = await nextTrip();
      await buyAndConfirm(t.app, sharedRequest(boat.id, trip, adults(4)), from());
      trips.push(trip);
    }
    // The address as typed changes nothing: letter case and a +tag are the same mailbox.
    const typed = ['hans@example.de', 'Hans@Example.de', 'hans+1@example.de'];
    const answers = await Promise.all(
      trips.map((trip, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          payload: { slotId: trip.id, email: typed[i % 3], passengers: party(1) },
          remoteAddress: `203.0.113.${90 + i}`,
        }),
      ),
    );
    // Every answer is the same: nothing tells the sender where the limit stopped them.
    expect(answers.map((a) => [a.statusCode, a.json<unknown>()])).toEqual(
      Array(6).fill([200, { position: 1 }]),
    );
    await queueEventEmails(t.ctx);
    const sent = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.toAddress}) like 'hans%@example.de'`,
          eq(emailOutbox.kind, 'waitlist_confirm'),
        ),
      );
    expect(sent).toHaveLength(3);

    // An hour later the address may be e-mailed again; another address was never held back.
    t.setNow(new Date(NOW.getTime() + 61 * MINUTE));
    try {
      const later = await join({ slotId: trips[5]!.id, email: 'hans@example.de', passengers: party(1) });
      expect(later.json()).toEqual({ position: 1 });
      const other = await join({ slotId: trips[5]!.id, email: 'eva@example.de', passengers: party(1) });
      expect(other.json()).toEqual({ position: 1 });
      await queueEventEmails(t.ctx);
    } finally {
      t.setNow(NOW);
    }
    const after = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.toAddress}) like 'hans%@example.de'`,
          eq(emailOutbox.kind, 'waitlist_confirm'),
        ),
      );
    expect(after).toHaveLength(4);
    expect(await confirmationTo('eva@example.de')).toBeDefined();
  });
});

describe('the waitlist under the production hold limits (issue 42)', async () => {
  // The default limits: one address holds at most 70 % of a trip's seats (7 of 10).
  const world = await waitlistWorld({ MAX_HELD_SEATS_PER_TRIP: '12', MAX_HELD_SHARE_PER_TRIP_PERCENT: '70' });
  const { t, db, boat, from, adults, party, offersTo, confirmByEmail, seatsLeftOn } = world;

  it('offers only confirmed entries, and one address no more seats than it may hold (issue 42)', async () => {
    // The attack run's finding: one address put several 5-seat entries, with strangers'
    // addresses, on a full 10-seat trip; two cancellations held all 10 seats for it, a real
    // customer asking for one seat was refused, and the strangers were e-mailed offers.
    const trip = await createSharedTrip(db, boat.id, DAY, { seatsTotal: 10 });
    const holds = [
      await startCheckout(t.app, sharedRequest(boat.id, trip, adults(5)), from()),
      await startCheckout(t.app, sharedRequest(boat.id, trip, adults(5)), from()),
    ];
    const attacker = '203.0.113.66';
    const joinFrom = (email: string, seats: number, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { slotId: trip.id, email, passengers: party(seats) },
        remoteAddress: address,
      });
    expect((await joinFrom('stranger@example.org', 5, attacker)).statusCode).toBe(200);
    expect((await joinFrom('own-1@attacker.example', 5, attacker)).statusCode).toBe(200);
    expect((await joinFrom('own-2@attacker.example', 5, attacker)).statusCode).toBe(200);
    expect((await joinFrom('zoe@example.com', 1, '198.51.100.200')).statusCode).toBe(200);
    await confirmByEmail('own-1@attacker.example');
    await confirmByEmail('own-2@attacker.example');
    await confirmByEmail('zoe@example.com');

    for (const hold of holds) {
      const released = await t.app.inject({
        method: 'POST',
        url: bookingUrl(t.ctx, hold.bookingId, '/release'),
      });
      expect(released.statusCode).toBe(200);
    }
    await queueEventEmails(t.ctx);

    // The stranger never confirmed: no offer. The attacker's address may hold 7 of 10 seats, so
    // its first entry is offered 5 and its second waits; Zoe, behind them, is offered her seat.
    expect(await offersTo('stranger@example.org')).toHaveLength(0);
    expect(await offersTo('own-1@attacker.example')).toHaveLength(1);
    expect(await offersTo('own-2@attacker.example')).toHaveLength(0);
    expect(await offersTo('zoe@example.com')).toHaveLength(1);
    // Four seats stay on sale: a real customer gets one.
    expect(await seatsLeftOn(trip.id)).toBe(4);
    const customer = await startCheckout(t.app, sharedRequest(boat.id, trip, adults(1)), from());
    expect(customer.bookingId).toEqual(expect.any(String));
  });
});
