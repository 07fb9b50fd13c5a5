// "List your boat" (docs/back-office.md#owner-applications): an applicant's details are stored
// as they were sent (the form's schema checked them) and acknowledged by e-mail; the platform
// admin approves — the owner, their first boat as a draft and their owner account are made in
// one transaction, and a one-time link to choose a password is e-mailed — or declines with a
// reason, e-mailed in the applicant's language. A decision is final and made once: the
// application row is locked and must still be pending.
import { randomBytes, randomUUID } from 'node:crypto';
import { max } from 'drizzle-orm';
import { isUuid } from '@boats/domain/schemas/common';
import type {
  OwnerApplication,
  OwnerApplicationRequest,
  ApplicationStatus,
} from '@boats/domain/schemas/owner-application';
import { FALLBACK_LANGUAGE, languageOf } from '@boats/domain/languages';
import type { InclusionTranslations } from '@boats/domain/schemas/boat';
import { ADMIN_PATHS } from '@boats/domain/public-paths';
import type { AppContext } from '../../context';
import { boats } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { insertBoat } from '../boats/boat-repository';
import { emitEvent } from '../events/domain-events';
import { enqueueEmail } from '../mail/outbox';
import { hashPassword } from '../auth/password';
import { issuePasswordLink } from '../auth/password-reset-service';
import { insertUserIfNew } from '../auth/user-repository';
import { insertOwner } from '../owners/owner-repository';
import {
  findApplication,
  insertApplication,
  listApplications,
  lockPendingApplication,
  recordDecision,
  type ApplicationRow,
} from './application-repository';

/** How long the approval e-mail's set-password link works (a reset's: 30 minutes). */
const WELCOME_LINK_HOURS = 72;

export type RequestMeta = { ip: string; userAgent: string };

function toApplicationDto(row: ApplicationRow): OwnerApplication {
  return {
    _id: row.id,
    status: row.status,
    kind: row.kind,
    displayName: row.displayName,
    legalName: row.legalName,
    taxId: row.taxId,
    address: row.address,
    phone: row.phone,
    email: row.email,
    language: languageOf(row.language),
    boat: { ...row.boat, type: row.boat.type as OwnerApplication['boat']['type'] },
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    ownerId: row.ownerId,
    boatId: row.boatId,
  };
}

/** Stores the application and queues its acknowledgement; a bot (honeypot filled) stores nothing. */
export async function submitApplication(
  ctx: AppContext,
  input: OwnerApplicationRequest,
  meta: RequestMeta,
): Promise<{ id: string }> {
  // Bots get an answer that looks the same, so they learn nothing.
  if (input.website) return { id: randomUUID() };
  return ctx.db.transaction(async (tx) => {
    const row = await insertApplication(tx, {
      kind: input.kind,
      displayName: input.displayName || input.legalName,
      legalName: input.legalName,
      taxId: input.taxId,
      address: input.address,
      phone: input.phone,
      email: input.email,
      language: input.language,
      boat: input.boat,
      ip: meta.ip.slice(0, 100),
      userAgent: meta.userAgent.slice(0, 500),
      createdAt: ctx.now(),
    });
    await emitEvent(tx, {
      kind: 'owner_application.received',
      bookingId: null,
      payload: { applicationId: row.id },
    });
    // The operator's notice is plain text: nothing the applicant typed is ever rendered as HTML.
    await enqueueEmail(tx, {
      kind: 'owner_application_notice',
      to: ctx.config.OPERATOR_EMAIL,
      subject: `New application to list a boat: ${oneLine(row.displayName)}`,
      text: [
        'A boat owner applied to list a boat on the website.',
        '',
        `Owner: ${row.displayName} (${row.legalName}, ${row.taxId})`,
        `E-mail: ${row.email}`,
        `Phone: ${row.phone}`,
        `Boat: ${row.boat.name}, ${row.boat.type}, ${row.boat.lengthMeters} m, ${row.boat.capacity} people`,
        `Harbour: ${row.boat.harbour}`,
        '',
        `Decide in the back office: ${ctx.config.publicUrl}${ADMIN_PATHS.ownerApplications}`,
      ].join('\n'),
    });
    return { id: row.id };
  });
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 120);

export async function listApplicationsForAdmin(
  ctx: AppContext,
  status?: ApplicationStatus,
): Promise<OwnerApplication[]> {
  return (await listApplications(ctx.db, status)).map(toApplicationDto);
}

