// A contact request from the public site: stored for the back office, announced to the
// operator by e-mail in the operator's language (a contact.to_operator event) and, when the
// sender gave an e-mail, acknowledged to them in theirs (contact.received), all in one
// transaction so a lead is never stored without its notices.
import { isHoneypotTripped, type ContactLead } from '@boats/domain/schemas/contact';
import type { AppContext } from '../../context';
import { emitEvent } from '../events/domain-events';
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
    // The operator's notice and the sender's acknowledgement, each in its reader's language,
    // are rendered by the e-mail job from these events (jobs/event-emails.ts).
    await emitEvent(tx, { kind: 'contact.to_operator', bookingId: null, payload: { messageId: id } });
    if (lead.email) {
      await emitEvent(tx, { kind: 'contact.received', bookingId: null, payload: { messageId: id } });
    }
    return { stored: true as const, id };
  });
}
