// The AEAT's record validations (packages/domain/src/aeat-validations.ts; docs/invoicing.md#the-aeats-rules),
// each broken on purpose: the product refuses to chain such a record (409 aeat_would_refuse, the
// chain unchanged, the document's number given back with the transaction), and the fake AEAT,
// sent one written behind the product's back, rejects it with the AEAT's code and description, or,
// for the list's admissible errors, holds it "accepted with errors" with them. The hash, the chain
// and the generation instant are the product's own computation, so only the fake is shown those
// broken.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { AEAT_RULES, isAdmissible, type AeatRuleCode } from '@boats/domain/aeat-validations';
import { canaryLocalDateTime } from '@boats/domain/canary-time';
import { recordHash, type AltaContent, type ChainedRecord, type TaxLine } from '@boats/domain/verifactu';
import { DomainError } from '../../../src/http/errors';
import { sendDueRecords } from '../../../src/modules/verifactu/aeat-sender';
import { appendRecord, chainOf } from '../../../src/modules/verifactu/billing-records';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { addRecords } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

const platform = { nif: 'B76543217', name: 'AD Boat Rental S.L.' };
/** The record's own issuer, as a party. */
const issuerOf = (c: AltaContent) => ({ name: c.issuerName, nif: c.id.issuerNif });
const reference = { issuerNif: platform.nif, numSerie: 'F-2027-X', issueDate: '04-01-2027' };
/** The test's day is 4 January 2027 (Canary time). */
const now = new Date('2027-01-04T10:00:00Z');

/** The helper's record has one line, IGIC 7 % on 100.00 €; `line` changes it and its totals follow. */
function withLine(c: AltaContent, change: Partial<TaxLine>): AltaContent {
  const line = { ...c.lines[0]!, ...change };
  const quota = line.quota ?? '0.00';
  const amount = ((Number(line.base) * 100 + Number(quota) * 100) / 100).toFixed(2);
  return { ...c, lines: [line], totalQuota: quota, totalAmount: amount };
}
const exempt = { qualification: 'E6', rate: null, quota: null } as const;
/** A chained record whose fields were changed, with its hash computed again (so only that breaks). */
const rehashed = (r: ChainedRecord): ChainedRecord => ({ ...r, hash: recordHash(r) });

type Case = {
  code: AeatRuleCode;
  /** The record's content, breaking the rule (the product and the fake). */
  edit?: (c: AltaContent) => AltaContent;
  /** The record as chained, breaking the rule (the fake alone). */
  tamper?: (r: ChainedRecord) => ChainedRecord;
  /** Every code the record breaks, when the rule cannot be broken alone. */
  codes?: AeatRuleCode[];
};

/** One record per rule, each breaking it (the helper's record: an F1 naming its recipient). */
const cases: Case[] = [
  { code: 1112, edit: (c) => ({ ...c, id: { ...c.id, issueDate: '05-01-2027' } }) },
  { code: 1114, edit: (c) => ({ ...c, invoiceType: 'R1', rectified: [reference] }) },
  { code: 1115, edit: (c) => ({ ...c, rectificationType: 'I' }) },
  { code: 1116, edit: (c) => ({ ...c, substituted: [reference] }) },
  { code: 1117, edit: (c) => ({ ...c, rectified: [reference] }) },
  // A rectification by substitution without the amounts it replaces; amounts on one by differences.
  {
    code: 1118,
    edit: (c) => ({ ...c, invoiceType: 'R1', rectificationType: 'S', rectified: [reference] }),
  },
  {
    code: 1119,
    edit: (c) => ({
      ...c,
      invoiceType: 'R1',
      rectificationType: 'I',
      rectified: [reference],
      rectifiedAmounts: { base: '100.00', quota: '7.00' },
    }),
  },
  // An operation two years ahead is also after the invoice and after today.
  { code: 1125, edit: (c) => ({ ...c, operationDate: '01-01-2029' }), codes: [1125, 1146, 1173] },
  { code: 1134, edit: (c) => ({ ...c, operationDate: '03-01-2007' }) },
  { code: 1142, edit: (c) => withLine(c, { quota: '20.00' }) },
  { code: 1143, edit: (c) => withLine(c, { quota: '-0.50' }) },
  {
    code: 1146,
    edit: (c) => ({ ...c, id: { ...c.id, issueDate: '03-01-2027' }, operationDate: '04-01-2027' }),
  },
  // A simplified invoice of 3,103.00 € to nobody, without the art. 6.1.d flag.
  {
    code: 1150,
    edit: (c) => withLine({ ...c, invoiceType: 'F2', recipients: [] }, { base: '2900.00', quota: '203.00' }),
  },
  { code: 1152, edit: (c) => ({ ...c, id: { ...c.id, issueDate: '27-10-2024' } }) },
  // An operation after today is also after the invoice.
  { code: 1173, edit: (c) => ({ ...c, operationDate: '05-01-2027' }), codes: [1146, 1173] },
  // Before: a consumer's invoice above 400 € (F1, the flag, no recipient: 1185 and 1189).
  { code: 1185, edit: (c) => ({ ...c, withoutRecipientId: true }) },
  { code: 1188, edit: (c) => ({ ...c, thirdParty: issuerOf(c) }) },
  // Before: the R1 refunding a company's F3, which dropped the company.
  {
    code: 1189,
    edit: (c) => ({
      ...c,
      invoiceType: 'R1',
      rectificationType: 'I',
      rectified: [reference],
      recipients: [],
    }),
  },
  { code: 1190, edit: (c) => ({ ...c, invoiceType: 'F2' }) },
  { code: 1193, edit: (c) => ({ ...c, recipients: [issuerOf(c)] }) },
  { code: 1199, edit: (c) => withLine(c, { ...exempt, qualification: 'E2' }) },
  { code: 1208, edit: (c) => withLine(c, { rate: null }) },
  {
    code: 1234,
    edit: (c) => ({
      ...c,
      recipients: [{ name: 'Someone', idOtro: { country: 'ES', idType: '06', id: 'X1' } }],
    }),
  },
  { code: 1238, edit: (c) => withLine(c, { ...exempt, rate: '7.00' }) },
  // A line without its regime key, which the record's type does not allow: a stored record read
  // back from the database is only as sound as what wrote it.
  {
    code: 1245,
    edit: (c) => ({ ...c, lines: c.lines.map((l) => Object.assign({}, l, { regimeKey: null })) }),
  },
  { code: 2005, edit: (c) => ({ ...c, totalAmount: '117.01' }) },
  { code: 2006, edit: (c) => ({ ...c, totalQuota: '17.01' }) },
  {
    code: 2000,
    tamper: (r) => ({ ...r, hash: recordHash({ ...r, generatedAt: '2027-01-04T09:00:00+00:00' }) }),
  },
  {
    code: 2002,
    tamper: (r) =>
      rehashed({ ...r, previous: r.previous && { ...r.previous, hash: r.previous.hash.slice(1) } }),
  },
  {
    code: 2003,
    tamper: (r) =>
      rehashed({ ...r, previous: r.previous && { ...r.previous, hash: r.previous.hash.toLowerCase() } }),
  },
  // Generated ten minutes ahead of the AEAT's clock, beyond its margin.
  {
    code: 2004,
    tamper: (r) => rehashed({ ...r, generatedAt: canaryLocalDateTime(new Date(now.getTime() + 600_000)) }),
  },
  // Marked as the first record of a chain whose first record the AEAT holds.
  { code: 2007, tamper: (r) => rehashed({ ...r, previous: null }) },
];
const codesOf = (c: Case) => c.codes ?? [c.code];
/** The one code the AEAT answers: a rejection before an admissible error. */
const answered = (c: Case) => codesOf(c).find((code) => !isAdmissible(code)) ?? c.code;
const productCases = cases.flatMap((c) => (c.edit ? [{ ...c, edit: c.edit }] : []));

