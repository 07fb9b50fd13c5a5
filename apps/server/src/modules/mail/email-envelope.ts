// The outbox envelope around a rendered e-mail: every renderer decides only its kind, its
// addressee, its subject and its body, and this puts them together the one way the outbox reads.
import type { OutgoingEmail } from './outbox';

export type RenderedBody = { text: string; html?: string };

export function emailEnvelope(
  head: { kind: string; to: string; subject: string },
  body: RenderedBody,
  about: Pick<OutgoingEmail, 'bookingId' | 'attachments' | 'language'> = {},
): OutgoingEmail {
  return { ...head, text: body.text, ...(body.html !== undefined && { html: body.html }), ...about };
}
