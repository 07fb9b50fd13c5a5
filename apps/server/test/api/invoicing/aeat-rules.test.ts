// The AEAT's record validations (packages/domain/src/aeat-validations.ts; docs/invoicing.md#the-aeats-rules),
// each broken on purpose: the product refuses to chain such a record (409 aeat_would_refuse, the
// chain unchanged, the document's number given back with the transaction), and the fake AEAT,
// sent one written behind the product's back, rejects it with the AEAT's code and description.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { AEAT_RULES, type AeatRuleCode } from '@boats/domain/aeat-validations';
import type { AltaContent } from '@boats/domain/verifactu';
import { DomainError } from '../../../src/http/errors';
import { sendDueRecords } from '../../../src/modules/invoicing/aeat-sender';
import { appendRecord, chainOf } from '../../../src/modules/invoicing/billing-records';
import { startFakeAeat } from '../../../src/modules/invoicing/fake-aeat';
import { aeatSubmissions, billingRecords } from '../../../src/modules/invoicing/schema';
import { soapTaxAuthority } from '../../../src/modules/invoicing/tax-authority';
import { addRecords } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

const platform = { nif: 'B76543217', name: 'AD Boat Rental S.L.' };
/** The record's own issuer, as a party. */
const issuerOf = (c: AltaContent) => ({ name: c.issuerName, nif: c.id.issuerNif });
const reference = { issuerNif: platform.nif, numSerie: 'F-2027-X', issueDate: '04-01-2027' };

/** One record per rule, each breaking it alone (the helper's record: an F1 naming its recipient). */
const breaking: Record<AeatRuleCode, (c: AltaContent) => AltaContent> = {
  1114: (c) => ({ ...c, invoiceType: 'R1', rectified: [reference] }),
  1115: (c) => ({ ...c, rectificationType: 'I' }),
  1116: (c) => ({ ...c, substituted: [reference] }),
  1117: (c) => ({ ...c, rectified: [reference] }),
  // Before: a consumer's invoice above 400 € (F1, the flag, no recipient: 1185 and 1189).
  1185: (c) => ({ ...c, withoutRecipientId: true }),
  1188: (c) => ({ ...c, thirdParty: issuerOf(c) }),
  // Before: the R1 refunding a company's F3, which dropped the company.
  1189: (c) => ({ ...c, invoiceType: 'R1', rectificationType: 'I', rectified: [reference], recipients: [] }),
  1190: (c) => ({ ...c, invoiceType: 'F2' }),
  1193: (c) => ({ ...c, recipients: [issuerOf(c)] }),
  1234: (c) => ({
    ...c,
    recipients: [{ name: 'Someone', idOtro: { country: 'ES', idType: '06', id: 'X1' } }],
  }),
};
const cases = Object.entries(breaking).map(([code, edit]) => ({ code: Number(code) as AeatRuleCode, edit }));

describe('the AEAT’s record validations, broken on purpose', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-01-04T10:00:00Z') });
  const fake = await startFakeAeat();
  afterAll(() => fake.close());
  const aeat = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 });

  it.each(cases)('refuses a record breaking $code before it is chained', async ({ code, edit }) => {
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
      details: { aeatCodes: [code] },
    });
    expect((refusal as DomainError).message).toContain(AEAT_RULES[code]);
    expect(await chainOf(t.ctx.db, issuer.nif)).toHaveLength(before.length);
  });

  it('has the fake AEAT reject each one with the AEAT’s code and description, and accept the valid ones', async () => {
    // Each broken record in its own issuer's chain, written behind the product's back.
    const issuers = cases.map(({ code }) => ({
      nif: `B0000${String(code)}`,
      name: `Issuer ${String(code)}`,
    }));
    for (const [i, { code, edit }] of cases.entries()) {
      const issuer = issuers[i]!;
      await addRecords(t.ctx.db, t.ctx.config, issuer, `OK-${String(code)}-`, 1, t.ctx.now());
      await addRecords(t.ctx.db, t.ctx.config, issuer, `BAD-${String(code)}-`, 1, t.ctx.now(), edit);
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
    for (const { code } of cases) {
      expect(outcomes.find((o) => o.numSerie === `BAD-${String(code)}-1`)).toMatchObject({
        state: 'rejected',
        code,
      });
      expect(outcomes.find((o) => o.numSerie === `OK-${String(code)}-1`)).toMatchObject({
        state: 'accepted',
      });
    }
    // The answer carries the AEAT's own description of each code.
    const answers = fake.answers.join('');
    for (const { code } of cases) {
      expect(answers).toContain(`<sfR:CodigoErrorRegistro>${String(code)}</sfR:CodigoErrorRegistro>`);
      expect(answers).toContain(
        `<sfR:DescripcionErrorRegistro>${AEAT_RULES[code]}</sfR:DescripcionErrorRegistro>`,
      );
    }
    expect(fake.received.every((m) => m.errors.length === 0)).toBe(true);
  });
});
