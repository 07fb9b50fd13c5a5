/**
 * The AEAT's own validations of a VERI*FACTU record that this system can break: which invoice
 * type names its recipients, the art. 6.1.d flag, a recipient who is the issuer, the third party;
 * the dates; each tax line's rate, quota and exemption; the totals; and, for the fake AEAT alone
 * (the product computes them), the hash, the chain's first record and the generation instant. One
 * place, run by the product before it issues (so a document the AEAT would refuse is refused
 * before its number stands) and by the fake AEAT on every record it receives.
 *
 * Source: the AEAT's list of error codes of the VERI*FACTU web service, "errores.properties",
 * published at
 * https://prewww2.aeat.es/static_files/common/internet/dep/aplicaciones/es/aeat/tikeV1.0/cont/ws/errores.properties
 * (its sections "códigos de error que provocan el rechazo de la factura" and "que producen la
 * aceptación del registro de facturación en el sistema (posteriormente deben ser subsanados)").
 * The texts below are the AEAT's, word for word, as read on 2026-11-28 from public copies of that
 * file that several open-source VERI*FACTU projects keep (not from the AEAT's host itself); they
 * agree with each other. When each code applies (the tolerances, the exceptions) is the AEAT's
 * document "Validaciones y errores" (Validaciones_Errores_Veri-Factu.pdf, section 3), read from a
 * public text copy the same way. docs/invoicing.md#the-aeats-rules.
 */
import { canaryDateKey } from './canary-time';
import { sha256Hex } from './sha256';
import { centsOfAeatAmount, type AltaContent, type RecordParty } from './verifactu';

/** One of the AEAT's validations a record breaks: its code and its description as published. */
export type AeatBreach = { code: number; text: string };

/** The codes kept here, with the AEAT's description of each. */
export const AEAT_RULES = {
  1112: 'El campo FechaExpedicionFactura es superior a la fecha actual.',
  1114: 'Si la factura es de tipo rectificativa, el campo TipoRectificativa debe tener valor.',
  1115: 'Si la factura no es de tipo rectificativa, el campo TipoRectificativa no debe tener valor.',
  1116: 'Debe informarse el campo FacturasSustituidas sólo si la factura es de tipo F3.',
  1117: 'Si la factura no es de tipo rectificativa, el bloque FacturasRectificadas no podrá venir informado.',
  1118: 'Si la factura es de tipo rectificativa por sustitución el bloque ImporteRectificacion es obligatorio.',
  1119: 'Si la factura no es de tipo rectificativa por sustitución el bloque ImporteRectificacion no debe tener valor.',
  1125: 'El valor del campo FechaOperacion tiene una fecha superior a la permitida.',
  1134: 'El valor del campo FechaOperacion no debe ser inferior a la fecha actual menos veinte años.',
  1142: 'El campo CuotaRepercutida tiene un valor incorrecto para el valor de los campos BaseImponibleOimporteNoSujeto y TipoImpositivo suministrados.',
  1143: 'Los campos CuotaRepercutida y BaseImponibleOimporteNoSujeto deben tener el mismo signo.',
  1146: 'Sólo se permite que la fecha de expedicion de la factura sea anterior a la fecha operación si los detalles del desglose son ClaveRegimen 14 o 15 e Impuesto 01, 03 o vacío.',
  1150: 'Cuando TipoFactura sea F2 y no este informado NumRegistroAcuerdoFacturacion o FacturaSinIdentifDestinatarioArt61d no sea S el sumatorio de BaseImponibleOimporteNoSujeto y CuotaRepercutida de todas las líneas de detalle no podrá ser superior a 3.000.',
  1152: 'La fecha de expedición no puede ser inferior al 28 de octubre de 2024.',
  1173: 'Sólo se permite que la fecha de operación sea superior a la fecha actual si los detalles del desglose son ClaveRegimen 14 o 15 e Impuesto 01, 03 o vacío.',
  1185: 'El campo FacturaSinIdentifDestinatarioArt61d solo se podrá rellenar con S si TipoFactura es de tipo F2 o R5.',
  1188: 'El NIF del bloque Tercero debe ser diferente al NIF del ObligadoEmision.',
  1189: 'Si TipoFactura es F1 o F3 o R1 o R2 o R3 o R4 el bloque Destinatarios tiene que estar cumplimentado.',
  1190: 'Si TipoFactura es F2 o R5 el bloque Destinatarios no puede estar cumplimentado.',
  1193: 'En el bloque Destinatarios si se identifica mediante NIF, el NIF debe estar identificado y ser distinto del NIF ObligadoEmision.',
  1199: "Si Impuesto es '01' (IVA), '03' (IGIC) o no se cumplimenta y ClaveRegimen es 01 no pueden marcarse las OperacionExenta E2, E3.",
  1208: 'Si CalificacionOperacion es S1 y BaseImponibleACoste no está cumplimentada, TipoImpositivo y CuotaRepercutida son obligatorios.',
  1234: 'Si se identifica a través de la agrupación IDOtro y CodigoPais tiene valor ES, el campo IDType debe valer Pasaporte (03) o No Censado (07).',
  1238: 'Si la operacion es exenta no se puede informar ninguno de los campos TipoImpositivo, CuotaRepercutida, TipoRecargoEquivalencia y CuotaRecargoEquivalencia.',
  1245: 'Si el campo Impuesto está vacío o tiene valor 01 o 03 el campo ClaveRegimen debe de estar cumplimentado.',
  2000: 'El cálculo de la huella suministrada es incorrecta.',
  2001: 'El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.',
  2002: 'La longitud de huella del registro anterior no cumple con las especificaciones.',
  2003: 'El contenido de la huella del registro anterior no cumple con las especificaciones.',
  // The list's text ends at the colon; the AEAT's answer completes it with the margin.
  2004: 'El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual del sistema de la AEAT, admitiéndose un margen de error de:',
  2005: 'El campo ImporteTotal tiene un valor incorrecto para el valor de los campos BaseImponibleOimporteNoSujeto, CuotaRepercutida y CuotaRecargoEquivalencia suministrados.',
  2006: 'El campo CuotaTotal tiene un valor incorrecto para el valor de los campos CuotaRepercutida y CuotaRecargoEquivalencia suministrados.',
  2007: 'No debe informarse como primer registro, existen facturas emitidas con el obligado emisión y el sistema informático actual.',
} as const satisfies Record<number, string>;
export type AeatRuleCode = keyof typeof AEAT_RULES;

