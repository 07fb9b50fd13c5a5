// A customer's data rights (docs/privacy.md#proof-of-address): downloading or erasing what is
// held under an e-mail address starts from a request that e-mails a link to that address. The
// link works once, within LINK_MINUTES, and only its hash is kept; opening it is the proof that
// the person owns the address. A booking's manage token proves one booking, never an address, so
// somebody who books under another person's address gets neither their data nor their erasure.
//
// The request answers the same whether or not the address holds anything, and an address is
// sent at most LINKS_PER_ADDRESS_PER_HOUR links, whoever asks: the answer tells a stranger
// nothing, and nobody can flood an inbox through us.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import type { DataRightsPurpose } from '@boats/domain/schemas/data-rights';
import type { ErasureAnswer } from '@boats/domain/schemas/erasure';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookings, contactMessages, giftVouchers, personalDataLinks, waitlistEntries } from '../../db/schema';
import { DomainError } from '../../http/errors';
import { emitEvent } from '../events/domain-events';
import { requestErasure } from '../erasure/erasure-service';
import { personalDataOf, type PersonalData } from './personal-data-export';

export const LINK_MINUTES = 30;
export const LINKS_PER_ADDRESS_PER_HOUR = 3;

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');
const normalized = (email: string) => email.trim().toLowerCase();
const sameAddress = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;

/** Whether anything at all is held under the address. */
async function holdsAnything(db: Db, email: string): Promise<boolean> {
  const result = await db.execute<{ held: boolean }>(sql`select
    exists (select 1 from ${bookings} where ${sameAddress(bookings.customerEmail, email)})
    or exists (select 1 from ${contactMessages} where ${sameAddress(contactMessages.email, email)})
    or exists (select 1 from ${waitlistEntries} where ${sameAddress(waitlistEntries.email, email)})
    or exists (select 1 from ${giftVouchers}
               where ${or(sameAddress(giftVouchers.purchaserEmail, email), sameAddress(giftVouchers.recipientEmail, email))})
    as held`);
  return (result as { rows: { held: boolean }[] }).rows[0]?.held === true;
}

/**
 * Sends a link for `purpose` to the address when it holds anything and has not been sent
 * LINKS_PER_ADDRESS_PER_HOUR links in the last hour; else nothing. The caller answers the same
 * either way.
 */
export async function requestDataLink(
  ctx: AppContext,
  request: { email: string; purpose: DataRightsPurpose; language: string },
): Promise<void> {
  const email = normalized(request.email);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // One request at a time per address, so parallel requests cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`personal-data-link:${email}`}))`);
    if (!(await holdsAnything(tx, email))) return;
    const [recent] = await tx
      .select({ n: count() })
      .from(personalDataLinks)
      .where(
        and(
          eq(personalDataLinks.email, email),
          gt(personalDataLinks.createdAt, new Date(now.getTime() - 60 * 60_000)),
        ),
      );
    if ((recent?.n ?? 0) >= LINKS_PER_ADDRESS_PER_HOUR) return;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(personalDataLinks).values({
      email,
      purpose: request.purpose,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
    });
    // The token rides in the fragment: browsers send it to no server and no Referer header.
    const link = `${ctx.config.publicUrl}${PUBLIC_PATHS.myData}#${new URLSearchParams({ purpose: request.purpose, token }).toString()}`;
    // The e-mail hangs off the event (mail/account-emails.ts), queued by the event job.
    await emitEvent(tx, {
      kind: 'personal_data.link_requested',
      bookingId: null,
      payload: { email, language: request.language, link, minutes: LINK_MINUTES, purpose: request.purpose },
    });
  });
}

/** Marks the link used and answers its address; a used, expired, unknown or other-purpose link is a 403. */
async function claimLink(tx: Db, token: string, purpose: DataRightsPurpose, now: Date): Promise<string> {
  const [claimed] = await tx
    .update(personalDataLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(personalDataLinks.tokenHash, sha256(token)),
        eq(personalDataLinks.purpose, purpose),
        isNull(personalDataLinks.usedAt),
        gt(personalDataLinks.expiresAt, now),
      ),
    )
    .returning({ email: personalDataLinks.email });
  if (!claimed) {
    throw new DomainError(
      403,
      'invalid_data_link',
      'This link has expired or was used already. Ask for a new one.',
    );
  }
  return claimed.email;
}

/** Opens an export link: everything held under its address. The link is spent. */
export async function openExport(ctx: AppContext, token: string): Promise<PersonalData> {
  const email = await ctx.db.transaction((tx) => claimLink(tx, token, 'export', ctx.now()));
  return personalDataOf(ctx, email);
}

/** Opens an erasure link: the erasure is carried out, or queued while something is pending. */
export async function openErasure(ctx: AppContext, token: string): Promise<ErasureAnswer> {
  const email = await ctx.db.transaction((tx) => claimLink(tx, token, 'erasure', ctx.now()));
  return requestErasure(ctx, email);
}
