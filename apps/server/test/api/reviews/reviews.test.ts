// Verified reviews (issue 30): the e-mail after the trip carries a signed link; only a completed
// booking is reviewed, once, changeable for 48 hours; the boat's rating is the published
// reviews' average; the owner answers once; the admin hides with a recorded reason.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, reviewHelpfulVotes } from '../../../src/db/schema';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');
const AFTER_TRIP = new Date(DAY.getTime() + 3 * HOUR);

type Form = { review: { stars: number; text: string } | null; editable: boolean; firstName: string };
type Reviews = {
  rating: { average: number; count: number };
  items: { id: string; text: string; language: string; reply: { text: string } | null }[];
};

describe('verified reviews', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db);
  const trip = await createSharedTrip(db, boat.id, DAY, { seatsTotal: 12, seatPriceCents: 2000 });
  const pax = { adults: 1, children50: 0, kidsFree: 0 };
  const buy = async (name: string, email: string, lang = 'en') =>
    (await buyAndConfirm(t.app, sharedRequest(boat.id, trip, pax, { customer: { name, email }, lang })))
      .bookingId;
  const lucia = await buy('Lucía Hernández', 'lucia@example.es', 'es');
  const hans = await buy('Hans Müller', 'hans@example.de', 'de');
  const emma = await buy('Emma Thompson', 'emma@example.com');
  const tom = await buy('Tom Baker', 'tom@example.com');
  const upcoming = await buy('Early Bird', 'early@example.com');
  const canceled = await buy('Gone Away', 'gone@example.com');
  await db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, canceled));
  // `upcoming` is moved to a later trip of the same boat, so it is not completed with the others.
  await db
    .update(bookings)
    .set({ startsAt: new Date(DAY.getTime() + 48 * HOUR), endsAt: new Date(DAY.getTime() + 50 * HOUR) })
    .where(eq(bookings.id, upcoming));

  t.setNow(AFTER_TRIP);
  await completeEndedTrips(t.ctx);
  await queueEventEmails(t.ctx);

  const linkOf = async (bookingId: string) => {
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, 'review_request')));
    const url = /https?:\/\/\S+\/review\?booking=([\w-]+)&token=([\w.-]+)/.exec(mail?.textBody ?? '');
    return url ? { bookingId: url[1]!, token: url[2]! } : undefined;
  };
  const post = (link: { bookingId: string; token: string }, content: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/reviews', payload: { ...link, ...content } });
  const content = (stars: number, text: string, language = 'en', firstName = 'Someone') => ({
    stars,
    text,
    firstName,
    country: 'Spain',
    language,
  });

  it('e-mails each completed booking one review link in its language, none for canceled or upcoming', async () => {
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'review_request'));
    expect(mails.map((m) => m.bookingId).sort()).toEqual([lucia, hans, emma, tom].sort());
    const spanish = mails.find((m) => m.bookingId === lucia)!;
    expect(spanish.subject).toBe('¿Qué tal tu salida en Barco de prueba?');
    expect(spanish.htmlBody).toContain('Escribe tu opinión');
    expect(await linkOf(canceled)).toBeUndefined();
  });

  it('opens the form with the trip and the first name, refuses a forged or lapsed link', async () => {
    const link = (await linkOf(lucia))!;
    const form = await t.app.inject(`/api/reviews/form?booking=${link.bookingId}&token=${link.token}`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ firstName: 'Lucía', tripDate: '2027-06-10', review: null });
    const forged = await t.app.inject(`/api/reviews/form?booking=${emma}&token=${link.token}`);
    expect(forged.statusCode).toBe(403);
    t.setNow(new Date(AFTER_TRIP.getTime() + 31 * 24 * HOUR));
    try {
      expect((await post(link, content(5, 'late'))).statusCode).toBe(410);
    } finally {
      t.setNow(AFTER_TRIP);
    }
  });

  it('takes one review per completed booking; a second is refused; a change works for 48 hours', async () => {
    const link = (await linkOf(lucia))!;
    const first = await post(link, content(5, '¡Precioso! Vimos delfines.', 'es', 'Lucía'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Form>()).toMatchObject({ review: { stars: 5 }, editable: true });
    const second = await post(link, content(1, 'again', 'es'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'already_reviewed' });

    const change = (stars: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/reviews/${lucia}`,
        payload: { ...link, ...content(stars, '¡Precioso! Vimos delfines y tortugas.', 'es', 'Lucía') },
      });
    t.setNow(new Date(AFTER_TRIP.getTime() + 47 * HOUR));
    expect((await change(4)).json<Form>().review).toMatchObject({ stars: 4 });
    t.setNow(new Date(AFTER_TRIP.getTime() + 49 * HOUR));
    expect((await change(3)).statusCode).toBe(409);
    t.setNow(AFTER_TRIP);
  });

  it('refuses a booking that was not completed, even with a valid signature', async () => {
    const { signReviewToken } = await import('../../../src/modules/reviews/review-token');
    const token = signReviewToken(upcoming, AFTER_TRIP, t.ctx.config.jwtSecret);
    const res = await post({ bookingId: upcoming, token }, content(5, 'not yet'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'booking_not_completed' });
  });

  it('rates the boat from its published reviews, the reader’s language first; 400 names a bad field', async () => {
    const bad = await post((await linkOf(hans))!, { ...content(6, 'x', 'de'), firstName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('stars');
    expect(bad.body).toContain('firstName');
    expect(
      (await post((await linkOf(hans))!, content(4, 'Sehr schön, gern wieder.', 'de', 'Hans'))).statusCode,
    ).toBe(201);
    expect(
      (await post((await linkOf(emma))!, content(5, 'Lovely <b>crew</b> http://spam.example', 'en', 'Emma')))
        .statusCode,
    ).toBe(201);

    const catalogue = async () =>
      (await t.app.inject('/api/boats')).json<{ items: { _id: string; rating: unknown }[] }>().items[0]!
        .rating;
    expect(await catalogue()).toEqual({ average: 4.3, count: 3 });
    const month = await t.app.inject(
      `/api/boat/${boat.id}?start=2027-06-01T00:00:00Z&end=2027-06-30T00:00:00Z`,
    );
    expect(month.json<{ boat: { rating: unknown } }>().boat.rating).toEqual({ average: 4.3, count: 3 });
    const reviews = (await t.app.inject(`/api/boats/${boat.id}/reviews?lng=de`)).json<Reviews>();
    expect(reviews.rating).toEqual({ average: 4.3, count: 3 });
    expect(reviews.items.map((r) => r.language)).toEqual(['de', 'en', 'es']);
    // Stored and answered as written: the page escapes it, nothing is turned into a link.
    expect(reviews.items[1]!.text).toBe('Lovely <b>crew</b> http://spam.example');
    expect((await t.app.inject('/api/reviews/summary')).json()).toEqual({
      rating: { average: 4.3, count: 3 },
    });
  });

  it('counts "helpful" once per device: a second tap or a replayed cookie adds nothing (issue 42)', async () => {
    type Helpful = { items: { id: string; text: string; helpful: number }[] };
    const hansReview = async () =>
      (await t.app.inject(`/api/boats/${boat.id}/reviews?lng=de`))
        .json<Helpful>()
        .items.find((r) => r.text.startsWith('Sehr schön'))!;
    const { id, helpful: before } = await hansReview();
    const vote = (cookie?: string, remoteAddress = '198.51.100.70') =>
      t.app.inject({
        method: 'POST',
        url: `/api/reviews/${id}/helpful`,
        headers: cookie ? { cookie } : {},
        remoteAddress,
      });

    const first = await vote();
    expect(first.statusCode).toBe(204);
    const device = first.cookies.find((c) => c.name === 'helpful_device')!;
    expect(device).toMatchObject({ httpOnly: true, path: '/api/reviews' });
    const cookie = `helpful_device=${device.value}`;
    expect((await vote(cookie)).statusCode).toBe(204);
    expect((await vote(cookie)).statusCode).toBe(204);
    expect((await hansReview()).helpful).toBe(before + 1);
    // The same device from another address is still the same device.
    expect((await vote(cookie, '198.51.100.71')).statusCode).toBe(204);
    expect((await hansReview()).helpful).toBe(before + 1);

    // Another reader's device on another address counts; a forged cookie is not a device id, so
    // it gets one of its own.
    expect((await vote(undefined, '198.51.100.72')).statusCode).toBe(204);
    const forged = await vote('helpful_device=x', '198.51.100.73');
    expect(forged.cookies.find((c) => c.name === 'helpful_device')?.value).not.toBe('x');
    expect((await hansReview()).helpful).toBe(before + 3);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/reviews/00000000-0000-4000-8000-000000000000/helpful',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('counts "helpful" once per address: 30 votes without cookies from one address count once (issue 53)', async () => {
    type Helpful = { items: { id: string; text: string; helpful: number }[] };
    const hansReview = async () =>
      (await t.app.inject(`/api/boats/${boat.id}/reviews?lng=de`))
        .json<Helpful>()
        .items.find((r) => r.text.startsWith('Sehr schön'))!;
    const { id, helpful: before } = await hansReview();
    // A script that never sends the cookie back (each vote a new "device") from one address.
    const vote = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, remoteAddress });
    const answers = await Promise.all(Array.from({ length: 30 }, () => vote('203.0.113.80')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(204));
    expect((await hansReview()).helpful).toBe(before + 1);
    // An IPv6 client moving inside its /64 is one address too.
    for (let i = 1; i <= 5; i += 1) expect((await vote(`2001:db8:80::${i}`)).statusCode).toBe(204);
    expect((await hansReview()).helpful).toBe(before + 2);
    // The address is kept only as a keyed hash.
    const keys = (
      await t.ctx.db
        .select({ key: reviewHelpfulVotes.deviceId })
        .from(reviewHelpfulVotes)
        .where(eq(reviewHelpfulVotes.reviewId, id))
    )
      .map((r) => r.key)
      .join(' ');
    expect(keys).not.toContain('203.0.113.80');
    expect(keys).not.toContain('2001:db8:80');
  });

  it('lets the boat’s owner answer once; another owner sees nothing; the admin hides with a reason', async () => {
    const admin = await tokenFor(t, 'admin');
    const stranger = await tokenFor(t, 'owner');
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: bearer(stranger) })).json()).toEqual({
      items: [],
    });
    const list = (await t.app.inject({ url: '/api/admin/reviews', headers: bearer(admin) })).json<Reviews>();
    const emmaReview = list.items.find((r) => r.text.startsWith('Lovely'))!;
    const reply = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${emmaReview.id}/reply`,
        headers: bearer(token),
        payload: { text: 'Gracias, Emma', language: 'es' },
      });
    expect((await reply(stranger)).statusCode).toBe(404);
    expect((await reply(admin)).statusCode).toBe(200);
    expect((await reply(admin)).json()).toMatchObject({ error: 'already_replied' });
    const shown = (await t.app.inject(`/api/boats/${boat.id}/reviews?lng=en`)).json<Reviews>();
    // The answer says the language it is written in, so an English page can mark it Spanish.
    expect(shown.items[0]).toMatchObject({ reply: { text: 'Gracias, Emma', language: 'es' } });
    const unsaid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${list.items.find((r) => r.id !== emmaReview.id)!.id}/reply`,
      headers: bearer(admin),
      payload: { text: 'Thanks' },
    });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual([
      'body.language',
    ]);

    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${emmaReview.id}/hide`,
      headers: bearer(admin),
      payload: { reason: 'abuse', note: 'spam link' },
    });
    expect(hide.json()).toMatchObject({
      hidden: { reason: 'abuse', note: 'spam link', by: expect.any(String) },
    });
    expect((await t.app.inject(`/api/boats/${boat.id}/reviews`)).json<Reviews>().rating).toEqual({
      average: 4,
      count: 2,
    });
    // The cached catalogue follows at once: the reviews table notifies like the others.
    const items = (await t.app.inject('/api/boats')).json<{ items: { rating: unknown }[] }>().items;
    expect(items[0]!.rating).toEqual({ average: 4, count: 2 });
  });
});
