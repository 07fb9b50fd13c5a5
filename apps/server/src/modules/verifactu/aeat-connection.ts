// The adapter that speaks to the AEAT's VERI*FACTU web service (docs/invoicing.md#submission),
// behind the TaxAuthority port: it writes a submission as the AEAT's message
// (RegFactuSistemaFacturacion in a SOAP envelope), POSTs it over HTTPS with the company's
// certificate (mutual TLS), or plain HTTP to a local fake AEAT in the tests and the demo
// (src/dev/fake-aeat.ts), reads the AEAT's answer (RespuestaRegFactuSistemaFacturacion) and
// answers the sender in the records' terms: a verdict per record, the waiting time, or no answer.
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { createSecureContext } from 'node:tls';
import { XmlDocument, type XmlNode } from 'libxml2-wasm';
import type { Config } from '../../config';
import { tracedCall } from '../../tracing/traced';
import { AEAT_NS, messageXml, soapEnvelope } from './record-xml';
import type { RecordVerdict, Submission, SubmissionResult, TaxAuthority } from './tax-authority';

/** The web service's addresses (certificate-authenticated), by AEAT_ENVIRONMENT. */
const AEAT_ENDPOINTS = {
  preproduction: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

/** The AEAT's default waiting time between two messages, when an answer gives none. */
export const DEFAULT_WAIT_SECONDS = 60;
/** The AEAT's error code for a record it already holds (sent again after a lost answer). */
export const DUPLICATE_RECORD_CODE = 3000;
/** How long the sender waits for an answer before it counts the message as failed. */
const ANSWER_TIMEOUT_MS = 60_000;

type LineState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

/** The AEAT's answer about one record of the message. */
type LineAnswer = {
  numSerie: string;
  issueDate: string;
  operation: 'Alta' | 'Anulacion';
  state: LineState;
  errorCode: number | null;
  errorText: string | null;
  /** A record refused as a duplicate: the state of the one the AEAT already holds. */
  duplicateState: 'Correcta' | 'AceptadaConErrores' | 'Anulada' | null;
};

/** The AEAT's answer to a message, in its own words. */
export type AeatAnswer = {
  /** TiempoEsperaEnvio: seconds before the issuer's next message (unless it carries 1,000). */
  waitSeconds: number;
  /** The AEAT's receipt (CSV) of the message, when it took any of it. */
  receipt: string | null;
  lines: LineAnswer[];
};

/** No answer about the records: a timeout, a network or HTTP error, or a SOAP fault. */
class SubmissionFailed extends Error {}

const ANSWER_NS = { soapenv: AEAT_NS.soap, sfR: AEAT_NS.response, sf: AEAT_NS.sf };

/** Reads the AEAT's SOAP answer; a fault or anything else unreadable is a SubmissionFailed. */
function parseAnswer(xml: string): AeatAnswer {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch {
    throw new SubmissionFailed(`the AEAT's answer is not XML: ${xml.slice(0, 200)}`);
  }
  try {
    const text = (path: string, from: XmlNode): string | null =>
      from.get(path, ANSWER_NS)?.content.trim() ?? null;
    const fault = doc.get('//soapenv:Fault', ANSWER_NS);
    if (fault)
      throw new SubmissionFailed(`the AEAT refused the message: ${fault.get('faultstring')?.content ?? ''}`);
    const answer = doc.get('//sfR:RespuestaRegFactuSistemaFacturacion', ANSWER_NS);
    if (!answer) throw new SubmissionFailed(`the AEAT's answer has no RespuestaRegFactuSistemaFacturacion`);
    const wait = text('sfR:TiempoEsperaEnvio', answer);
    const lines = answer.find('sfR:RespuestaLinea', ANSWER_NS).map((line): LineAnswer => {
      const code = text('sfR:CodigoErrorRegistro', line);
      return {
        numSerie: text('sfR:IDFactura/sf:NumSerieFactura', line) ?? '',
        issueDate: text('sfR:IDFactura/sf:FechaExpedicionFactura', line) ?? '',
        operation: text('sfR:Operacion/sf:TipoOperacion', line) === 'Anulacion' ? 'Anulacion' : 'Alta',
        state: text('sfR:EstadoRegistro', line) as LineState,
        errorCode: code ? Number(code) : null,
        errorText: text('sfR:DescripcionErrorRegistro', line),
        duplicateState: text(
          'sfR:RegistroDuplicado/sf:EstadoRegistroDuplicado',
          line,
        ) as LineAnswer['duplicateState'],
      };
    });
    return {
      waitSeconds: wait ? Number(wait) : DEFAULT_WAIT_SECONDS,
      receipt: text('sfR:CSV', answer),
      lines,
    };
  } finally {
    doc.dispose();
  }
}

type Endpoint = {
  url: string;
  where: string;
  /** Mutual TLS: the company's certificate (https URLs). */
  agent?: Agent;
  timeoutMs?: number;
};

/**
 * POSTs one message (RegFactuSistemaFacturacion) to `url` and reads the AEAT's answer, or throws
 * SubmissionFailed after `timeoutMs`, on a network or HTTP error, or on a SOAP fault.
 */
export function postMessage(endpoint: Endpoint, message: string): Promise<AeatAnswer> {
  const url = new URL(endpoint.url);
  const timeoutMs = endpoint.timeoutMs ?? ANSWER_TIMEOUT_MS;
  return tracedCall('aeat', 'submit', { 'server.address': url.host }, async () => {
    const body = Buffer.from(soapEnvelope(message), 'utf8');
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            'content-length': body.length,
            // The WSDL's operations have an empty SOAPAction.
            soapaction: '""',
          },
          // A fresh connection per message: messages are a minute apart, longer than servers keep
          // an idle connection, and reusing one the server is closing fails the message.
          agent: endpoint.agent ?? false,
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      const timer = setTimeout(
        () => req.destroy(new SubmissionFailed(`no answer from ${endpoint.where} in ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err) =>
        reject(
          err instanceof SubmissionFailed ? err : new SubmissionFailed(`${endpoint.where}: ${err.message}`),
        ),
      );
      req.end(body);
    });
    // A SOAP fault comes with HTTP 500: parseAnswer names it.
    if (status !== 200 && !text.includes('Fault>'))
      throw new SubmissionFailed(`${endpoint.where} answered HTTP ${status}`);
    return parseAnswer(text);
  });
}

/** A record's verdict from its line of the answer. */
function verdictOf(line: LineAnswer): RecordVerdict {
  if (line.state === 'Correcto') return { state: 'accepted' };
  if (line.state === 'AceptadoConErrores')
    return { state: 'accepted_with_errors', code: line.errorCode, description: line.errorText };
  // Sent before, its answer lost: the AEAT holds it, and says in what state.
  if (line.errorCode === DUPLICATE_RECORD_CODE && line.duplicateState) {
    return line.duplicateState === 'AceptadaConErrores'
      ? {
          state: 'accepted_with_errors',
          code: null,
          description: 'accepted with errors (sent again: duplicate)',
        }
      : { state: 'accepted' };
  }
  return { state: 'rejected', code: line.errorCode, description: line.errorText };
}

/** The TaxAuthority that speaks the AEAT's SOAP to `url`. */
export function soapTaxAuthority(endpoint: Endpoint): TaxAuthority {
  return {
    where: endpoint.where,
    async submit(submission: Submission): Promise<SubmissionResult> {
      let answer: AeatAnswer;
      try {
        answer = await postMessage(endpoint, messageXml(submission.header, submission.records));
      } catch (err) {
        // Whatever went wrong, no answer names the records: they go again after a backoff.
        return { answered: false, reason: err instanceof Error ? err.message : String(err) };
      }
      // The answer names a record by its invoice's identification and its operation.
      const verdicts = new Map<string, RecordVerdict>();
      for (const { id, record } of submission.records) {
        const line = answer.lines.find(
          (l) =>
            l.numSerie === record.id.numSerie &&
            l.issueDate === record.id.issueDate &&
            l.operation === (record.kind === 'alta' ? 'Alta' : 'Anulacion'),
        );
        if (line) verdicts.set(id, verdictOf(line));
      }
      return { answered: true, waitSeconds: answer.waitSeconds, receipt: answer.receipt, verdicts };
    },
  };
}

/** The AEAT's web service of AEAT_ENVIRONMENT, with the certificate of AEAT_CERT_PATH. */
export function aeatWebService(config: Config, certPath: string): TaxAuthority {
  const passphrase = config.AEAT_CERT_PASSWORD ?? '';
  const agent = new Agent({ pfx: companyCertificate(certPath, passphrase), passphrase, keepAlive: false });
  return soapTaxAuthority({
    url: AEAT_ENDPOINTS[config.AEAT_ENVIRONMENT],
    where: `the AEAT's ${config.AEAT_ENVIRONMENT} web service`,
    agent,
  });
}

/**
 * The company's certificate (PKCS#12), read and opened at the start, so a file this Node.js cannot
 * read, or a wrong password, stops the server with one line saying what to do rather than failing
 * every send later. Certificates exported by older browsers and Windows use RC2 or 3DES, which
 * OpenSSL 3 no longer reads: they are converted once (docs/invoicing.md#configuration).
 */
export function companyCertificate(certPath: string, passphrase: string): Buffer {
  const pfx = readFileSync(certPath);
  try {
    createSecureContext({ pfx, passphrase });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/unsupported/i.test(message)) {
      throw new Error(
        `AEAT_CERT_PATH: ${certPath} uses an old encryption (RC2 or 3DES, as older browsers and Windows export certificates) that Node.js no longer reads; convert it once: openssl pkcs12 -legacy -in old.p12 -out cert.pem -nodes && openssl pkcs12 -export -in cert.pem -out new.p12 (docs/invoicing.md#configuration)`,
        { cause: err },
      );
    }
    if (/mac verify failure|bad decrypt|wrong password/i.test(message)) {
      throw new Error(`AEAT_CERT_PASSWORD: does not open ${certPath}`, { cause: err });
    }
    throw new Error(
      `AEAT_CERT_PATH: ${certPath} is not a PKCS#12 certificate this server can read (${message})`,
      { cause: err },
    );
  }
  return pfx;
}
