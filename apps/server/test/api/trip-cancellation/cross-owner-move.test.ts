// Another owner's boat when a trip is canceled (issue 40 ★, docs/payments.md#another-owners-boat):
// the operator cancels Marta's trip for a technical fault; her customers are offered, beside her
// boat's own trips, the shared trips of Boris's boat from the same harbour that day, and choose
// a cheaper, an equal and a dearer one. Each booking becomes Boris's at his rate; Marta earns
// nothing of it and no longer sees it; the customer pays nothing more (the cheaper trip's
// difference is refunded, the dearer one's is the platform's payment on the booking, seen in the
// platform's month); Marta's invoice is rectified to nothing and Boris's issued for what the
// customer paid; both owners are e-mailed in their language. The last seats raced by a checkout
// go to one of them. On PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { OwnerEarningsResponse } from '@boats/domain/schemas/payouts';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { bookings, emailOutbox, ownerEarningLines, payments, refunds } from '../../../src/db/schema';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { operatorIdentity } from '../../../src/modules/operator/operator-identity';
import { coverInvoicesOfBooking } from '../../../src/modules/invoices/platform-cover-invoices';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { attachment } from '../../helpers/pdf-images';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { customerToken } from '../../helpers/manage-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR, sharedRequest } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';
import { moneyViolations, seatViolations } from '../../helpers/money-invariants';

/** Thursday 1 July 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-07-01T09:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
/** Two adults and a child of 8: 2.5 paid units. */
const party = { adults: 2, children50: 1 };

