import { z } from './zod';
import { canaryDayRange, isDateKey } from '../canary-time';
import {
  blankToUndefined,
  dateKey,
  uuid,
  fromQueryNumber,
  isoInstant,
  languageCode,
  optionalText,
} from './common';
import { leadSource } from './contact';

/** A contact request as the back office sees it. */
export const contactMessageSchema = z.object({
  _id: uuid,
  createdAt: isoInstant,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: leadSource,
  message: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The language the visitor wrote in: the reply's default language. */
  language: languageCode,
  readAt: isoInstant.nullable(),
  repliedAt: isoInstant.nullable(),
  /** The boat whose page the message was sent from (it reached that boat's owner), if any. */
  boat: z.object({ _id: uuid, title: z.string() }).nullable().default(null),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const MESSAGE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const MESSAGE_SORT_FIELDS = ['createdAt', 'name', 'email', 'phone', 'source'] as const;
export type MessageSortField = (typeof MESSAGE_SORT_FIELDS)[number];

/** A date filter: a Canary day ('YYYY-MM-DD', from the date input) or an exact instant. */
const dayOrInstant = z.preprocess(blankToUndefined, z.union([dateKey, isoInstant]).optional());

/** Query of GET /messages/admin/messages. */
export const messagesQuerySchema = z
  .object({
    page: z.preprocess(fromQueryNumber, z.number().int().min(1).default(1)),
    limit: z.preprocess(fromQueryNumber, z.literal(MESSAGE_PAGE_SIZES).default(20)),
    sort: z.preprocess(blankToUndefined, z.enum(MESSAGE_SORT_FIELDS).default('createdAt')),
    order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
    search: optionalText(200),
    source: z.preprocess(blankToUndefined, leadSource.optional()),
    from: dayOrInstant,
    to: dayOrInstant,
  })
  .superRefine((query, ctx) => {
    const { from, toExclusive } = messagesDateBounds(query);
    if (from && toExclusive && toExclusive <= from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.toBeforeFrom' });
  });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** Answer of GET /messages/admin/messages. */
export const messagesPageSchema = z.object({
  success: z.literal(true),
  data: z.object({
    items: z.array(contactMessageSchema),
    total: z.number().int().min(0),
    pages: z.number().int().min(0),
    limit: z.number().int().min(1),
  }),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** Answer of POST /messages/messages. */
export const contactLeadResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

/**
 * The query's from/to as instants for the database: a day key covers that whole Canary day
 * (to is inclusive of its day), an exact instant is taken as is (inclusive).
 */
export function messagesDateBounds(query: Pick<MessagesQuery, 'from' | 'to'>): {
  from?: Date;
  toExclusive?: Date;
} {
  const bounds: { from?: Date; toExclusive?: Date } = {};
  if (query.from)
    bounds.from = isDateKey(query.from) ? canaryDayRange(query.from).start : new Date(query.from);
  if (query.to) {
    bounds.toExclusive = isDateKey(query.to)
      ? canaryDayRange(query.to).end
      : new Date(new Date(query.to).getTime() + 1);
  }
  return bounds;
}

/** POST /messages/admin/messages/{id}/read: mark read, or unread again. */
export const messageReadSchema = z.object({ read: z.boolean() });

/** POST /messages/admin/messages/{id}/reply: an e-mail to the visitor, in the language chosen. */
export const messageReplySchema = z.object({
  language: languageCode,
  subject: z.string().trim().min(1, 'validation.required').max(200),
  body: z.string().trim().min(1, 'validation.required').max(5000, 'validation.maxChars5000'),
});
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Answer of the read and reply calls: the message as it now stands. */
export const contactMessageResponseSchema = z.object({ message: contactMessageSchema });
