// The demo's self-drive handover (docs/payments.md#the-security-deposit, decision 39): the boat
// customers drive themselves (Gomera Runner speedboat) has two charters a visitor can walk
// through. Tomorrow's: paid, its €300 deposit held on the customer's card (a sandbox authorisation
// the back office can release or capture), its skipper's licence recorded by the customer and
// waiting for crew to check it, so the manifest and the booking's page show a handover in
// progress. Three days ago's: completed, the licence confirmed, the condition recorded out and
// back and signed (fuel down, a new scratch), the deposit released after the return.
// Fixed texts and times from the seed's clock: the same demo however often it is made.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, canaryDateKey, canaryInstant } from '@boats/domain/canary-time';
import { DEPOSIT_INTENT_KIND, depositLapsesAt } from '@boats/domain/deposits';
import { charterPrice } from '@boats/domain/pricing';
import type { Db } from '../db/client';
import {
  bookingHistory,
  bookingSlots,
  bookings,
  conditionReports,
  deposits,
  payments,
  sandboxPaymentIntents,
  skipperLicences,
  tickets,
  type boats,
  type slots,
} from '../db/schema';
import { ratesOfRowAt } from '../modules/boats/boat-mapper';
import { newTicketCode } from '../modules/bookings/ticket-code';

type SlotRow = typeof slots.$inferSelect;
type BoatRow = typeof boats.$inferSelect;
type Customer = { name: string; email: string; phone: string; language: string };

const HOUR = 3_600_000;
/** Two hours from 10:00, Canary time: inside the boat's charter hours, before anyone's lunch. */
const HOURS = ['10:00', '11:00'] as const;

/** A signature as the crew's phone draws it (domain signaturePath): a few strokes. */
const SIGNATURE = 'M20 60 L40 30 L55 70 L70 35 L85 65 L110 40 L130 62 L160 38 L190 60';

type Seeded = { id: string; startsAt: Date; endsAt: Date };

/**
 * Writes the two charters on `boat` (the demo's self-drive boat) for `customers`, on two free
 * hours of tomorrow and of three days ago (or the next free day further out). Answers the
 * bookings written, for the seed's invoices and earnings that follow.
 */
export async function seedSelfDriveHandovers(
  db: Db,
  now: Date,
  input: {
    boat: BoatRow;
    slots: SlotRow[];
    takenPrivate: Set<string>;
    customers: readonly [Customer, Customer];
    rate: number;
    ownerAccount: string;
  },
): Promise<{ upcoming: Seeded | null; past: Seeded | null }> {
  const today = canaryDateKey(now);
  const free = (day: string) => {
    const chain = HOURS.map((hour) =>
      input.slots.find(
        (s) =>
          s.type === 'private' &&
          s.startsAt.getTime() === canaryInstant(day, hour).getTime() &&
          !input.takenPrivate.has(s.id),
      ),
    );
    return chain.every((s) => s !== undefined) ? chain : null;
  };
  const firstFree = (from: number, step: number) => {
    for (let k = 0; k < 7; k++) {
      const chain = free(addDays(today, from + k * step));
      if (chain) return chain;
    }
    return null;
  };

  const upcomingChain = firstFree(1, 1);
  const pastChain = firstFree(-3, -1);
  const upcoming = upcomingChain
    ? await charter(db, now, input, upcomingChain, input.customers[0], 'paid')
    : null;
  const past = pastChain ? await charter(db, now, input, pastChain, input.customers[1], 'completed') : null;

  if (upcoming) {
    // Held on the card (a sandbox authorisation with manual capture) since the day before, or
    // since the seed for a charter that near; the licence recorded online, crew to check it.
    const authorisedAt = new Date(Math.min(now.getTime(), upcoming.startsAt.getTime() - 24 * HOUR));
    const [deposit] = await db
      .insert(deposits)
      .values({
        bookingId: upcoming.id,
        amountCents: input.boat.depositCents,
        status: 'authorised',
        method: 'card',
        providerCustomerId: upcoming.customerId,
        attempts: 0,
        authoriseAt: authorisedAt,
        authorisedAt,
        lapsesAt: depositLapsesAt(authorisedAt),
        decidedBy: 'system',
      })
      .returning();
    if (!deposit) throw new Error('seeding the demo deposit failed');
    const intentId = `pi_sbx_${randomBytes(12).toString('hex')}`;
    await db.insert(sandboxPaymentIntents).values({
      id: intentId,
      clientSecret: `${intentId}_secret_${randomBytes(16).toString('hex')}`,
      amountCents: input.boat.depositCents,
      status: 'requires_capture',
      captureMethod: 'manual',
      customerId: upcoming.customerId,
      paymentMethod: upcoming.paymentMethod,
      metadata: { depositOf: upcoming.id, depositId: deposit.id, kind: DEPOSIT_INTENT_KIND },
    });
    await db.update(deposits).set({ providerIntentId: intentId }).where(eq(deposits.id, deposit.id));
    await db.insert(skipperLicences).values({
      bookingId: upcoming.id,
      skipperName: input.customers[0].name,
      licenceType: 'per',
      licenceNumber: 'PER-0384512',
      issuingCountry: 'ES',
      status: 'recorded',
      recordedBy: 'customer',
      recordedAt: new Date(now.getTime() - 20 * HOUR),
    });
    await db.insert(bookingHistory).values({
      bookingId: upcoming.id,
      at: new Date(now.getTime() - 20 * HOUR),
      actor: 'customer',
      fromStatus: 'paid',
      toStatus: 'paid',
      code: 'licence_recorded',
      params: { licence: 'per' },
    });
  }

  if (past) {
    const out = new Date(past.startsAt.getTime() - 15 * 60_000);
    const back = new Date(past.endsAt.getTime() + 5 * 60_000);
    await db.insert(skipperLicences).values({
      bookingId: past.id,
      skipperName: input.customers[1].name,
      licenceType: 'foreign',
      licenceNumber: 'ICC-IE-77120',
      issuingCountry: 'IE',
      status: 'confirmed',
      recordedBy: 'crew',
      recordedAt: new Date(out.getTime() - 10 * 60_000),
      checkedAt: new Date(out.getTime() - 5 * 60_000),
    });
    const departure = {
      fuel: 4,
      engine_hours: 412,
      life_jackets: true,
      anchor: true,
      bimini: true,
      marks: 'Old scuff on the port bow',
    };
    await db.insert(conditionReports).values([
      {
        bookingId: past.id,
        phase: 'departure',
        values: departure,
        signature: SIGNATURE,
        signedBy: input.customers[1].name,
        recordedAt: out,
        receivedAt: out,
      },
      {
        bookingId: past.id,
        phase: 'return',
        values: {
          ...departure,
          fuel: 2,
          engine_hours: 414,
          marks: 'Old scuff on the port bow; new scratch on the starboard side, 20 cm',
        },
        signature: SIGNATURE,
        signedBy: input.customers[1].name,
        recordedAt: back,
        receivedAt: back,
      },
    ]);
    // Nothing claimed: released in full the next morning.
    const decidedAt = new Date(past.endsAt.getTime() + 20 * HOUR);
    const authorisedAt = new Date(past.startsAt.getTime() - 24 * HOUR);
    await db.insert(deposits).values({
      bookingId: past.id,
      amountCents: input.boat.depositCents,
      status: 'released',
      method: 'card',
      providerCustomerId: past.customerId,
      authoriseAt: authorisedAt,
      authorisedAt,
      lapsesAt: depositLapsesAt(authorisedAt),
      decidedBy: input.ownerAccount,
      decidedAt,
    });
    await db.insert(bookingHistory).values([
      {
        bookingId: past.id,
        at: new Date(out.getTime() - 5 * 60_000),
        actor: 'crew',
        fromStatus: 'confirmed',
        toStatus: 'confirmed',
        code: 'licence_confirmed',
        params: { licence: 'foreign' },
      },
    ]);
  }
  return { upcoming, past };
}

