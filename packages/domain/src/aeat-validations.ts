/**
 * The AEAT's own validations of a VERI*FACTU registro de alta that this system can break: which
 * invoice type names its recipients, the art. 6.1.d flag, a recipient who is the issuer, the third
 * party. One place, run by the product before it issues (so a document the AEAT would refuse is
 * refused before its number stands) and by the fake AEAT on every record it receives.
 *
 * Source: the AEAT's list of error codes of the VERI*FACTU web service, "errores.properties",
 * published at
 * https://prewww2.aeat.es/static_files/common/internet/dep/aplicaciones/es/aeat/tikeV1.0/cont/ws/errores.properties
 * (section "códigos de error que provocan el rechazo de la factura"). The texts below are the
 * AEAT's, word for word, as read on 2026-11-28 from public copies of that file that several
 * open-source VERI*FACTU projects keep (not from the AEAT's host itself); they agree with each
 * other. docs/invoicing.md#the-aeats-rules.
 */
import type { AltaContent, RecordParty } from './verifactu';

/** One of the AEAT's validations a record breaks: its code and its description as published. */
export type AeatBreach = { code: number; text: string };

/** The codes kept here, with the AEAT's description of each. */
export const AEAT_RULES = {
  1114: 'Si la factura es de tipo rectificativa, el campo TipoRectificativa debe tener valor.',
  1115: 'Si la factura no es de tipo rectificativa, el campo TipoRectificativa no debe tener valor.',
  1116: 'Debe informarse el campo FacturasSustituidas sólo si la factura es de tipo F3.',
  1117: 'Si la factura no es de tipo rectificativa, el bloque FacturasRectificadas no podrá venir informado.',
  1185: 'El campo FacturaSinIdentifDestinatarioArt61d solo se podrá rellenar con S si TipoFactura es de tipo F2 o R5.',
  1188: 'El NIF del bloque Tercero debe ser diferente al NIF del ObligadoEmision.',
  1189: 'Si TipoFactura es F1 o F3 o R1 o R2 o R3 o R4 el bloque Destinatarios tiene que estar cumplimentado.',
  1190: 'Si TipoFactura es F2 o R5 el bloque Destinatarios no puede estar cumplimentado.',
  1193: 'En el bloque Destinatarios si se identifica mediante NIF, el NIF debe estar identificado y ser distinto del NIF ObligadoEmision.',
  1234: 'Si se identifica a través de la agrupación IDOtro y CodigoPais tiene valor ES, el campo IDType debe valer Pasaporte (03) o No Censado (07).',
} as const satisfies Record<number, string>;
export type AeatRuleCode = keyof typeof AEAT_RULES;

const breach = (code: AeatRuleCode): AeatBreach => ({ code, text: AEAT_RULES[code] });

/** What the rules read of a registro de alta: the product's record, or the fake's parse of the XML. */
export type AltaRuleInput = {
  /** The NIF obliged to issue (ObligadoEmision; IDEmisorFactura is the same NIF). */
  issuerNif: string;
  /** TipoFactura as the record carries it (the fake reads any text from the XML). */
  invoiceType: string;
  rectificationType: string | null;
  rectifiedCount: number;
  substitutedCount: number;
  /** FacturaSinIdentifDestinatarioArt61d = S. */
  withoutRecipientId: boolean;
  thirdParty: RecordParty | null;
  recipients: RecordParty[];
};

/** Types whose record must name its recipients (1189); F2 and R5 must not (1190). */
const NAMES_RECIPIENTS = new Set(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']);
const WITHOUT_RECIPIENTS = new Set(['F2', 'R5']);

/** The rules a record's recipients alone can break, given its issuer: 1193 and 1234. */
export function recipientBreaches(issuerNif: string, recipients: readonly RecordParty[]): AeatBreach[] {
  const found: AeatBreach[] = [];
  if (recipients.some((p) => 'nif' in p && p.nif === issuerNif)) found.push(breach(1193));
  if (
    recipients.some(
      (p) => 'idOtro' in p && p.idOtro.country === 'ES' && !['03', '07'].includes(p.idOtro.idType),
    )
  )
    found.push(breach(1234));
  return found;
}

/** Every rule kept here that the record breaks, in the order of the AEAT's codes; empty: it passes. */
export function altaBreaches(r: AltaRuleInput): AeatBreach[] {
  const found: AeatBreach[] = [];
  const rectifying = r.invoiceType.startsWith('R');
  if (rectifying && !r.rectificationType) found.push(breach(1114));
  if (!rectifying && r.rectificationType) found.push(breach(1115));
  if (r.substitutedCount > 0 && r.invoiceType !== 'F3') found.push(breach(1116));
  if (!rectifying && r.rectifiedCount > 0) found.push(breach(1117));
  if (r.withoutRecipientId && !WITHOUT_RECIPIENTS.has(r.invoiceType)) found.push(breach(1185));
  if (r.thirdParty && 'nif' in r.thirdParty && r.thirdParty.nif === r.issuerNif) found.push(breach(1188));
  if (NAMES_RECIPIENTS.has(r.invoiceType) && r.recipients.length === 0) found.push(breach(1189));
  if (WITHOUT_RECIPIENTS.has(r.invoiceType) && r.recipients.length > 0) found.push(breach(1190));
  found.push(...recipientBreaches(r.issuerNif, r.recipients));
  return found.sort((a, b) => a.code - b.code);
}

/** What the rules read of a record the product is about to chain. */
export function altaRuleInput(content: AltaContent): AltaRuleInput {
  return {
    issuerNif: content.id.issuerNif,
    invoiceType: content.invoiceType,
    rectificationType: content.rectificationType,
    rectifiedCount: content.rectified.length,
    substitutedCount: content.substituted.length,
    withoutRecipientId: content.withoutRecipientId,
    thirdParty: content.thirdParty,
    recipients: content.recipients,
  };
}