describe('the AEAT’s record validations, broken on purpose', async () => {
  const t = await buildTestApp({ template: 'empty', now });
  const fake = await startFakeAeat({ now: t.ctx.now });
  afterAll(() => fake.close());
  const aeat = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 });

  it.each(productCases)('refuses a record breaking $code before it is chained', async (c) => {
    const { code, edit } = c;
    const issuer = { nif: platform.nif, name: platform.name };
    // A valid record first, so the chain has a head to stay on.
    await addRecords(t.ctx.db, t.ctx.config, issuer, `OK-${String(code)}-`, 1, t.ctx.now());
    const before = await chainOf(t.ctx.db, issuer.nif);
    const [valid] = before.slice(-1).map((r) => r.content as AltaContent);
    const refusal = await t.ctx.db
      .transaction((tx) =>
        appendRecord(
          tx,
          t.ctx.config,
          issuer,
          edit({ ...valid!, id: { ...valid!.id, numSerie: `BAD-${String(code)}` } }),
          { kind: 'commission_invoice', id: crypto.randomUUID() },
          t.ctx.now(),
        ),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      statusCode: 409,
      code: 'aeat_would_refuse',
      details: { aeatCodes: codesOf(c) },
    });
    expect((refusal as DomainError).message).toContain(AEAT_RULES[code]);
    expect(await chainOf(t.ctx.db, issuer.nif)).toHaveLength(before.length);
  });

  it('has the fake AEAT answer each one with the AEAT’s code and description, and accept the valid ones', async () => {
    // Each broken record in its own issuer's chain, written behind the product's back.
    const issuers = cases.map(({ code }) => ({
      nif: `B0000${String(code)}`,
      name: `Issuer ${String(code)}`,
    }));
    for (const [i, { code, edit, tamper }] of cases.entries()) {
      const issuer = issuers[i]!;
      await addRecords(t.ctx.db, t.ctx.config, issuer, `OK-${String(code)}-`, 1, t.ctx.now());
      await addRecords(t.ctx.db, t.ctx.config, issuer, `BAD-${String(code)}-`, 1, t.ctx.now(), edit, tamper);
    }
    await sendDueRecords(t.ctx, aeat);
    const outcomes = await t.ctx.db
      .select({
        numSerie: billingRecords.numSerie,
        state: aeatSubmissions.state,
        code: aeatSubmissions.errorCode,
      })
      .from(aeatSubmissions)
      .innerJoin(billingRecords, eq(billingRecords.id, aeatSubmissions.recordId));
    for (const c of cases) {
      const code = answered(c);
      expect(
        outcomes.find((o) => o.numSerie === `BAD-${String(c.code)}-1`),
        String(c.code),
      ).toMatchObject({
        state: isAdmissible(code) ? 'accepted_with_errors' : 'rejected',
        code,
      });
      expect(outcomes.find((o) => o.numSerie === `OK-${String(c.code)}-1`)).toMatchObject({
        state: 'accepted',
      });
    }
    // The answer carries the AEAT's own description of each code.
    const answers = fake.answers.join('');
    for (const code of cases.map(answered)) {
      expect(answers).toContain(`<sfR:CodigoErrorRegistro>${String(code)}</sfR:CodigoErrorRegistro>`);
      expect(answers).toContain(
        `<sfR:DescripcionErrorRegistro>${AEAT_RULES[code]}</sfR:DescripcionErrorRegistro>`,
      );
    }
    expect(fake.received.every((m) => m.errors.length === 0)).toBe(true);
  });
});