export async function getApplicationForAdmin(ctx: AppContext, id: string): Promise<OwnerApplication> {
  const row = isUuid(id) ? await findApplication(ctx.db, id) : undefined;
  if (!row) throw notFound('Application');
  return toApplicationDto(row);
}

/** The application, locked and still pending; 404 unknown, 409 already decided. */
async function lockForDecision(tx: AppContext['db'], id: string): Promise<ApplicationRow> {
  const row = isUuid(id) ? await lockPendingApplication(tx, id) : undefined;
  if (row) return row;
  const existing = isUuid(id) ? await findApplication(tx, id) : undefined;
  if (!existing) throw notFound('Application');
  throw conflict('application_decided', `This application was already ${existing.status}.`, {
    status: existing.status,
  });
}

/** Inclusions as the boat editor keeps them: one per line (or comma), trimmed, at most 50. */
function inclusionsOf(included: string): string[] {
  return included
    .split(/[\n,;]+/)
    .map((s) => s.trim().slice(0, 200))
    .filter(Boolean)
    .slice(0, 50);
}

/**
 * The lines as what they are: typed in the applicant's language. An inclusion's own text stands
 * for English until the owner writes it (the editor asks), so lines typed in Spanish are also
 * its Spanish, and the site marks them Spanish to a Spanish reader, not English.
 */
function typedIn(language: string, inclusions: readonly string[]): InclusionTranslations {
  const lang = languageOf(language);
  if (lang === FALLBACK_LANGUAGE) return {};
  return Object.fromEntries(inclusions.map((line) => [line, { [lang]: line }]));
}

export async function approveApplication(
  ctx: AppContext,
  id: string,
  actingUserId: string,
): Promise<OwnerApplication> {
  // The account's password is unusable until the owner chooses one through the e-mailed link.
  const placeholderHash = await hashPassword(randomBytes(24).toString('base64url'));
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const application = await lockForDecision(tx, id);
    const owner = await insertOwner(tx, {
      displayName: application.displayName,
      legalName: application.legalName,
      taxId: application.taxId,
      address: application.address,
      phone: application.phone,
      email: application.email,
      language: application.language,
    });
    const user = await insertUserIfNew(tx, {
      email: application.email,
      role: 'owner',
      ownerId: owner.id,
      passwordHash: placeholderHash,
    });
    if (!user) {
      throw conflict('email_taken', `${application.email} already has an account.`, { field: 'email' });
    }
    const [last] = await tx.select({ sortOrder: max(boats.sortOrder) }).from(boats);
    const { boat: b } = application;
    const inclusions = inclusionsOf(b.included);
    const boat = await insertBoat(tx, {
      ownerId: owner.id,
      title: { en: b.name },
      description: { en: '' },
      images: b.photos,
      portName: b.harbour,
      capacity: b.capacity,
      inclusions,
      inclusionsI18n: typedIn(application.language, inclusions),
      pricePerHourCents: 0,
      sortOrder: (last?.sortOrder ?? 0) + 1,
      // A draft: the owner completes it, the platform admin publishes it.
      publishedAt: null,
    });
    const link = await issuePasswordLink(ctx, tx, user.id, WELCOME_LINK_HOURS * 60, true);
    await emitEvent(tx, {
      kind: 'owner_application.approved',
      bookingId: null,
      payload: { applicationId: application.id, link, hours: WELCOME_LINK_HOURS },
    });
    return recordDecision(tx, application.id, {
      status: 'approved',
      decidedAt: now,
      decidedBy: actingUserId,
      declineReason: null,
      ownerId: owner.id,
      boatId: boat.id,
    });
  });
  return toApplicationDto(row);
}

export async function declineApplication(
  ctx: AppContext,
  id: string,
  actingUserId: string,
  reason: string,
): Promise<OwnerApplication> {
  const row = await ctx.db.transaction(async (tx) => {
    const application = await lockForDecision(tx, id);
    await emitEvent(tx, {
      kind: 'owner_application.declined',
      bookingId: null,
      payload: { applicationId: application.id },
    });
    return recordDecision(tx, application.id, {
      status: 'declined',
      decidedAt: ctx.now(),
      decidedBy: actingUserId,
      declineReason: reason,
      ownerId: null,
      boatId: null,
    });
  });
  return toApplicationDto(row);
}
