// A local fake of the AEAT's VERI*FACTU web service, for the tests and the demo (which has no
// company certificate and says in its log that it sends here; docs/invoicing.md#submission). It
// lives outside modules/, beside nothing the product runs: the demo's start imports it only when
// there is no certificate, and the production start never does (server.ts, decision 31). It
// speaks the same SOAP as the AEAT: it checks every message against the AEAT's XSD schemas
// (aeat-xsd/) and refuses an invalid one with a SOAP fault, as the AEAT does; it keeps the records
// it took and refuses one sent again as a duplicate (error 3000, with the state of the one it
// holds); it runs the AEAT's record validations (packages/domain/src/aeat-validations.ts, the
// rules the product runs before it issues, and the hash, chain and instant checks only the AEAT
// makes), rejecting a record that breaks one and accepting with errors a record that breaks only an
// admissible one (the 2000s: the AEAT holds it and expects its correction), among them a
// recipient's NIF its census does not know (2001; the census is every NIF but those it is given);
// it keeps the AEAT's rules on corrections (a correction of a rejected record, Subsanacion S and
// RechazoPrevio S, is taken only when it holds none of that invoice; a correction of a record it
// holds, Subsanacion S alone, only when it holds one); and it answers as it is told, message by
// message: accept, accept a record with errors, reject a record with a code, take the records but
// never answer (a timeout), and the waiting time (TiempoEsperaEnvio) of each answer. Its "today"
// and its clock are the `now` it is given: the app's clock, so a test's frozen day is the AEAT's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XmlDocument, XmlElement, type XmlNode } from 'libxml2-wasm';
import {
  aeatBreach,
  altaBreaches,
  chainBreaches,
  isAdmissible,
  type AeatBreach,
  type LineRuleInput,
} from '@boats/domain/aeat-validations';
import { altaHashInput, anulacionHashInput, type RecordParty } from '@boats/domain/verifactu';
import { DEFAULT_WAIT_SECONDS, DUPLICATE_RECORD_CODE } from '../modules/verifactu/aeat-connection';
import { AEAT_NS, escapeXml } from '../modules/verifactu/record-xml';
import { xsdErrors } from './xsd-validator';

/** What the fake does with one message (the next one it receives). */
export type FakeAeatReply = {
  /** Take the records but never answer: the sender's wait for the answer times out. */
  timeout?: boolean;
  /**
   * Refuse the whole message with a SOAP fault of this code, as the AEAT does for a message it
   * will not read (4112: the certificate may not send for this issuer), taking none of its records.
   */
  fault?: { code: number; text: string };
  /** TiempoEsperaEnvio of this answer (the fake's default otherwise). */
  waitSeconds?: number;
  /** Records (by NumSerieFactura) answered otherwise than Correcto. */
  lines?: Record<string, { state: 'AceptadoConErrores' | 'Incorrecto'; code: number; text: string }>;
};

/** A message the fake received, with the schema's complaints (none for a valid message). */
type ReceivedMessage = {
  xml: string;
  errors: string[];
  records: { numSerie: string; operation: 'Alta' | 'Anulacion'; correction: boolean }[];
};

const NS = { soapenv: AEAT_NS.soap, sfLR: AEAT_NS.lr, sf: AEAT_NS.sf };
/** The AEAT's code for a message its schema refuses. */
const SCHEMA_FAULT = 4102;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const text = (node: XmlNode, path: string): string => node.get(path, NS)?.content.trim() ?? '';

function fault(res: ServerResponse, message: string): void {
  res.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${AEAT_NS.soap}"><env:Body>` +
      `<env:Fault><faultcode>env:Client</faultcode><faultstring>${escapeXml(message)}</faultstring></env:Fault>` +
      '</env:Body></env:Envelope>',
  );
}

type Refusal = {
  state: 'Incorrecto';
  code: number;
  text: string;
  duplicate: 'Correcta' | 'AceptadaConErrores' | null;
};

/**
 * The AEAT's rules on a record's identification and its correction flags (its list of validations:
 * 1161, 3000, 3002), given what it already holds of that invoice: a record it holds is not taken
 * again unless it is a correction of it (Subsanacion S, RechazoPrevio N); a correction of a
 * rejected record (RechazoPrevio S) must find none held; RechazoPrevio S without Subsanacion S is
 * refused. Null: the record passes these rules.
 */
