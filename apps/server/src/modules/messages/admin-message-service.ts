// The back office's actions on a contact request: mark it read (or unread again) and answer
// it by e-mail. The reply is an event written in the same transaction that marks the message
// replied, so "replied" never shows for an answer that will not be sent; the e-mail is rendered
// from the event (mail/message-emails.ts).
import type { ContactMessage, MessageReply } from '@boats/domain/schemas/messages';
import { isUuid, languageCode } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { emitEvent } from '../events/domain-events';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { findMessage, updateMessageState, type MessageRow } from './admin-repository';

const orNull = (text: string): string | null => (text === '' ? null : text);

export function toContactMessage(row: MessageRow): ContactMessage {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: orNull(row.email),
    phone: orNull(row.phone),
    source: row.source,
    message: orNull(row.message),
    ip: orNull(row.ip),
    userAgent: orNull(row.userAgent),
    language: languageCode.catch('en').parse(row.language),
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    boat: row.boatId && row.boatTitle ? { _id: row.boatId, title: row.boatTitle.en } : null,
  };
}

export async function markMessageRead(
  ctx: AppContext,
  scope: OwnerScope,
  id: string,
  read: boolean,
): Promise<ContactMessage> {
  const row = isUuid(id)
    ? await updateMessageState(ctx.db, scope, id, { readAt: read ? ctx.now() : null })
    : undefined;
  if (!row) throw notFound('Message');
  return toContactMessage(row);
}

export async function replyToMessage(
  ctx: AppContext,
  scope: OwnerScope,
  id: string,
  reply: MessageReply,
): Promise<ContactMessage> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const message = isUuid(id) ? await findMessage(tx, scope, id) : undefined;
    if (!message) throw notFound('Message');
    if (!message.email)
      throw conflict('message_without_email', 'This visitor left no e-mail address: call them instead.');
    await emitEvent(tx, {
      kind: 'message.replied',
      bookingId: null,
      payload: { messageId: id, language: reply.language, subject: reply.subject, body: reply.body },
    });
    return updateMessageState(tx, scope, id, { readAt: message.readAt ?? now, repliedAt: now });
  });
  if (!row) throw notFound('Message');
  return toContactMessage(row);
}
