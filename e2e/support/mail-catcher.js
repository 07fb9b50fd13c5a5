// A local SMTP server for the journeys: the app sends its e-mails here (SMTP_URL), and the
// journeys read what arrived over a small JSON endpoint, as a person would read their inbox.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** Quoted-printable soft breaks and escapes undone, so links and words read whole. */
function decodeQuotedPrintable(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
}

export async function startMailCatcher({ smtpPort, httpPort }) {
  const received = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]),
  };
}
