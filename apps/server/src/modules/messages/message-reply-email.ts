// The operator's answer to a contact request, in the language the operator chose: their text,
// then the visitor's own message quoted, so the thread reads on its own.
import { formatCanaryDate } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/schemas/common';
import type { MessageReply } from '@boats/domain/schemas/messages';
import type { OutgoingEmail } from '../mail/outbox';

const TEXTS: Record<LanguageCode, { greeting: (name: string) => string; quoted: (date: string) => string }> =
  {
    en: { greeting: (name) => `Hello ${name},`, quoted: (date) => `Your message of ${date}:` },
    es: { greeting: (name) => `Hola, ${name}:`, quoted: (date) => `Tu mensaje del ${date}:` },
    ru: { greeting: (name) => `Здравствуйте, ${name}!`, quoted: (date) => `Ваше сообщение от ${date}:` },
  };

export function messageReplyEmail(input: {
  to: string;
  name: string;
  original: string;
  sentAt: Date;
  reply: MessageReply;
}): OutgoingEmail {
  const texts = TEXTS[input.reply.language];
  const quote = input.original
    ? `\n\n${texts.quoted(formatCanaryDate(input.sentAt, input.reply.language))}\n${input.original
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`
    : '';
  return {
    kind: 'message_reply',
    to: input.to,
    subject: input.reply.subject,
    text: `${texts.greeting(input.name)}\n\n${input.reply.body}${quote}`,
  };
}
