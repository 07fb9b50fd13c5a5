// Where e-mails go: an SMTP server (SMTP_URL, nodemailer) or, without one, the log.
import nodemailer from 'nodemailer';
import type { EmailAttachment } from '../../db/schema';

export type MailMessage = {
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

export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: Log;
}): MailTransport {
  if (!options.smtpUrl) {
    return {
      async send(message) {
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
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    close() {
      transporter.close();
    },
  };
}
