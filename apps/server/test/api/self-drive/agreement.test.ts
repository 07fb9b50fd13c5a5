// The rental agreement (decision 39): the platform's template or the owner's terms, filled with
// the booking, the skipper's licence, the deposit and the departure's checklist, in the customer's
// language; a PDF for the customer (manage token) and the boat's staff; e-mailed once the
// departure is signed.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boats, bookings, emailOutbox } from '../../../src/db/schema';
import { agreementDocument } from '../../../src/modules/self-drive/agreement';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { customerToken } from '../../helpers/manage-token';
import {
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  HOUR,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-10T06:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');
const SIGNATURE = 'M10 50 L20 40 L30 60 L40 40 L50 60 L60 45';

describe('the rental agreement', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agreement-'));
  const t: TestApp = await buildTestApp({ env: { UPLOADS_DIR: dir }, now: NOW });
  const db = t.ctx.db;
  const ownerId = await newOwner(t, {
    legalName: 'Náutica Sur S.L.',
    taxId: 'B76543210',
    address: 'Puerto Colón 4',
  });
  const boat = await createBoat(db, { ownerId, requiresLicense: true, licence: 'per' });
  const ownTerms = await createBoat(db, {
    ownerId,
    requiresLicense: true,
    // A security deposit of €300 (docs/payments.md#the-security-deposit), which the agreement names.
    depositCents: 30_000,
    agreementTerms: {
      en: 'Our first rule.\n\nOur second rule.',
      de: 'Unsere erste Regel.\n\nUnsere zweite Regel.',
    },
  });
  const [slot] = await createPrivateRun(db, boat.id, DAY, 1);
  const [otherSlot] = await createPrivateRun(db, ownTerms.id, new Date(DAY.getTime() + 3 * HOUR), 1);
  const ownerCrew = bearer(await tokenFor(t, 'crew', { ownerId }));
  const otherCrew = bearer(await tokenFor(t, 'crew', { ownerId: await newOwner(t) }));
  let address = 0;
  const sell = async (b: typeof boat, s: typeof slot, lang: string) => {
    const body = charterRequest(b, s!, 1, {
      customer: { name: 'Ana García', email: 'ana@example.com' },
      lang,
    });
    return (
      await buyAndConfirm(
        t.app,
        { ...body, booking: { ...body.booking, licenceConfirmed: true, depositAccepted: true } },
        `10.0.7.${++address}`,
      )
    ).bookingId;
  };
  const row = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('fills the template in the customer’s language, then the licence and the signed departure, and e-mails it once signed', async () => {
    const id = await sell(boat, slot, 'es');
    const before = await agreementDocument(t.ctx, db, await row(id));
    expect(before).toMatchObject({ language: 'es', title: 'Contrato de alquiler' });
    expect(before.parties[0]!.party).toEqual({
      name: 'Náutica Sur S.L.',
      taxId: 'B76543210',
      address: 'Puerto Colón 4',
    });
    expect(before.mentions).toHaveLength(6);
    expect(before.mentions[4]).toMatch(/^5\. La tripulación deniega la salida/);
    expect(before.facts).toEqual(
      expect.arrayContaining([
        ['Patrón', 'Se registra antes de salir'],
        ['Fianza', 'Ninguna'],
      ]),
    );
    expect(before.note).toContain('Se firma a la salida');

    const token = await customerToken(t.ctx, id);
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#eee' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'l.jpg');
    const { photo } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/self-drive/photos?token=${token}`,
        payload: form,
      })
    ).json<{ photo: string }>();
    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/self-drive/licence`,
      payload: {
        token,
        skipperName: 'Ana García',
        licenceType: 'per',
        licenceNumber: 'PER-9',
        issuingCountry: 'ES',
        photo,
      },
    });
    const departure = await t.app.inject({
      method: 'PUT',
      url: `/api/crew/bookings/${id}/self-drive/condition/departure`,
      headers: ownerCrew,
      payload: {
        values: {
          fuel: 4,
          engine_hours: 12,
          life_jackets: true,
          anchor: true,
          vhf_radio: true,
          first_aid_kit: true,
          flares: true,
          marks: '',
        },
        photos: [],
        signature: SIGNATURE,
        signedBy: 'Ana García',
        recordedAt: NOW.toISOString(),
      },
    });
    expect(departure.statusCode, departure.body).toBe(200);

    const signed = await agreementDocument(t.ctx, db, await row(id));
    expect(signed.facts).toEqual(
      expect.arrayContaining([
        ['Patrón', 'Ana García'],
        ['Titulación', 'Patrón de Embarcaciones de Recreo (PER) · PER-9 · ES'],
      ]),
    );
    expect(signed.rows).toEqual(expect.arrayContaining([['Nivel de combustible', 'Lleno']]));
    expect(signed.note).toContain('Firmado por Ana García');

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, id), eq(emailOutbox.kind, 'rental_agreement')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'ana@example.com',
      subject: 'Tu contrato de alquiler de Barco de prueba',
    });
    expect(mails[0]!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });

    // The PDF, for the customer and the boat's crew; another owner's crew get nothing.
    const pdf = await t.app.inject({ url: `/api/bookings/${id}/self-drive/agreement.pdf?token=${token}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = await PDFDocument.load(pdf.rawPayload);
    expect(read.getTitle()).toMatch(/^Contrato de alquiler /);
    expect(
      (await t.app.inject({ url: `/api/crew/bookings/${id}/self-drive/agreement.pdf`, headers: ownerCrew }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/crew/bookings/${id}/self-drive/agreement.pdf`, headers: otherCrew }))
        .statusCode,
    ).toBe(404);
  });

  it("is the owner's own terms for the boat when they wrote some, in the customer's language, with its deposit", async () => {
    const id = await sell(ownTerms, otherSlot, 'de');
    const doc = await agreementDocument(t.ctx, db, await row(id));
    expect(doc.title).toBe('Mietvertrag');
    expect(doc.mentions).toEqual(['Unsere erste Regel.', 'Unsere zweite Regel.']);
    expect(doc.facts.find(([label]) => label === 'Kaution')?.[1]).toMatch(/^300,00\s€/);
    // The owner raises the boat's deposit afterwards: this booking's agreement names the one it was sold with.
    await db.update(boats).set({ depositCents: 50_000 }).where(eq(boats.id, ownTerms.id));
    const later = await agreementDocument(t.ctx, db, await row(id));
    expect(later.facts.find(([label]) => label === 'Kaution')?.[1]).toMatch(/^300,00\s€/);
  });
});
