// The per-boat calendar feed behind a secret URL. The secret is made on first use and can be
// rotated: the old URL then stops working at once (404, like any unknown URL). A calendar app
// fetches the feed without saying a language, so the URL carries one (`?lang=`, the language of
// the operator who copied it); without it the feed is English.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LanguageCode } from '@boats/domain/languages';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { boats } from '../../db/schema';
import { notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { findBoat } from '../boats/boat-repository';
import { EVERY_OWNER, ownerScope, type OwnerScope } from '../owner-scope/owner-scope';
import { emailTexts } from '../mail/email-i18n';
import { onePerCharter } from '../trips/trip-mapper';
import { tripsStartingIn } from '../trips/trips-repository';
import { calendarFeed } from './calendar-feed';

const DAY = 86_400_000;
/** The feed covers a month back and half a year ahead: what a phone calendar needs. */
const FEED_PAST_DAYS = 31;
const FEED_FUTURE_DAYS = 183;

const newToken = () => randomBytes(24).toString('base64url');
const feedUrl = (ctx: AppContext, boatId: string, token: string, lang: LanguageCode) =>
  `${ctx.config.publicUrl}/api/calendar/${boatId}/${token}/trips.ics?lang=${lang}`;

export async function calendarFeedUrl(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  rotate: boolean,
  lang: LanguageCode,
): Promise<string> {
  const boat = isUuid(boatId) ? await findBoat(ctx.db, scope, boatId) : undefined;
  if (!boat) throw notFound('Boat');
  let token = boat.calendarToken;
  if (!token || rotate) {
    token = newToken();
    await ctx.db.update(boats).set({ calendarToken: token }).where(eq(boats.id, boatId));
    noteAudit({ boatId });
  }
  return feedUrl(ctx, boatId, token, lang);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function renderCalendarFeed(
  ctx: AppContext,
  boatId: string,
  token: string,
  lang: LanguageCode,
): Promise<string> {
  // The secret URL is the only key: the boat is looked up among all, then the token compared.
  const boat = isUuid(boatId) ? await findBoat(ctx.db, EVERY_OWNER, boatId) : undefined;
  if (!boat?.calendarToken || !sameSecret(boat.calendarToken, token)) throw notFound('Calendar');
  const now = ctx.now();
  const range = {
    start: new Date(now.getTime() - FEED_PAST_DAYS * DAY),
    end: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY),
  };
  const trips = await tripsStartingIn(ctx.db, ownerScope(boat.ownerId), range, now, { boatId });
  return calendarFeed({
    boatTitle: boat.title[lang] || boat.title.en,
    port: [boat.portName, boat.portAddress].filter(Boolean).join(', '),
    now,
    // The server's one dictionary (the site's locale files), which the e-mails use too.
    t: emailTexts(lang),
    trips: onePerCharter(trips).map((t) => ({
      id: t.id,
      type: t.type,
      start: t.charter?.startsAt ?? t.startsAt,
      end: t.charter?.endsAt ?? t.endsAt,
      isOpen: t.isOpen,
      canceled: t.canceledAt !== null,
      seatsTotal: t.seatsTotal,
      seatsSold: t.seatsSold,
      occupied: t.occupied,
    })),
  });
}
