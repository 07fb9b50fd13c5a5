// Where e-mails go: an SMTP server (SMTP_URL, nodemailer) or, without one, the log. Each e-mail
// goes to exactly one address: a recipient that is not one plain address (a list, a display
// name, a header line smuggled in) is refused here, the second line of defence behind the
// request schemas (docs/security.md#e-mail-addresses).
import { isEmailAddress } from '@boats/domain/schemas/email-address';
import nodemailer from 'nodemailer';
import type { EmailAttachment } from '../../db/schema';
import { tracedCall } from '../../tracing/traced';

type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: EmailAttachment[];
};

export type MailTransport = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

type Log = { info(obj: object, msg: string): void };

/** The recipient is not exactly one address: never sent, and not worth retrying. */
export class RefusedRecipientError extends Error {
  constructor() {
    super('refused: the recipient is not exactly one e-mail address');
  }
}

function assertOneRecipient(to: string): void {
  if (!isEmailAddress(to)) throw new RefusedRecipientError();
}

export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: Log;
}): MailTransport {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        assertOneRecipient(message.to);
        options.log.info(
          {
            to: message.to,
            subject: message.subject,
            text: message.text,
            attachments: message.attachments.map((a) => a.filename),
          },
          'e-mail (no SMTP_URL configured, logged instead of sent)',
        );
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      assertOneRecipient(message.to);
      await tracedCall('smtp', 'sendMail', {}, () =>
        transporter.sendMail({
          from: options.from,
          // An address object, which nodemailer never parses as a list.
          to: { name: '', address: message.to },
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
            ...(a.encoding ? { encoding: a.encoding } : {}),
            ...(a.cid ? { cid: a.cid } : {}),
          })),
        }),
      );
    },
    close() {
      transporter.close();
    },
  };
}
