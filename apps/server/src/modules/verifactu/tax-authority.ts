// The AEAT as the outbox sender sees it (docs/invoicing.md#submission): a port with one
// operation, submit a message of one issuer's records (RegFactuSistemaFacturacion, up to 1,000)
// and read the AEAT's answer (RespuestaRegFactuSistemaFacturacion: the message's state, each
// record's state and error, and the waiting time before the next message). One implementation
// speaks the AEAT's SOAP web service over HTTPS with the company's certificate (mutual TLS); the
// same client speaks plain HTTP to the local fake AEAT (fake-aeat.ts) in tests and the demo.
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { createSecureContext } from 'node:tls';
import { XmlDocument, type XmlNode } from 'libxml2-wasm';
import type { Config } from '../../config';
import { tracedCall } from '../../tracing/traced';
import { AEAT_NS, soapEnvelope } from './record-xml';

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

type SendState = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
type LineState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

/** The AEAT's answer about one record of the message. */
export type LineAnswer = {
  numSerie: string;
  issueDate: string;
  operation: 'Alta' | 'Anulacion';
  state: LineState;
  errorCode: number | null;
  errorText: string | null;
  /** A record refused as a duplicate: the state of the one the AEAT already holds. */
  duplicateState: 'Correcta' | 'AceptadaConErrores' | 'Anulada' | null;
};

export type AeatAnswer = {
  sendState: SendState;
  /** TiempoEsperaEnvio: seconds before the issuer's next message (unless it carries 1,000). */
  waitSeconds: number;
  /** The AEAT's receipt (CSV) of the message, when it took any of it. */
  receipt: string | null;
  lines: LineAnswer[];
};

/** No answer about the records: a timeout, a network or HTTP error, or a SOAP fault. */
class SubmissionFailed extends Error {}

export interface TaxAuthority {
  /** Where messages go, for the log ("the AEAT's pre-production web service", the local fake). */
  readonly where: string;
  submit(message: string): Promise<AeatAnswer>;
}

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
      sendState: text('sfR:EstadoEnvio', answer) as SendState,
      waitSeconds: wait ? Number(wait) : DEFAULT_WAIT_SECONDS,
      receipt: text('sfR:CSV', answer),
      lines,
    };
  } finally {
    doc.dispose();
  }
}

/** The SOAP client: POSTs each message to `url` and reads the answer, or fails after `timeoutMs`. */
export function soapTaxAuthority(options: {
  url: string;
  where: string;
  /** Mutual TLS: the company's certificate (https URLs). */
  agent?: Agent;
  timeoutMs?: number;
}): TaxAuthority {
  const url = new URL(options.url);
  const timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
  return {
    where: options.where,
    submit: (message) =>
      tracedCall('aeat', 'submit', { 'server.address': url.host }, async () => {
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
              agent: options.agent ?? false,
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
            () =>
              req.destroy(new SubmissionFailed(`no answer from ${options.where} in ${timeoutMs / 1000} s`)),
            timeoutMs,
          );
          req.on('close', () => clearTimeout(timer));
          req.on('error', (err) =>
            reject(
              err instanceof SubmissionFailed
                ? err
                : new SubmissionFailed(`${options.where}: ${err.message}`),
            ),
          );
          req.end(body);
        });
        // A SOAP fault comes with HTTP 500: parseAnswer names it.
        if (status !== 200 && !text.includes('Fault>'))
          throw new SubmissionFailed(`${options.where} answered HTTP ${status}`);
        return parseAnswer(text);
      }),
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
