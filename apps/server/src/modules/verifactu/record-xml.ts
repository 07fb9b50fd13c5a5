// Billing records as the AEAT's XML (SuministroLR.xsd / SuministroInformacion.xsd, kept in
// aeat-xsd/ with their source; docs/invoicing.md#the-aeats-schemas): one record, a message of up to
// 1,000 records of one issuer (RegFactuSistemaFacturacion), and the SOAP envelope that carries
// it. Elements follow the schemas' order; every value is the stored text the hash covers.
import {
  AEAT_BATCH_LIMIT,
  type ChainedRecord,
  type RecordId,
  type RecordParty,
  type SystemIdentity,
  type TaxLine,
} from '@boats/domain/verifactu';

export const AEAT_NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  lr: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd',
  sf: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd',
  response:
    'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd',
} as const;

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<sf:name>value</sf:name>`, or nothing for a value left out. */
function el(name: string, value: string | null | undefined | false): string {
  if (value === null || value === undefined || value === false) return '';
  return `<sf:${name}>${escapeXml(value)}</sf:${name}>`;
}
const group = (name: string, inner: string): string => (inner ? `<sf:${name}>${inner}</sf:${name}>` : '');

const invoiceId = (id: RecordId): string =>
  el('IDEmisorFactura', id.issuerNif) +
  el('NumSerieFactura', id.numSerie) +
  el('FechaExpedicionFactura', id.issueDate);

function party(p: RecordParty): string {
  const id =
    'nif' in p
      ? el('NIF', p.nif)
      : group(
          'IDOtro',
          el('CodigoPais', p.idOtro.country) + el('IDType', p.idOtro.idType) + el('ID', p.idOtro.id),
        );
  return el('NombreRazon', p.name) + id;
}

function taxLine(l: TaxLine): string {
  const exempt = l.qualification !== 'S1';
  return group(
    'DetalleDesglose',
    el('Impuesto', l.tax) +
      el('ClaveRegimen', l.regimeKey) +
      (exempt ? el('OperacionExenta', l.qualification) : el('CalificacionOperacion', l.qualification)) +
      el('TipoImpositivo', l.rate) +
      el('BaseImponibleOimporteNoSujeto', l.base) +
      el('CuotaRepercutida', l.quota),
  );
}

function system(s: SystemIdentity): string {
  return group(
    'SistemaInformatico',
    el('NombreRazon', s.producerName) +
      el('NIF', s.producerNif) +
      el('NombreSistemaInformatico', s.name) +
      el('IdSistemaInformatico', s.id) +
      el('Version', s.version) +
      el('NumeroInstalacion', s.installation) +
      el('TipoUsoPosibleSoloVerifactu', 'S') +
      el('TipoUsoPosibleMultiOT', 'S') +
      el('IndicadorMultiplesOT', 'S'),
  );
}

function chain(r: ChainedRecord): string {
  const p = r.previous;
  return group(
    'Encadenamiento',
    p ? group('RegistroAnterior', invoiceId(p) + el('Huella', p.hash)) : el('PrimerRegistro', 'S'),
  );
}

/** One record: `<sf:RegistroAlta>` or `<sf:RegistroAnulacion>`. */
function recordXml(r: ChainedRecord, identity: SystemIdentity): string {
  if (r.kind === 'anulacion') {
    return group(
      'RegistroAnulacion',
      el('IDVersion', '1.0') +
        group(
          'IDFactura',
          el('IDEmisorFacturaAnulada', r.id.issuerNif) +
            el('NumSerieFacturaAnulada', r.id.numSerie) +
            el('FechaExpedicionFacturaAnulada', r.id.issueDate),
        ) +
        el('RechazoPrevio', r.correctsRejected && 'S') +
        chain(r) +
        system(identity) +
        el('FechaHoraHusoGenRegistro', r.generatedAt) +
        el('TipoHuella', '01') +
        el('Huella', r.hash),
    );
  }
  return group(
    'RegistroAlta',
    el('IDVersion', '1.0') +
      group('IDFactura', invoiceId(r.id)) +
      el('NombreRazonEmisor', r.issuerName) +
      el('Subsanacion', (r.correctsRejected || r.correctsAccepted === true) && 'S') +
      el('RechazoPrevio', r.correctsRejected && 'S') +
      el('TipoFactura', r.invoiceType) +
      el('TipoRectificativa', r.rectificationType) +
      group(
        'FacturasRectificadas',
        r.rectified.map((id) => group('IDFacturaRectificada', invoiceId(id))).join(''),
      ) +
      group(
        'FacturasSustituidas',
        r.substituted.map((id) => group('IDFacturaSustituida', invoiceId(id))).join(''),
      ) +
      group(
        'ImporteRectificacion',
        r.rectifiedAmounts
          ? el('BaseRectificada', r.rectifiedAmounts.base) + el('CuotaRectificada', r.rectifiedAmounts.quota)
          : '',
      ) +
      el('FechaOperacion', r.operationDate) +
      el('DescripcionOperacion', r.description.slice(0, 500)) +
      el('FacturaSinIdentifDestinatarioArt61d', r.withoutRecipientId && 'S') +
      el('EmitidaPorTerceroODestinatario', r.thirdParty ? 'T' : r.issuedByRecipient && 'D') +
      (r.thirdParty ? group('Tercero', party(r.thirdParty)) : '') +
      group('Destinatarios', r.recipients.map((p) => group('IDDestinatario', party(p))).join('')) +
      group('Desglose', r.lines.map(taxLine).join('')) +
      el('CuotaTotal', r.totalQuota) +
      el('ImporteTotal', r.totalAmount) +
      chain(r) +
      system(identity) +
      el('FechaHoraHusoGenRegistro', r.generatedAt) +
      el('TipoHuella', '01') +
      el('Huella', r.hash),
  );
}

/** Who is obliged to issue the records of a message, and who sends them on their behalf. */
export type MessageHeader = {
  issuer: { name: string; nif: string };
  /** The platform, when it sends an owner's records (the owner's representative). */
  representative: { name: string; nif: string } | null;
};

/** A message of one issuer's records (at most 1,000): `<sfLR:RegFactuSistemaFacturacion>`. */
export function messageXml(
  header: MessageHeader,
  records: { record: ChainedRecord; system: SystemIdentity }[],
): string {
  if (records.length === 0 || records.length > AEAT_BATCH_LIMIT)
    throw new RangeError(`a message carries 1 to ${AEAT_BATCH_LIMIT} records`);
  const cabecera =
    group('ObligadoEmision', el('NombreRazon', header.issuer.name) + el('NIF', header.issuer.nif)) +
    (header.representative
      ? group(
          'Representante',
          el('NombreRazon', header.representative.name) + el('NIF', header.representative.nif),
        )
      : '');
  return (
    `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${AEAT_NS.lr}" xmlns:sf="${AEAT_NS.sf}">` +
    `<sfLR:Cabecera>${cabecera}</sfLR:Cabecera>` +
    records
      .map((r) => `<sfLR:RegistroFactura>${recordXml(r.record, r.system)}</sfLR:RegistroFactura>`)
      .join('') +
    '</sfLR:RegFactuSistemaFacturacion>'
  );
}

/** A message in the SOAP 1.1 envelope the AEAT's web service takes (document/literal). */
export function soapEnvelope(message: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${AEAT_NS.soap}"><soapenv:Header/>` +
    `<soapenv:Body>${message}</soapenv:Body></soapenv:Envelope>`
  );
}
