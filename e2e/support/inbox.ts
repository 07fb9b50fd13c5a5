// Reads the e-mails the app sent to the journeys' local SMTP server (support/mail-catcher.js).
import { expect } from '@playwright/test';
import { E2E_MAIL_PORTS } from './server';

/**
 * `text` is the whole message as read: "Subject: …", the plain text, then the HTML; `attachments`
 * the files attached, each one's bytes in base64.
 */
export type CaughtMail = {
  to: string[];
  subject: string;
  plain: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

/**
 * Waits until an e-mail to `to` whose text matches `pattern` arrives, and answers it. The inbox is
 * read every quarter second (expect.poll's default backs off to once a second): an e-mail leaves
 * the outbox on a job's run, and a journey should see it then, not up to a second later.
 */
export async function waitForMail(to: string, pattern: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).filter((m) => pattern.test(m.text)).at(-1);
        return found !== undefined;
      },
      { timeout: 30_000, intervals: [250], message: `an e-mail to ${to} matching ${String(pattern)}` },
    )
    .toBe(true);
  return found!;
}

/** Every e-mail to `to` that has arrived so far, in the order they arrived. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORTS.httpPort}/?${new URLSearchParams({ to })}`);
  return (await res.json()) as CaughtMail[];
}