/**
 * The 2000s are the list's admissible errors: the AEAT holds the record, answers it "accepted
 * with errors" (AceptadoConErrores) and expects it corrected; every other code rejects it.
 */
export function isAdmissible(code: number): boolean {
  return code >= 2000 && code < 3000;
}

export const aeatBreach = (code: AeatRuleCode): AeatBreach => ({ code, text: AEAT_RULES[code] });
const breach = aeatBreach;

/** One line of the tax breakdown as the rules read it (DetalleDesglose; the fake reads any text). */
export type LineRuleInput = {
  /** Impuesto; null when left out (the AEAT takes it as 01, VAT). */
  tax: string | null;
  /** ClaveRegimen; null when left out. */
  regimeKey: string | null;
  /** CalificacionOperacion (S1, S2, N1, N2) or OperacionExenta (E1…). */
  qualification: string;
  rate: string | null;
  base: string;
  quota: string | null;
};

/** What the rules read of a registro de alta: the product's record, or the fake's parse of the XML. */
export type AltaRuleInput = {
  /** The NIF obliged to issue (ObligadoEmision; IDEmisorFactura is the same NIF). */
  issuerNif: string;
  /** dd-mm-yyyy */
  issueDate: string;
  /** FechaOperacion (dd-mm-yyyy), null when left out. */
  operationDate: string | null;
  /** TipoFactura as the record carries it (the fake reads any text from the XML). */
  invoiceType: string;
  rectificationType: string | null;
  rectifiedCount: number;
  substitutedCount: number;
  /** Whether it carries ImporteRectificacion (BaseRectificada, CuotaRectificada). */
  hasRectifiedAmounts: boolean;
  /** FacturaSinIdentifDestinatarioArt61d = S. */
  withoutRecipientId: boolean;
  thirdParty: RecordParty | null;
  recipients: RecordParty[];
  lines: LineRuleInput[];
  totalQuota: string;
  totalAmount: string;
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

/** 'dd-mm-yyyy' as a date key 'yyyy-mm-dd', which compares as text. */
const dateKey = (aeatDate: string): string => aeatDate.split('-').reverse().join('-');

/** The first issue date the AEAT takes: the day its order on VERI*FACTU came into force (1152). */
const FIRST_ISSUE_DATE = '2024-10-28';

/**
 * The AEAT's "fecha actual" is its own clock's date, in Madrid. Ours is the Canary date of `now`,
 * the calendar our issue dates are written in: never later than Madrid's, so a date we take for
 * today's the AEAT takes too.
 */
function dateBreaches(r: AltaRuleInput, now: Date): AeatBreach[] {
  const today = canaryDateKey(now);
  const year = Number(today.slice(0, 4));
  const issued = dateKey(r.issueDate);
  const found: AeatBreach[] = [];
  if (issued > today) found.push(breach(1112));
  if (issued < FIRST_ISSUE_DATE) found.push(breach(1152));
  if (r.operationDate) {
    const operated = dateKey(r.operationDate);
    // An operation after its invoice (or after today) is only for VAT pending accrual, keys 14 and 15.
    const pendingAccrual =
      r.lines.length > 0 &&
      r.lines.every(
        (l) => ['01', '03', null].includes(l.tax) && (l.regimeKey === '14' || l.regimeKey === '15'),
      );
    if (Number(operated.slice(0, 4)) > year + 1) found.push(breach(1125));
    if (operated < `${String(year - 20)}${today.slice(4)}`) found.push(breach(1134));
    if (operated > issued && !pendingAccrual) found.push(breach(1146));
    if (operated > today && !pendingAccrual) found.push(breach(1173));
  }
  return found;
}

/** The AEAT's tolerance on a quota and on the totals: ±10.00 € (its "Validaciones", 15.7, 16, 17). */
const TOLERANCE_CENTS = 1000;
/** The largest simplified invoice the AEAT takes without the art. 6.1.d flag: 3,000.00 €, +10.00 € (15.8). */
const SIMPLIFIED_CEILING_CENTS = 300_000 + TOLERANCE_CENTS;
/** Regimes whose ImporteTotal the AEAT does not sum up (17). */
const TOTAL_NOT_SUMMED = new Set(['03', '05', '06', '08', '09']);

/** Each tax line's rate, quota and exemption (1142, 1143, 1199, 1208, 1238, 1245). */
function lineBreaches(r: AltaRuleInput): AeatBreach[] {
  const found: AeatBreach[] = [];
  // The quota is not checked against the base on rectifying invoices by differences, R2 and R3.
  const quotaChecked = r.rectificationType !== 'I' && r.invoiceType !== 'R2' && r.invoiceType !== 'R3';
  for (const l of r.lines) {
    const vatOrIgic = ['01', '03', null].includes(l.tax);
    const exempt = l.qualification.startsWith('E');
    if (vatOrIgic && !l.regimeKey) found.push(breach(1245));
    if (exempt && vatOrIgic && l.regimeKey === '01' && ['E2', 'E3'].includes(l.qualification))
      found.push(breach(1199));
    if (exempt && (l.rate !== null || l.quota !== null)) found.push(breach(1238));
    if (l.qualification !== 'S1') continue;
    if (l.rate === null || l.quota === null) {
      found.push(breach(1208));
      continue;
    }
    if (!quotaChecked) continue;
    const base = centsOfAeatAmount(l.base);
    const quota = centsOfAeatAmount(l.quota);
    if ((base > 0 && quota < 0) || (base < 0 && quota > 0)) found.push(breach(1143));
    if (Math.abs(quota - (base * Number(l.rate)) / 100) > TOLERANCE_CENTS) found.push(breach(1142));
  }
  return found;
}

/** The totals against the lines (2005, 2006) and a simplified invoice's ceiling (1150). */
function totalBreaches(r: AltaRuleInput): AeatBreach[] {
  const found: AeatBreach[] = [];
  const quotas = r.lines.reduce((sum, l) => sum + (l.quota === null ? 0 : centsOfAeatAmount(l.quota)), 0);
  const bases = r.lines.reduce((sum, l) => sum + centsOfAeatAmount(l.base), 0);
  if (r.invoiceType === 'F2' && !r.withoutRecipientId && bases + quotas > SIMPLIFIED_CEILING_CENTS)
    found.push(breach(1150));
  const summed = !r.lines.some((l) => l.regimeKey !== null && TOTAL_NOT_SUMMED.has(l.regimeKey));
  if (summed && Math.abs(centsOfAeatAmount(r.totalAmount) - (bases + quotas)) > TOLERANCE_CENTS)
    found.push(breach(2005));
  if (Math.abs(centsOfAeatAmount(r.totalQuota) - quotas) > TOLERANCE_CENTS) found.push(breach(2006));
  return found;
}

/**
 * Every rule kept here that the registro de alta breaks at `now` (the product's clock, or the
 * fake AEAT's), in the order of the AEAT's codes; empty: it passes.
 */
export function altaBreaches(r: AltaRuleInput, now: Date): AeatBreach[] {
  const found: AeatBreach[] = [];
  const rectifying = r.invoiceType.startsWith('R');
  if (rectifying && !r.rectificationType) found.push(breach(1114));
  if (!rectifying && r.rectificationType) found.push(breach(1115));
  if (r.substitutedCount > 0 && r.invoiceType !== 'F3') found.push(breach(1116));
  if (!rectifying && r.rectifiedCount > 0) found.push(breach(1117));
  // A rectification by substitution states the amounts of the invoice it replaces; no other record does.
  if (r.rectificationType === 'S' && !r.hasRectifiedAmounts) found.push(breach(1118));
  if (r.rectificationType !== 'S' && r.hasRectifiedAmounts) found.push(breach(1119));
  if (r.withoutRecipientId && !WITHOUT_RECIPIENTS.has(r.invoiceType)) found.push(breach(1185));
  if (r.thirdParty && 'nif' in r.thirdParty && r.thirdParty.nif === r.issuerNif) found.push(breach(1188));
  if (NAMES_RECIPIENTS.has(r.invoiceType) && r.recipients.length === 0) found.push(breach(1189));
  if (WITHOUT_RECIPIENTS.has(r.invoiceType) && r.recipients.length > 0) found.push(breach(1190));
  found.push(...recipientBreaches(r.issuerNif, r.recipients));
  found.push(...dateBreaches(r, now), ...lineBreaches(r), ...totalBreaches(r));
  return uniqueByCode(found);
}

/** Sorted by code, each code once (a rule broken on two lines is one answer). */
const uniqueByCode = (found: AeatBreach[]): AeatBreach[] =>
  [...new Map(found.map((b) => [b.code, b])).values()].sort((a, b) => a.code - b.code);

/** What the rules read of a record the product is about to chain. */
export function altaRuleInput(content: AltaContent): AltaRuleInput {
  return {
    issuerNif: content.id.issuerNif,
    issueDate: content.id.issueDate,
    operationDate: content.operationDate ?? null,
    invoiceType: content.invoiceType,
    rectificationType: content.rectificationType,
    rectifiedCount: content.rectified.length,
    substitutedCount: content.substituted.length,
    hasRectifiedAmounts: content.rectifiedAmounts !== undefined,
    withoutRecipientId: content.withoutRecipientId,
    thirdParty: content.thirdParty,
    recipients: content.recipients,
    lines: content.lines,
    totalQuota: content.totalQuota,
    totalAmount: content.totalAmount,
  };
}

/**
 * How far ahead of the AEAT's clock a record's generation instant may lie (2004). The list's text
 * ends at "margen de error de:"; the AEAT's answer completes it, as quoted by Odoo's
 * l10n_es_edi_verifactu module: "240 segundos".
 */
export const GENERATION_MARGIN_SECONDS = 240;

/** What the chain's rules read of a record (alta or anulación), as the fake AEAT receives it. */
export type ChainRuleInput = {
  /** The text the AEAT's hash is taken of, built from the record's own fields (verifactu.ts). */
  hashInput: string;
  /** Huella, as the record carries it. */
  hash: string;
  /** RegistroAnterior's Huella; null when the record says it is the first (PrimerRegistro S). */
  previousHash: string | null;
  /** FechaHoraHusoGenRegistro */
  generatedAt: string;
};

/**
 * The AEAT's checks of a record's hash and chain (2000, 2002, 2003, 2007) and of its generation
 * instant (2004), given how many records the AEAT holds of its issuer and system and its clock.
 * All are admissible: the AEAT holds the record and expects it corrected. The product computes
 * these fields itself, so only the fake AEAT runs them.
 */
export function chainBreaches(r: ChainRuleInput, heldOfIssuer: number, now: Date): AeatBreach[] {
  const found: AeatBreach[] = [];
  if (sha256Hex(r.hashInput) !== r.hash) found.push(breach(2000));
  if (r.previousHash !== null && r.previousHash.length !== 64) found.push(breach(2002));
  else if (r.previousHash !== null && !/^[0-9A-F]{64}$/.test(r.previousHash)) found.push(breach(2003));
  if (Date.parse(r.generatedAt) > now.getTime() + GENERATION_MARGIN_SECONDS * 1000) found.push(breach(2004));
  if (r.previousHash === null && heldOfIssuer > 0) found.push(breach(2007));
  return found;
}