function correctionRule(
  held: 'Correcta' | 'AceptadaConErrores' | undefined,
  isAlta: boolean,
  subsanacion: boolean,
  rechazoPrevio: string,
): Refusal | null {
  const refuse = (code: number, text: string, duplicate: Refusal['duplicate'] = null): Refusal => ({
    state: 'Incorrecto',
    code,
    text,
    duplicate,
  });
  if (isAlta && rechazoPrevio === 'S' && !subsanacion)
    return refuse(
      1161,
      'El valor del campo RechazoPrevio no es válido, no podrá incluirse el campo RechazoPrevio con valor S si no se ha informado del campo Subsanacion o tiene el valor N.',
    );
  const correctsHeld = isAlta && subsanacion && rechazoPrevio !== 'S' && rechazoPrevio !== 'X';
  if (held && !correctsHeld) return refuse(DUPLICATE_RECORD_CODE, 'Registro de facturación duplicado.', held);
  if (!held && correctsHeld) return refuse(3002, 'No existe el registro de facturación.');
  return null;
}

type RecordIdType = Extract<RecordParty, { idOtro: unknown }>['idOtro']['idType'];

/** A party of a record as its XML names it: NIF, or IDOtro. */
function partyOf(node: XmlNode): RecordParty {
  const name = text(node, 'sf:NombreRazon');
  const nif = node.get('sf:NIF', NS);
  if (nif) return { name, nif: nif.content.trim() };
  return {
    name,
    idOtro: {
      country: text(node, 'sf:IDOtro/sf:CodigoPais'),
      // Whatever the message says: the rules compare it with the types they allow.
      idType: text(node, 'sf:IDOtro/sf:IDType') as RecordIdType,
      id: text(node, 'sf:IDOtro/sf:ID'),
    },
  };
}

const orNull = (value: string): string | null => value || null;

/** One line of a record's tax breakdown as its XML gives it. */
function lineOf(node: XmlNode): LineRuleInput {
  return {
    tax: orNull(text(node, 'sf:Impuesto')),
    regimeKey: orNull(text(node, 'sf:ClaveRegimen')),
    qualification: text(node, 'sf:CalificacionOperacion') || text(node, 'sf:OperacionExenta'),
    rate: orNull(text(node, 'sf:TipoImpositivo')),
    base: text(node, 'sf:BaseImponibleOimporteNoSujeto'),
    quota: orNull(text(node, 'sf:CuotaRepercutida')),
  };
}

/** The AEAT's validations of a registro de alta's content (aeat-validations.ts), read from its XML. */
function contentBreaches(alta: XmlNode, obligadoNif: string, now: Date): AeatBreach[] {
  const tercero = alta.get('sf:Tercero', NS);
  return altaBreaches(
    {
      issuerNif: obligadoNif,
      issueDate: text(alta, 'sf:IDFactura/sf:FechaExpedicionFactura'),
      operationDate: orNull(text(alta, 'sf:FechaOperacion')),
      invoiceType: text(alta, 'sf:TipoFactura'),
      rectificationType: orNull(text(alta, 'sf:TipoRectificativa')),
      rectifiedCount: alta.find('sf:FacturasRectificadas/sf:IDFacturaRectificada', NS).length,
      substitutedCount: alta.find('sf:FacturasSustituidas/sf:IDFacturaSustituida', NS).length,
      hasRectifiedAmounts: alta.find('sf:ImporteRectificacion', NS).length > 0,
      withoutRecipientId: text(alta, 'sf:FacturaSinIdentifDestinatarioArt61d') === 'S',
      thirdParty: tercero ? partyOf(tercero) : null,
      recipients: alta.find('sf:Destinatarios/sf:IDDestinatario', NS).map(partyOf),
      lines: alta.find('sf:Desglose/sf:DetalleDesglose', NS).map(lineOf),
      totalQuota: text(alta, 'sf:CuotaTotal'),
      totalAmount: text(alta, 'sf:ImporteTotal'),
    },
    now,
  );
}

/**
 * The AEAT's checks of a record's hash, chain and instant (aeat-validations.ts): the hash
 * recomputed from the record's own fields with the domain's hash functions, given how many records
 * the fake holds of its issuer and system.
 */
function chainBreachesOf(
  record: XmlNode,
  isAlta: boolean,
  id: { nif: string; numSerie: string; issueDate: string },
  heldOfIssuer: number,
  now: Date,
): AeatBreach[] {
  const first = text(record, 'sf:Encadenamiento/sf:PrimerRegistro') === 'S';
  const previousHash = first ? null : text(record, 'sf:Encadenamiento/sf:RegistroAnterior/sf:Huella');
  const generatedAt = text(record, 'sf:FechaHoraHusoGenRegistro');
  const fields = {
    id: { issuerNif: id.nif, numSerie: id.numSerie, issueDate: id.issueDate },
    previousHash: previousHash ?? '',
    generatedAt,
  };
  const hashInput = isAlta
    ? altaHashInput({
        ...fields,
        invoiceType: text(record, 'sf:TipoFactura'),
        totalQuota: text(record, 'sf:CuotaTotal'),
        totalAmount: text(record, 'sf:ImporteTotal'),
      })
    : anulacionHashInput(fields);
  return chainBreaches(
    { hashInput, hash: text(record, 'sf:Huella'), previousHash, generatedAt },
    heldOfIssuer,
    now,
  );
}