describe('a canceled trip’s customers moved to another owner’s boat', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({
    smtpUrl: smtp.url,
    from: t.ctx.config.MAIL_FROM,
    log: { info() {} },
  });
  afterAll(() => transport.close());
  const admin = bearer(await tokenFor(t, 'admin'));
  const accepted = { customerInvoicingAcceptedAt: new Date('2027-01-01T00:00:00Z') };
  const martaId = await newOwner(t, {
    email: 'marta@example.com',
    language: 'es',
    displayName: 'Marta',
    ...accepted,
  });
  // Boris's rate is his own (15 %), not the site's.
  const borisId = await newOwner(t, {
    email: 'boris@example.com',
    language: 'ru',
    displayName: 'Boris',
    commissionBps: 1500,
    legalName: 'Boris Barcos S.L.',
    taxId: 'B76543214',
    ...accepted,
  });
  const celiaId = await newOwner(t, { email: 'celia@example.com', displayName: 'Celia', ...accepted });
  const martaBoat = await createBoat(db, {
    ownerId: martaId,
    title: { en: 'Marta Boat', es: 'Barco de Marta' },
  });
  const borisBoat = await createBoat(db, {
    ownerId: borisId,
    title: { en: 'Sea Star', es: 'Estrella de Mar', ru: 'Морская звезда' },
    portName: 'puerto colón ',
  });
  const celiaBoat = await createBoat(db, { ownerId: celiaId, portName: 'Los Cristianos' });

  const shared = (boatId: string, start: Date, seatPriceCents: number, seatsTotal = 10) =>
    createSlot(db, boatId, { type: 'shared', start, hours: 2, seatsTotal, seatPriceCents });

  // Marta's 17:00 trip at €10 a seat-hour: €50 for the party.
  const canceled = await shared(martaBoat.id, at(7), 1000);
  const options = {
    cheaper: await shared(borisBoat.id, at(3), 800), // €40: €10 back
    equal: await shared(borisBoat.id, at(5), 1000), // €50
    dearer: await shared(borisBoat.id, at(7), 1200), // €60: the platform adds €10
    farDearer: await shared(borisBoat.id, at(9), 2100), // €105: more than half again, not offered
    nextDay: await shared(borisBoat.id, at(24), 1000), // another day: not offered (the setting is 0)
    otherHarbour: await shared(celiaBoat.id, at(5), 1000), // Los Cristianos: not offered
  };
  const customers = await Promise.all(
    (['cheaper', 'equal', 'dearer'] as const).map(async (name, i) => {
      const { bookingId } = await buySeats(
        t,
        martaBoat.id,
        canceled,
        party,
        { name: `Client ${name}`, email: `${name}@example.com`, phone: `+3460000000${i}` },
        'ru',
      );
      return { name, bookingId, token: await customerToken(t.ctx, bookingId) };
    }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/trips/${canceled.id}/cancel`,
    headers: admin,
    payload: { reasonCode: 'technical_fault', note: 'Engine', offer: 'choice' },
  });
  expect(res.statusCode, res.body).toBe(200);

  type Customer = { bookingId: string; token: string };
  const offerOf = async (c: Customer) => {
    const offer = await t.app.inject({ url: `/api/bookings/${c.bookingId}/trip-change?token=${c.token}` });
    expect(offer.statusCode, offer.body).toBe(200);
    return offer.json<{
      paid: number;
      options: { slotId: string; price: number; refundDifference: number; otherBoat: unknown }[];
    }>();
  };
  const move = (c: Customer, slotId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${c.bookingId}/trip-change`,
      payload: { token: c.token, choice: 'move', slotId },
    });
  const customer = (name: string) => customers.find((c) => c.name === name)!;
  const exportOf = async (nif: string) => {
    const res = await t.app.inject({
      url: `/api/admin/invoicing/export?issuerNif=${nif}&month=2027-07`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  // In the booking's invoices' own order (a sale before what rectifies it).
  const invoicesBy = async (bookingId: string, ownerId: string) =>
    (await invoicesOfBooking(db, bookingId))
      .filter((i) => i.ownerId === ownerId)
      .map((i) => [i.invoiceType, i.totalCents]);

  it('lists the other owner’s comparable trips of the day, in the customer’s language, at no extra cost', async () => {
    const offer = await offerOf(customer('cheaper'));
    expect(offer.paid).toBe(50);
    const boat = { title: 'Морская звезда', harbour: 'puerto colón ' };
    expect(offer.options).toEqual([
      expect.objectContaining({
        slotId: options.cheaper.id,
        price: 40,
        refundDifference: 10,
        otherBoat: boat,
      }),
      expect.objectContaining({ slotId: options.equal.id, price: 50, refundDifference: 0, otherBoat: boat }),
      expect.objectContaining({ slotId: options.dearer.id, price: 60, refundDifference: 0, otherBoat: boat }),
    ]);
    // A trip not offered is refused naming why, and nothing changes.
    const far = await move(customer('cheaper'), options.farDearer.id);
    expect(far.statusCode, far.body).toBe(409);
    expect(far.json()).toMatchObject({ details: { reason: 'too_dear' } });
    const elsewhere = await move(customer('cheaper'), options.otherHarbour.id);
    expect(elsewhere.json()).toMatchObject({ details: { reason: 'other_harbour' } });
    expect((await move(customer('cheaper'), options.nextDay.id)).json()).toMatchObject({
      details: { reason: 'other_day' },
    });
    expect(await bookingRow(customer('cheaper').bookingId)).toMatchObject({
      status: 'canceled',
      boatId: martaBoat.id,
    });
  });

  it('a cheaper trip: the booking is Boris’s at his rate, the difference goes back, the invoices follow', async () => {
    const c = customer('cheaper');
    const moved = await move(c, options.cheaper.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ result: 'moved', refunded: 10 });
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'paid',
      boatId: borisBoat.id,
      slotId: options.cheaper.id,
      amountGrossCents: 4000,
      commissionBps: 1500,
    });
    const back = await db.select().from(refunds).where(eq(refunds.bookingId, c.bookingId));
    expect(back.map((r) => [r.status, r.amountCents, r.cause])).toEqual([['succeeded', 1000, 'trip_change']]);
    expect(
      (await db.select().from(payments).where(eq(payments.bookingId, c.bookingId))).map((p) => p.method),
    ).toEqual(['card']);
    // Marta's sale rectified to nothing; Boris's for the €50 paid, less the €10 refunded.
    expect(await invoicesBy(c.bookingId, martaId)).toEqual([
      ['F2', 5000],
      ['R5', -5000],
    ]);
    expect(await invoicesBy(c.bookingId, borisId)).toEqual([
      ['F2', 5000],
      ['R5', -1000],
    ]);
  });

  it('an equal trip moves for what was paid: nothing refunded, nothing covered', async () => {
    const c = customer('equal');
    const moved = await move(c, options.equal.id);
    expect(moved.json()).toMatchObject({ result: 'moved', refunded: 0 });
    expect(await bookingRow(c.bookingId)).toMatchObject({ boatId: borisBoat.id, amountGrossCents: 5000 });
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, c.bookingId))).toEqual([]);
    expect(await invoicesBy(c.bookingId, borisId)).toEqual([['F2', 5000]]);
  });

  it('a dearer trip: the platform pays the difference as its own payment; Boris earns his share of the whole price', async () => {
    const c = customer('dearer');
    const moved = await move(c, options.dearer.id);
    expect(moved.json()).toMatchObject({ result: 'moved', refunded: 0 });
    expect(await bookingRow(c.bookingId)).toMatchObject({ boatId: borisBoat.id, amountGrossCents: 6000 });
    const paid = await db.select().from(payments).where(eq(payments.bookingId, c.bookingId));
    expect(paid.map((p) => [p.method, p.amountCents])).toEqual([
      ['card', 5000],
      ['platform', 1000],
    ]);
    // The customer's invoice is for what the customer paid, not the platform's part.
    expect(await invoicesBy(c.bookingId, borisId)).toEqual([['F2', 5000]]);
    // The platform's €10 is Boris's invoice to the platform, which the platform issues itself as
    // its recipient (self-billing) in his own AP series, in his Russian: €50 + €10 = the €60 he
    // earns on. His records carry it as issued by the recipient (D), valid against the AEAT's XSD.
    const [cover, ...more] = await coverInvoicesOfBooking(db, c.bookingId);
    expect(more).toEqual([]);
    expect(cover).toMatchObject({
      ownerId: borisId,
      issuerNif: 'B76543214',
      invoiceType: 'F1',
      number: 'AP2027-000001',
      byRecipient: true,
      byThirdParty: false,
      language: 'ru',
      recipient: {
        name: operatorIdentity(t.ctx.config).legalName,
        taxId: operatorIdentity(t.ctx.config).taxId,
      },
      baseCents: 935,
      igicCents: 65,
      totalCents: 1000,
    });
    const records = await exportOf('B76543214');
    expect(records).toContain('<sf:NumSerieFactura>AP2027-000001</sf:NumSerieFactura>');
    expect(records).toContain('<sf:EmitidaPorTerceroODestinatario>D</sf:EmitidaPorTerceroODestinatario>');
    expect(xsdErrors('SuministroLR.xsd', records)).toEqual([]);
    const detail = await t.app.inject({
      url: `/api/owner/customer-invoices/${cover!.id}`,
      headers: bearer(await tokenFor(t, 'owner', { ownerId: borisId })),
    });
    expect(detail.json<CustomerInvoiceDetail>()).toMatchObject({
      byRecipient: true,
      lines: [{ description: 'Покрытие платформой разницы в цене при переносе на эту лодку', amount: 10 }],
      total: 10,
    });
    // So is what their booking's page says they paid: €60 less the platform's €10.
    const page = await t.app.inject(`/api/bookings/${c.bookingId}?token=${c.token}`);
    expect(page.json()).toMatchObject({ booking: { amountGross: 60, platformCover: 10 } });
    expect(
      await moneyViolations(
        db,
        customers.map((x) => x.bookingId),
      ),
    ).toEqual([]);
    expect(
      await seatViolations(db, [canceled.id, options.cheaper.id, options.equal.id, options.dearer.id]),
    ).toEqual([]);
  });

  it('scoping: Marta no longer sees the bookings, Boris does', async () => {
    const marta = bearer(await tokenFor(t, 'owner', { ownerId: martaId }));
    const boris = bearer(await tokenFor(t, 'owner', { ownerId: borisId }));
    for (const c of customers) {
      const url = `/api/admin/bookings/${c.bookingId}`;
      expect((await t.app.inject({ url, headers: marta })).statusCode).toBe(404);
      const seen = await t.app.inject({ url, headers: boris });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.body).toContain(`Client ${c.name}`);
    }
  });

  it('both owners are e-mailed in their language, once', async () => {
    await queueEventEmails(t.ctx);
    await queueEventEmails(t.ctx);
    const mails = async (to: string) =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).map((m) => ({
        kind: m.kind,
        subject: m.subject,
        text: m.textBody.replaceAll('\u00a0', ' '),
      }));
    const toMarta = await mails('marta@example.com');
    // Marta: her trip's cancellation once, and each booking that left her boat.
    expect(toMarta.filter((m) => m.kind === 'owner_notice_trip_canceled')).toHaveLength(1);
    const left = toMarta.filter((m) => m.kind === 'owner_notice_moved');
    expect(left).toHaveLength(3);
    expect(left[0]!.subject).toMatch(/^Reserva trasladada al barco de otro propietario: /);
    expect(left[0]!.text).toContain('eligió una salida del barco de otro propietario');
    const toBoris = (await mails('boris@example.com')).filter((m) => m.kind === 'owner_notice_moved');
    expect(toBoris).toHaveLength(3);
    for (const m of toBoris)
      expect(m.subject).toMatch(/^Бронирование перенесено на вашу лодку: Морская звезда, /);
    expect(toBoris.map((m) => m.text).join('\n')).toContain('бронирование стоит 60,00 €');
    expect(await mails('celia@example.com')).toEqual([]);
  });

  it('each customer gets the invoices of the move with the move’s e-mail, each once', async () => {
    await queueEventEmails(t.ctx);
    expect(await deliverDueEmails(db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    /** An e-mail's invoices as its reader finds them: each PDF's file name and issuer. */
    const invoicesIn = async (raw: string) =>
      Promise.all(
        [...raw.matchAll(/filename=(\S+\.pdf)/g)].map(async ([, file]) => [
          file,
          (await PDFDocument.load(attachment(raw, file!))).getAuthor(),
        ]),
      );
    const issued = (i: { number: string; issuer: { name: string } }) => [`${i.number}.pdf`, i.issuer.name];
    for (const c of customers) {
      const invoices = await invoicesOfBooking(db, c.bookingId);
      const find = (ownerId: string, type: string) =>
        invoices.find((i) => i.ownerId === ownerId && i.invoiceType === type);
      const [martaSale, martaMoved] = [find(martaId, 'F2'), find(martaId, 'R5')];
      const [borisSale, borisRefund] = [find(borisId, 'F2'), find(borisId, 'R5')];
      const mails = smtp.received.filter((m) => m.to.includes(`${c.name}@example.com`));
      const about = (subject: RegExp) => mails.filter((m) => subject.test(mailSubject(m.raw)));
      // The sale's invoice went with the confirmation; the move's e-mail carries Marta's invoice
      // rectified to nothing and Boris's sale, and says so in Russian.
      const [confirmation] = about(/^Бронирование подтверждено: /);
      expect(await invoicesIn(confirmation!.raw)).toEqual([issued(martaSale!)]);
      const [moved, ...again] = about(/^Новый рейс забронирован: /);
      expect(again).toEqual([]);
      const carried = await invoicesIn(moved!.raw);
      expect([...carried].sort()).toEqual([issued(martaMoved!), issued(borisSale!)].sort());
      const [first, second] = carried.map(([file]) => file!.replace(/\.pdf$/, ''));
      expect(mailText(moved!.raw)).toContain(
        `Ваши счета ${first} и ${second} приложены к этому письму в формате PDF.`,
      );
      // What the customer paid, €50, whatever the dearer trip costs: the platform's €10 is its own.
      if (c.name === 'dearer') {
        expect(mailText(moved!.raw)).toMatch(/Оплачивает платформа \(более дорогая лодка\): −10,00\s€/);
        expect(mailText(moved!.raw)).toMatch(/Оплачено: 50,00\s€/);
      } else {
        expect(mailText(moved!.raw)).not.toContain('Оплачивает платформа');
      }
      // The cheaper trip's refund: its own rectifying invoice, in the refund's e-mail.
      const refunded = about(/^Возврат оформлен: /);
      if (c.name === 'cheaper') {
        expect(await invoicesIn(refunded[0]!.raw)).toEqual([issued(borisRefund!)]);
      } else {
        expect(borisRefund).toBeUndefined();
      }
      // Nothing else carries an invoice.
      const carrying = mails.filter((m) => m.raw.includes('application/pdf'));
      expect(carrying).toHaveLength(c.name === 'cheaper' ? 3 : 2);
    }
  });

  it('the trips completed: Boris earns his share of each whole price, Marta nothing; the platform month shows its cover', async () => {
    t.setNow(at(30));
    await completeEndedTrips(t.ctx);
    const lines = await db.select().from(ownerEarningLines);
    const ofBooking = (id: string) => lines.filter((l) => l.bookingId === id);
    expect(lines.filter((l) => l.ownerId === martaId)).toEqual([]);
    // 85 % of €40, €50 and €60 (the customer's €50 and the platform's €10).
    expect(
      customers.map((c) => ofBooking(c.bookingId).map((l) => [l.netCents, l.ownerCents, l.feeCents])),
    ).toEqual([[[4000, 3400, 600]], [[5000, 4250, 750]], [[6000, 5100, 900]]]);
    const month = await t.app.inject({
      url: '/api/admin/earnings/month?period=2027-07',
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json()).toMatchObject({ movesCovered: 10, fees: 22.5, ownersShares: 127.5 });
    // Boris's statement names the platform's €10 inside the dearer booking's €60, beside the €50
    // its customer's invoice says, and his invoice to the platform for it.
    const statement = await t.app.inject({
      url: `/api/owner/earnings?ownerId=${borisId}&month=2027-07`,
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(
      statement
        .json<OwnerEarningsResponse>()
        .lines.map((l) => [l.gross, l.platformCover, l.coverInvoice])
        .sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual([
      [50, 0, null],
      [50, 0, null],
      [60, 10, 'AP2027-000001'],
    ]);
    t.setNow(NOW);
  });

  it('the last seats: a checkout and a move race for them, one wins', async () => {
    const lastSeats = await shared(borisBoat.id, at(11), 1000, 3);
    const racerTrip = await shared(martaBoat.id, at(11), 1000);
    const { bookingId: racer } = await buySeats(t, martaBoat.id, racerTrip, party, {
      name: 'Racer',
      email: 'racer@example.com',
      phone: '+34600000009',
    });
    // Racer's trip is canceled too; both they and another customer's checkout want Boris's last 3 seats.
    const canceledToo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${racerTrip.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'technical_fault', note: 'Engine', offer: 'choice' },
    });
    expect(canceledToo.statusCode, canceledToo.body).toBe(200);
    const c = { bookingId: racer, token: await customerToken(t.ctx, racer) };
    expect((await offerOf(c)).options.map((o) => o.slotId)).toContain(lastSeats.id);
    const checkout = async () => {
      const body = sharedRequest(
        borisBoat.id,
        lastSeats,
        { ...party, kidsFree: 0 },
        {
          customer: { name: 'Walk', email: 'walk@example.com', phone: '+34600000010' },
        },
      );
      const hold = await t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body });
      return hold.statusCode;
    };
    const [moveAnswer, holdStatus] = await Promise.all([move(c, lastSeats.id), checkout()]);
    const moved = moveAnswer.statusCode === 200;
    const held = holdStatus === 200;
    // Exactly one of them has the seats; the other is told they are gone.
    expect([moved, held].filter(Boolean)).toHaveLength(1);
    if (!moved) expect(moveAnswer.statusCode).toBe(409);
    expect(await seatViolations(db, [lastSeats.id])).toEqual([]);
  });
});
