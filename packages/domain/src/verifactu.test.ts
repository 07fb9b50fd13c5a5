import { describe, expect, it } from 'vitest';
import { canaryLocalDateTime } from './canary-time';
import { invoiceNamesRecipient, saleInvoice } from './customer-invoice';
import { sha256Hex } from './sha256';
import {
  aeatAmount,
  aeatDate,
  altaHashInput,
  anulacionHashInput,
  centsOfAeatAmount,
  chainRecord,
  verifactuQrUrl,
  verifyChain,
  type AltaContent,
  type ChainedRecord,
} from './verifactu';

// The AEAT's "Detalle de las especificaciones técnicas para generación de la huella o hash de los
// registros de facturación": its examples, copied as published (the digests are literals, never
// computed here by the code under test).
const AEAT_FIRST = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const AEAT_SECOND = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const AEAT_CANCELLATION = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

describe('the AEAT’s published hash examples', () => {
  it('a first registro de alta (no previous hash)', () => {
    const input = altaHashInput({
      id: { issuerNif: '89890001K', numSerie: '12345678/G33', issueDate: '01-01-2024' },
      invoiceType: 'F1',
      totalQuota: '12.35',
      totalAmount: '123.45',
      previousHash: '',
      generatedAt: '2024-01-01T19:20:30+01:00',
    });
    expect(input).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(sha256Hex(input)).toBe(AEAT_FIRST);
  });

  it('a second registro de alta, chained to the first', () => {
    const input = altaHashInput({
      id: { issuerNif: '89890001K', numSerie: '12345679/G34', issueDate: '01-01-2024' },
      invoiceType: 'F1',
      totalQuota: '12.35',
      totalAmount: '123.45',
      previousHash: AEAT_FIRST,
      generatedAt: '2024-01-01T19:20:35+01:00',
    });
    expect(input).toBe(
      `IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=${AEAT_FIRST}&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00`,
    );
    expect(sha256Hex(input)).toBe(AEAT_SECOND);
  });

  it('a registro de anulación of the second, chained to it', () => {
    const input = anulacionHashInput({
      id: { issuerNif: '89890001K', numSerie: '12345679/G34', issueDate: '01-01-2024' },
      previousHash: AEAT_SECOND,
      generatedAt: '2024-01-01T19:20:40+01:00',
    });
    expect(input).toBe(
      `IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${AEAT_SECOND}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
    expect(sha256Hex(input)).toBe(AEAT_CANCELLATION);
  });

  it('the chained records of the examples verify, and any changed field breaks the chain there', () => {
    const content = (numSerie: string): AltaContent => ({
      kind: 'alta',
      id: { issuerNif: '89890001K', numSerie, issueDate: '01-01-2024' },
      issuerName: 'Empresa',
      invoiceType: 'F1',
      rectificationType: null,
      rectified: [],
      substituted: [],
      description: 'x',
      withoutRecipientId: false,
      thirdParty: null,
      recipients: [],
      lines: [],
      totalQuota: '12.35',
      totalAmount: '123.45',
      correctsRejected: false,
    });
    // 19:20:30 in Madrid's winter (+01:00) is 18:20:30 UTC; chainRecord writes Canary time, so
    // build the records with the published instants directly.
    const first: ChainedRecord = {
      ...content('12345678/G33'),
      previous: null,
      generatedAt: '2024-01-01T19:20:30+01:00',
      hash: AEAT_FIRST,
    };
    const second: ChainedRecord = {
      ...content('12345679/G34'),
      previous: { ...first.id, hash: AEAT_FIRST },
      generatedAt: '2024-01-01T19:20:35+01:00',
      hash: AEAT_SECOND,
    };
    const cancellation: ChainedRecord = {
      kind: 'anulacion',
      id: second.id,
      correctsRejected: false,
      previous: { ...second.id, hash: AEAT_SECOND },
      generatedAt: '2024-01-01T19:20:40+01:00',
      hash: AEAT_CANCELLATION,
    };
    expect(verifyChain([first, second, cancellation])).toEqual({ ok: true, count: 3 });
    const tampered = { ...second, totalAmount: '123.46' };
    expect(verifyChain([first, tampered, cancellation])).toMatchObject({
      ok: false,
      verified: 1,
      position: 2,
    });
    expect(verifyChain([first, cancellation])).toMatchObject({ ok: false, position: 2 });
    expect(verifyChain([second])).toMatchObject({ ok: false, position: 1 });
  });
});

describe('SHA-256', () => {
  it('gives the standard’s test vectors and hashes UTF-8', () => {
    expect(sha256Hex('')).toBe('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855');
    expect(sha256Hex('abc')).toBe('BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1',
    );
    // More than one block of 64 bytes, as every record's hash text is.
    expect(
      sha256Hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
    ).toBe('CF5B16A778AF8380036CE59E7B0492370B249B11E8F07A51AFAC45037AFEE9D1');
    // Names with accents and the euro sign: two- and three-byte UTF-8 (digest from Node's crypto).
    expect(sha256Hex('Señor Ñandú €')).toBe(
      '42E11A2B176AD8219EAADC06AABC47C01D1B3A1082F3A2904373A18A2BAEEA23',
    );
  });
});

describe('formats', () => {
  it('amounts with a dot and two decimals, dates dd-mm-yyyy and instants in Canary time with the offset', () => {
    expect(aeatAmount(1235)).toBe('12.35');
    expect(aeatAmount(-300)).toBe('-3.00');
    expect(aeatAmount(5)).toBe('0.05');
    expect(centsOfAeatAmount('-3.00')).toBe(-300);
    expect(centsOfAeatAmount('123.4')).toBe(12340);
    // 23:30 UTC on 31 December is still 31 December in the Canaries (UTC+0 in winter).
    expect(aeatDate('2026-12-31T23:30:00Z')).toBe('31-12-2026');
    expect(canaryLocalDateTime('2027-01-04T10:15:07.900Z')).toBe('2027-01-04T10:15:07+00:00');
    // Summer: UTC+1, and 23:30 UTC is already the next day.
    expect(canaryLocalDateTime('2027-07-01T23:30:00Z')).toBe('2027-07-02T00:30:00+01:00');
    expect(aeatDate('2027-07-01T23:30:00Z')).toBe('02-07-2027');
  });

  it('chains a record at an instant: the hash is taken of the Canary timestamp', () => {
    const record = chainRecord(
      {
        kind: 'anulacion',
        id: { issuerNif: '89890001K', numSerie: '12345679/G34', issueDate: '01-01-2024' },
        correctsRejected: false,
      },
      {
        id: { issuerNif: '89890001K', numSerie: '12345679/G34', issueDate: '01-01-2024' },
        hash: AEAT_SECOND,
      },
      '2024-01-01T19:20:40Z',
    );
    expect(record.generatedAt).toBe('2024-01-01T19:20:40+00:00');
    expect(verifyChain([{ ...record, previous: null }])).toMatchObject({ ok: false });
  });
});

describe('the QR code’s address', () => {
  it('reproduces the AEAT’s example (“Características del QR”) to the character', () => {
    // The document's own example writes the amount as given; ours always carry two decimals.
    const id = { issuerNif: '89890001K', numSerie: '12345678&G33', issueDate: '01-01-2024' };
    expect(verifactuQrUrl('production', { id, totalAmount: '241.4' })).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });

  it('names the AEAT’s service with the issuer, the number (encoded), the date and the total', () => {
    const id = { issuerNif: '89890001K', numSerie: '12345678&G33', issueDate: '01-01-2024' };
    expect(verifactuQrUrl('preproduction', { id, totalAmount: '241.40' })).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40',
    );
    expect(verifactuQrUrl('production', { id, totalAmount: '1.00' })).toMatch(
      /^https:\/\/www2\.agenciatributaria\.gob\.es\/wlpl\/TIKE-CONT\/ValidarQR\?nif=89890001K&/,
    );
  });
});

describe('which invoice a customer gets', () => {
  it('simplified up to €400 with tax, a full one naming the customer above it', () => {
    expect(saleInvoice(40_000)).toEqual({ type: 'F2', withoutRecipientId: false });
    expect(saleInvoice(40_001)).toEqual({ type: 'F2', withoutRecipientId: true });
    expect(invoiceNamesRecipient(40_000)).toBe(false);
    expect(invoiceNamesRecipient(40_001)).toBe(true);
  });
});