/** One paid charter of two hours on `chain`, with its card payment, boarding pass and history. */
async function charter(
  db: Db,
  now: Date,
  input: { boat: BoatRow; takenPrivate: Set<string>; rate: number },
  chain: SlotRow[],
  customer: Customer,
  status: 'paid' | 'completed',
) {
  const first = chain[0]!;
  const last = chain[chain.length - 1]!;
  const gross = charterPrice(ratesOfRowAt(input.boat, 0, first.startsAt).charter, chain.length).amountCents;
  const createdAt = new Date(Math.min(now.getTime(), first.startsAt.getTime()) - 6 * 24 * HOUR);
  const providerPaymentId = `pi_sbx_${randomBytes(12).toString('hex')}`;
  const customerId = `cus_sbx_${randomBytes(8).toString('hex')}`;
  // The sandbox's saved card: 'pm_sbx_' and the test card's number (a good one).
  const paymentMethod = 'pm_sbx_4242424242424242';
  const [booking] = await db
    .insert(bookings)
    .values({
      boatId: input.boat.id,
      slotId: first.id,
      type: 'private',
      startsAt: first.startsAt,
      endsAt: last.endsAt,
      seats: 3,
      adults: 3,
      amountGrossCents: gross,
      status,
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      language: customer.language,
      provider: 'sandbox',
      providerPaymentId,
      commissionBps: input.rate,
      paidAt: createdAt,
      createdAt,
    })
    .returning();
  if (!booking) throw new Error('seeding a self-drive charter failed');
  await db.insert(sandboxPaymentIntents).values({
    id: providerPaymentId,
    clientSecret: `${providerPaymentId}_secret_${randomBytes(16).toString('hex')}`,
    amountCents: gross,
    status: 'succeeded',
    customerId,
    paymentMethod,
    metadata: { bookingId: booking.id },
  });
  await db.insert(payments).values({
    bookingId: booking.id,
    provider: 'sandbox',
    providerId: providerPaymentId,
    amountCents: gross,
    status: 'succeeded',
    createdAt,
  });
  await db.insert(tickets).values({
    bookingId: booking.id,
    code: newTicketCode(),
    kind: 'boarding_pass',
    seatNo: 1,
    passengerType: 'adult',
    pricePaidCents: gross,
  });
  await db
    .insert(bookingSlots)
    .values(chain.map((s) => ({ bookingId: booking.id, slotId: s.id, active: true })));
  chain.forEach((s) => input.takenPrivate.add(s.id));
  const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
  await db.insert(bookingHistory).values([
    {
      bookingId: booking.id,
      at: at(0),
      actor: 'customer',
      fromStatus: null,
      toStatus: 'pending',
      code: 'checkout_started',
    },
    {
      bookingId: booking.id,
      at: at(0.01),
      actor: 'provider',
      fromStatus: 'pending',
      toStatus: 'paid',
      code: 'payment_succeeded',
    },
    ...(status === 'completed'
      ? [
          {
            bookingId: booking.id,
            at: at(2),
            actor: 'system',
            fromStatus: 'paid' as const,
            toStatus: 'confirmed' as const,
            code: 'operator_confirmed',
          },
          {
            bookingId: booking.id,
            at: new Date(last.endsAt.getTime() + HOUR),
            actor: 'system',
            fromStatus: 'confirmed' as const,
            toStatus: 'completed' as const,
            code: 'trip_ended',
          },
        ]
      : []),
  ]);
  return { id: booking.id, startsAt: first.startsAt, endsAt: last.endsAt, customerId, paymentMethod };
}
