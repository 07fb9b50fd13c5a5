// A local SMTP server for the journeys: the app sends its e-mails here (SMTP_URL), and the
// journeys read what arrived over a small JSON endpoint, as a person would read their inbox.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * What a person reads of a message, its MIME decoded (nodemailer picks quoted-printable or base64
 * per part by its content, so a Russian e-mail may come either way): the subject, the plain text
 * and the HTML, each also on its own, and the attached files.
 */
async function readable(raw) {
  const mail = await simpleParser(raw);
  const plain = mail.text ?? '';
  const html = typeof mail.html === 'string' ? mail.html : '';
  return {
    subject: mail.subject ?? '',
    plain,
    html,
    text: [`Subject: ${mail.subject ?? ''}`, plain, html].join('\n\n'),
    // The files attached (an invoice's PDF), as their reader would save them.
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content.toString('base64'),
    })),
  };
}

export async function startMailCatcher({ smtpPort, httpPort }) {
  const received = [];
  // Parsed one after another, so the inbox keeps the order the messages arrived in.
  let parsing = Promise.resolve();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        parsing = parsing
          .then(() => readable(Buffer.concat(chunks)))
          .then(
            (mail) => {
              received.push({ to, ...mail });
              callback();
            },
            (err) => callback(err),
          );
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  // GET / answers every message; GET /?to=<address> only that recipient's, so a journey polling
  // its own inbox several times a second does not copy every other journey's invoices each time.
  const http = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://inbox').searchParams.get('to');
    const mails = to === null ? received : received.filter((m) => m.to.includes(to));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]),
  };
}
