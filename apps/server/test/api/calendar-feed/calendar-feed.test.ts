import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';

const NOW = new Date('2027-10-20T08:00:00Z');

describe("a boat's calendar feed at a secret, rotatable URL", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  const boat = await createBoat(t.ctx.db, {
    title: { en: 'Sunset Lady', es: 'Dama del Ocaso', ru: 'Леди Закат' },
    portName: 'Los Cristianos',
  });
  const other = await createBoat(t.ctx.db, { title: { en: 'Other Boat' } });
  // 10:00 local in summer time (UTC+1), and 10:00 local in winter time after 31 October.
  const summer = await createSlot(t.ctx.db, boat.id, {
    type: 'shared',
    start: new Date('2027-10-25T09:00:00Z'),
    hours: 3,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const winter = await createSlot(t.ctx.db, boat.id, {
    type: 'private',
    start: new Date('2027-11-02T10:00:00Z'),
    hours: 2,
  });
  await createSlot(t.ctx.db, other.id, { type: 'private', start: new Date('2027-10-25T09:00:00Z') });
  await buySeats(
    t,
    boat.id,
    summer,
    { adults: 3 },
    { name: 'A', email: 'a@example.com', phone: '+34600000001' },
  );

  const feedPath = (url: string) => new URL(url).pathname;

  it('lists the boat’s trips in Canary time with what is sold, for a calendar parser', async () => {
    const first = await t.app.inject({ url: `/api/admin/boats/${boat.id}/calendar-feed`, headers: admin });
    expect(first.statusCode).toBe(200);
    const { url } = first.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\//);

    const res = await t.app.inject({ url: feedPath(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Atlantic/Canary');
    ICAL.TimezoneService.register(zone!);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const [a, b] = events.sort((x, y) => x.startDate.compare(y.startDate));
    expect(a!.startDate.zone?.tzid).toBe('Atlantic/Canary');
    expect(a!.startDate.toString()).toBe('2027-10-25T10:00:00');
    expect(a!.startDate.toJSDate().toISOString()).toBe(summer.startsAt.toISOString());
    expect(a!.endDate.toJSDate().toISOString()).toBe(summer.endsAt.toISOString());
    expect(a!.summary).toBe('Sunset Lady · shared trip · 3/10 sold');
    expect(a!.location).toBe('Los Cristianos, Puerto Colón, Costa Adeje');
    expect(b!.startDate.toString()).toBe('2027-11-02T10:00:00');
    expect(b!.startDate.toJSDate().toISOString()).toBe(winter.startsAt.toISOString());
    expect(b!.summary).toBe('Sunset Lady · charter · free');

    // Asking again gives the same URL; rotating replaces it and the old one stops working.
    const again = (
      await t.app.inject({ url: `/api/admin/boats/${boat.id}/calendar-feed`, headers: admin })
    ).json<{ url: string }>();
    expect(again.url).toBe(url);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${boat.id}/calendar-feed/rotate`,
      headers: admin,
    });
    const fresh = rotated.json<{ url: string }>().url;
    expect(fresh).not.toBe(url);
    expect((await t.app.inject({ url: feedPath(url) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: feedPath(fresh) })).statusCode).toBe(200);
  });

  it('writes the events in the language of the operator who copied the address, English without one', async () => {
    const summaries = async (url: string) => {
      const res = await t.app.inject({ url: new URL(url).pathname + new URL(url).search });
      expect(res.statusCode).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(res.body));
      return {
        name: calendar.getFirstPropertyValue('x-wr-calname'),
        events: calendar
          .getAllSubcomponents('vevent')
          .map((v) => new ICAL.Event(v))
          .sort((x, y) => x.startDate.compare(y.startDate))
          .map((e) => e.summary),
      };
    };
    const feed = (lang?: string) =>
      t.app
        .inject({
          url: `/api/admin/boats/${boat.id}/calendar-feed${lang ? `?lang=${lang}` : ''}`,
          headers: admin,
        })
        .then((r) => r.json<{ url: string }>().url);

    const es = await feed('es');
    expect(new URL(es).searchParams.get('lang')).toBe('es');
    expect(await summaries(es)).toEqual({
      name: 'Dama del Ocaso',
      events: [
        'Dama del Ocaso · salida compartida · 3/10 vendidas',
        'Dama del Ocaso · alquiler privado · libre',
      ],
    });
    expect((await summaries(await feed('ru'))).events).toEqual([
      'Леди Закат · групповая поездка · продано 3/10',
      'Леди Закат · частная аренда · свободно',
    ]);
    // A calendar app that drops the query, or an address copied before languages: English.
    const bare = new URL(es);
    bare.search = '';
    expect((await summaries(bare.toString())).events).toEqual([
      'Sunset Lady · shared trip · 3/10 sold',
      'Sunset Lady · charter · free',
    ]);
    expect(new URL(await feed()).searchParams.get('lang')).toBe('en');
  });

  it('refuses guessed URLs and keeps the secret from crew', async () => {
    expect((await t.app.inject({ url: `/api/calendar/${other.id}/guess/trips.ics` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/admin/boats/${boat.id}/calendar-feed`, headers: crew })).statusCode,
    ).toBe(403);
  });
});