export async function startFakeAeat(
  options: {
    port?: number;
    /** NIFs its census does not know: a record naming one as its recipient is accepted with errors (2001). */
    unknownNifs?: readonly string[];
    /** The AEAT's clock (the wall clock unless given): its "today" and the instant a record arrives. */
    now?: () => Date;
  } = {},
) {
  const unknownNifs = new Set(options.unknownNifs ?? []);
  const now = options.now ?? (() => new Date());
  const replies: FakeAeatReply[] = [];
  const received: ReceivedMessage[] = [];
  const answers: string[] = [];
  /** The records the fake holds, by operation, issuer, number and date, with their state. */
  const held = new Map<string, 'Correcta' | 'AceptadaConErrores'>();
  /** How many records it holds of each issuer and invoicing system (2007). */
  const heldOfIssuer = new Map<string, number>();
  let defaultWait = DEFAULT_WAIT_SECONDS;
  const hanging = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    let envelope: XmlDocument;
    try {
      envelope = XmlDocument.fromString(body);
    } catch {
      received.push({ xml: body, errors: ['not well-formed XML'], records: [] });
      return fault(res, `Codigo[${SCHEMA_FAULT}].El XML no es correcto.`);
    }
    try {
      const message = envelope.get('/soapenv:Envelope/soapenv:Body/sfLR:RegFactuSistemaFacturacion', NS);
      const xml = message instanceof XmlElement ? message.toString() : body;
      const errors = message
        ? xsdErrors('SuministroLR.xsd', xml)
        : ['no RegFactuSistemaFacturacion in the body'];
      const entry: ReceivedMessage = { xml, errors, records: [] };
      received.push(entry);
      if (!message || errors.length > 0)
        return fault(res, `Codigo[${SCHEMA_FAULT}].El XML no cumple el esquema. ${errors[0] ?? ''}`);
      const reply = replies.shift() ?? {};
      if (reply.fault) return fault(res, `Codigo[${reply.fault.code}].${reply.fault.text}`);
      const party = (path: string) => {
        const node = message.get(path, NS);
        return node ? { name: text(node, 'sf:NombreRazon'), nif: text(node, 'sf:NIF') } : null;
      };
      const issuer = party('sfLR:Cabecera/sf:ObligadoEmision')!;
      const representative = party('sfLR:Cabecera/sf:Representante');
      const lines = message.find('sfLR:RegistroFactura', NS).map((registro) => {
        const alta = registro.get('sf:RegistroAlta', NS);
        const record = alta ?? registro.get('sf:RegistroAnulacion', NS)!;
        const suffix = alta ? '' : 'Anulada';
        const id = {
          nif: text(record, `sf:IDFactura/sf:IDEmisorFactura${suffix}`),
          numSerie: text(record, `sf:IDFactura/sf:NumSerieFactura${suffix}`),
          issueDate: text(record, `sf:IDFactura/sf:FechaExpedicionFactura${suffix}`),
        };
        const operation: 'Alta' | 'Anulacion' = alta ? 'Alta' : 'Anulacion';
        const subsanacion = text(record, 'sf:Subsanacion') === 'S';
        const rechazoPrevio = text(record, 'sf:RechazoPrevio');
        const correction = subsanacion || rechazoPrevio === 'S';
        entry.records.push({ numSerie: id.numSerie, operation, correction });
        const key = `${operation}|${id.nif}|${id.numSerie}|${id.issueDate}`;
        const told = reply.lines?.[id.numSerie];
        const system = `${id.nif}|${text(record, 'sf:SistemaInformatico/sf:NIF')}|${text(record, 'sf:SistemaInformatico/sf:IdSistemaInformatico')}`;
        const at = now();
        const breaches = [
          ...(alta ? contentBreaches(alta, issuer.nif, at) : []),
          ...chainBreachesOf(record, alta !== null, id, heldOfIssuer.get(system) ?? 0, at),
        ];
        const unknownRecipient = record
          .find('sf:Destinatarios/sf:IDDestinatario/sf:NIF', NS)
          .some((n) => unknownNifs.has(n.content.trim()));
        if (unknownRecipient) breaches.push(aeatBreach(2001));
        // One code per record, as the AEAT answers: a rejection before an admissible error.
        const refused = breaches.filter((b) => !isAdmissible(b.code)).sort((x, y) => x.code - y.code)[0];
        const admitted = breaches.filter((b) => isAdmissible(b.code)).sort((x, y) => x.code - y.code)[0];
        const outcome =
          correctionRule(held.get(key), operation === 'Alta', subsanacion, rechazoPrevio) ??
          (refused ? { state: 'Incorrecto' as const, ...refused, duplicate: null } : null) ??
          (told
            ? { ...told, duplicate: null }
            : admitted
              ? { state: 'AceptadoConErrores' as const, ...admitted, duplicate: null }
              : { state: 'Correcto' as const, code: null, text: null, duplicate: null });
        if (outcome.state !== 'Incorrecto') {
          held.set(key, outcome.state === 'Correcto' ? 'Correcta' : 'AceptadaConErrores');
          heldOfIssuer.set(system, (heldOfIssuer.get(system) ?? 0) + 1);
        }
        return { id, operation, record, ...outcome };
      });
      if (reply.timeout) {
        // The records are taken; the answer never leaves (until the fake closes).
        hanging.add(res);
        return;
      }
      const accepted = lines.filter((l) => l.state !== 'Incorrecto').length;
      const sendState =
        accepted === lines.length ? 'Correcto' : accepted === 0 ? 'Incorrecto' : 'ParcialmenteCorrecto';
      const el = (prefix: string, name: string, value: string) =>
        `<${prefix}:${name}>${escapeXml(value)}</${prefix}:${name}>`;
      const person = (name: string, p: { name: string; nif: string }) =>
        `<sf:${name}>${el('sf', 'NombreRazon', p.name)}${el('sf', 'NIF', p.nif)}</sf:${name}>`;
      const csv = accepted > 0 ? `A-${Date.now().toString(36).toUpperCase()}${received.length}` : null;
      const answer =
        `<sfR:RespuestaRegFactuSistemaFacturacion xmlns:sfR="${AEAT_NS.response}" xmlns:sf="${AEAT_NS.sf}">` +
        (csv
          ? el('sfR', 'CSV', csv) +
            `<sfR:DatosPresentacion>${el('sf', 'NIFPresentador', (representative ?? issuer).nif)}` +
            `${el('sf', 'TimestampPresentacion', new Date().toISOString().slice(0, 19) + 'Z')}</sfR:DatosPresentacion>`
          : '') +
        `<sfR:Cabecera>${person('ObligadoEmision', issuer)}${representative ? person('Representante', representative) : ''}</sfR:Cabecera>` +
        el('sfR', 'TiempoEsperaEnvio', String(reply.waitSeconds ?? defaultWait)) +
        el('sfR', 'EstadoEnvio', sendState) +
        lines
          .map(
            (l) =>
              '<sfR:RespuestaLinea><sfR:IDFactura>' +
              el('sf', 'IDEmisorFactura', l.id.nif) +
              el('sf', 'NumSerieFactura', l.id.numSerie) +
              el('sf', 'FechaExpedicionFactura', l.id.issueDate) +
              `</sfR:IDFactura><sfR:Operacion>${el('sf', 'TipoOperacion', l.operation)}` +
              (text(l.record, 'sf:Subsanacion')
                ? el('sf', 'Subsanacion', text(l.record, 'sf:Subsanacion'))
                : '') +
              (text(l.record, 'sf:RechazoPrevio')
                ? el('sf', 'RechazoPrevio', text(l.record, 'sf:RechazoPrevio'))
                : '') +
              '</sfR:Operacion>' +
              el('sfR', 'EstadoRegistro', l.state) +
              (l.code !== null ? el('sfR', 'CodigoErrorRegistro', String(l.code)) : '') +
              (l.text !== null ? el('sfR', 'DescripcionErrorRegistro', l.text) : '') +
              (l.duplicate
                ? `<sfR:RegistroDuplicado>${el('sf', 'IdPeticionRegistroDuplicado', 'FAKE1')}` +
                  `${el('sf', 'EstadoRegistroDuplicado', l.duplicate)}</sfR:RegistroDuplicado>`
                : '') +
              '</sfR:RespuestaLinea>',
          )
          .join('') +
        '</sfR:RespuestaRegFactuSistemaFacturacion>';
      answers.push(answer);
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${AEAT_NS.soap}"><env:Header/>` +
          `<env:Body>${answer}</env:Body></env:Envelope>`,
      );
    } finally {
      envelope.dispose();
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    /** Every message received, in order, with the schema's complaints. */
    received,
    /** Every answer sent (RespuestaRegFactuSistemaFacturacion), in order. */
    answers,
    /** How the next messages are answered, one reply each, in order. */
    reply(...next: FakeAeatReply[]) {
      replies.push(...next);
    },
    /** TiempoEsperaEnvio of the answers no reply names. */
    setWaitSeconds(seconds: number) {
      defaultWait = seconds;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
