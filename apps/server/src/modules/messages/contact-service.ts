// A contact request from the public site: stored for the back office, announced to the
// operator by e-mail and, when the sender gave an e-mail, acknowledged to them in their
// language (a contact.received event the e-mail job renders), all in one transaction so a lead
// is never stored without its notices.
import { isHoneypotTripped, type ContactLead } from '@boats/domain/schemas/contact';
import type { AppContext } from '../../context';
import { emitEvent } from '../events/domain-events';
import { enqueueEmail } from '../mail/outbox';
import { markedAsTestBooking } from '../mail/test-booking-mark';
import { insertContactMessage } from './contact-repository';
import { findPublicBoat } from '../boats/boat-repository';
import { invalidField } from '../../http/errors';

export type RequestMeta = { ip: string; userAgent: string };

export type LeadOutcome = { stored: true; id: string } | { stored: false };

export async function submitContactLead(
  ctx: AppContext,
  lead: ContactLead,
  meta: RequestMeta,
): Promise<LeadOutcome> {
  // Bots fill the hidden field; they get the same answer as people so they learn nothing.
  if (isHoneypotTripped(lead)) return { stored: false };

  // A message about a boat names one the public site shows; anything else is a bad field.
  if (lead.boatId && !(await findPublicBoat(ctx.db, lead.boatId)))
    throw invalidField('body.boatId', 'boat_unknown', 'No boat on the site has this id.');
  // The server's clock is the record; a client's createdAt is only a hint and may be wrong.
  const createdAt = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { id } = await insertContactMessage(tx, {
      createdAt,
      name: lead.name,
      email: lead.email ?? '',
      phone: lead.phone ?? '',
      source: lead.source,
      message: lead.message ?? '',
      language: lead.language ?? 'en',
      ip: meta.ip.slice(0, 100),
      userAgent: meta.userAgent.slice(0, 500),
      boatId: lead.boatId ?? null,
    });
    const notice = {
      kind: 'contact_lead',
      to: ctx.config.OPERATOR_EMAIL,
      subject: `New contact request from ${lead.name}`,
      text: operatorNotice(lead, createdAt),
    };
    await enqueueEmail(tx, ctx.config.testBookings ? markedAsTestBooking(notice) : notice);
    if (lead.email) {
      await emitEvent(tx, { kind: 'contact.received', bookingId: null, payload: { messageId: id } });
    }
    return { stored: true as const, id };
  });
}

function operatorNotice(lead: ContactLead, createdAt: Date): string {
  return [
    'A visitor sent a contact request on the website.',
    '',
    `Name: ${lead.name}`,
    `E-mail: ${lead.email ?? '-'}`,
    `Phone: ${lead.phone ?? '-'}`,
    `Language: ${lead.language ?? 'en'}`,
    `Source: ${lead.source}`,
    `Received: ${createdAt.toISOString()}`,
    '',
    lead.message ?? '(no message)',
  ].join('\n');
}
