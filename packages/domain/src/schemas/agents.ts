/**
 * Agents (docs/channels.md#agents): hotel concierge desks and harbour sellers who book trips for
 * their customers and take the money in cash or send a card payment link.
 */
import { z } from './zod';
import { count, dateKey, euroAmount, isoInstant, uuid } from './common';
import { emailAddress } from './email-address';
import { commissionPercent } from './owner';
import { newPassword } from './staff';
import { bookingStatus } from './booking';
import { saleFormSchema, saleRequestSchema } from './operator-booking';
import { localizedText } from './boat';

/** How an agent's customer pays: cash held by the agent (owed to the operator), or a card link. */
export const AGENT_PAYMENT_CHOICES = ['cash', 'link'] as const;

/** POST /api/admin/agents: the admin gives the first password and tells it to the agent. */
export const agentCreateSchema = z.object({
  name: z.string().trim().min(2, 'validation.minChars2').max(120),
  email: emailAddress,
  password: newPassword,
  /** What the agent keeps of each cash sale's retail price. */
  commissionPercent: commissionPercent.max(50, 'validation.percent'),
});
export type AgentCreate = z.infer<typeof agentCreateSchema>;

/** Money of an agent's sales: retail sold, commission kept, net owed to the operator (euros). */
export const agentFiguresSchema = z.object({
  bookings: count,
  sold: euroAmount,
  commission: euroAmount,
  net: euroAmount,
  /** Handed over in the month: the settlements received in it (by their day of receipt). */
  settled: euroAmount,
});

/**
 * What an agent owes the operator now: the net of its cash sales, less what went back to
 * customers of canceled ones, less what it handed over (settlements).
 */
export const agentBalanceSchema = z.object({
  cashNet: euroAmount,
  refunded: euroAmount,
  /** The cash the agent holds for the operator: cashNet less refunded, before settlements. */
  held: euroAmount,
  settled: euroAmount,
  owed: z.number(),
  /** The latest settlement by its day of receipt: how much, and that Canary day. */
  lastSettlement: z.object({ amount: euroAmount, receivedOn: dateKey }).nullable(),
});

export const agentSchema = z.object({
  _id: uuid,
  name: z.string(),
  email: z.string(),
  commissionPercent: z.number(),
  createdAt: isoInstant,
  /** The current Canary month's sales. */
  month: agentFiguresSchema,
  balance: agentBalanceSchema,
});
export type Agent = z.infer<typeof agentSchema>;

export const agentsListResponseSchema = z.object({ items: z.array(agentSchema) });
export const agentResponseSchema = z.object({ agent: agentSchema });

/** POST /api/admin/agents/{id}/settlements: cash the admin received from the agent (euros). */
export const agentSettlementSchema = z.object({
  amount: euroAmount.refine((a) => a > 0, 'validation.positive'),
  note: z.string().trim().max(200).optional(),
  /** The Canary day it was received (today when left out): the month it counts in. */
  receivedOn: dateKey.optional(),
});

/** Query of GET /api/agent/trips: one Canary day. */
export const agentTripsQuerySchema = z.object({ date: dateKey });

/**
 * A charter an agent may sell: a free start hour of a boat on the public site, and each length
 * the boat allows from it through its consecutive free hours, at the site's price (euros).
 */
export const agentCharterSchema = z.object({
  slotId: uuid,
  boatId: uuid,
  /** English; `boatTitleI18n` holds every language the boat has. */
  boatTitle: z.string(),
  boatTitleI18n: localizedText,
  start: isoInstant,
  /** People the boat takes. */
  capacity: count,
  lengths: z.array(z.object({ hours: count, price: euroAmount })),
});
export type AgentCharter = z.infer<typeof agentCharterSchema>;

/**
 * A shared trip an agent may sell: its seats left as the site counts them, and its seat price
 * per hour as the sale charges it (the slot's, with the boat's price rules for its start), so
 * the desk shows the price before selling. Nothing of the trip's other bookings.
 */
export const agentTripSchema = z.object({
  slotId: uuid,
  boatId: uuid,
  /** English; `boatTitleI18n` holds every language the boat has. */
  boatTitle: z.string(),
  boatTitleI18n: localizedText,
  start: isoInstant,
  end: isoInstant,
  seatsTotal: count,
  seatsLeft: count,
  seatPrice: euroAmount,
});
export type AgentTrip = z.infer<typeof agentTripSchema>;

/** The day's shared trips with seats left, and its free charter starts. */
export const agentTripsResponseSchema = z.object({
  date: dateKey,
  items: z.array(agentTripSchema),
  charters: z.array(agentCharterSchema),
});
export type AgentTrips = z.infer<typeof agentTripsResponseSchema>;

/**
 * POST /api/agent/trips/{slotId}/bookings: a shared trip's seats for the agent's customer, or a
 * charter of `durationHours` from that start hour.
 */
export const agentBookingRequestSchema = saleRequestSchema(AGENT_PAYMENT_CHOICES);
export type AgentBookingRequest = z.infer<typeof agentBookingRequestSchema>;

/** One of an agent's sales, as its own list shows it. */
export const agentSaleSchema = z.object({
  bookingId: uuid,
  ref: z.string(),
  boatTitle: localizedText,
  start: isoInstant,
  customerName: z.string(),
  people: count,
  status: bookingStatus,
  payment: z.enum(AGENT_PAYMENT_CHOICES),
  /** The price the customer pays. */
  amount: euroAmount,
  /** What the agent keeps of it (cash sales). */
  commission: euroAmount,
  soldAt: isoInstant,
});
export type AgentSale = z.infer<typeof agentSaleSchema>;

/** GET /api/agent/sales: the agent's own sales this month, its figures and its balance. */
export const agentSalesResponseSchema = z.object({
  name: z.string(),
  commissionPercent: z.number(),
  month: agentFiguresSchema,
  balance: agentBalanceSchema,
  items: z.array(agentSaleSchema),
});
export type AgentSales = z.infer<typeof agentSalesResponseSchema>;

/** The agent desk's sale form: the crew's, with the agent's payment choices and a party of nobody refused. */
export const agentBookingFormSchema = saleFormSchema({
  methods: AGENT_PAYMENT_CHOICES,
  atLeastOnePerson: true,
}) satisfies z.ZodType<AgentBookingRequest, unknown>;

/** The admin's settlement form: the amount typed as text ("120,50" or "120.50"). */
export const agentSettlementFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .transform((typed) => Number(typed.replace(',', '.')))
    .pipe(agentSettlementSchema.shape.amount),
  note: z.string().trim().max(200).optional(),
  receivedOn: dateKey,
});

/** The back office's form of a new agent: the commission typed as text ("12,5" or "12.5"). */
export const agentFormSchema = agentCreateSchema.extend({
  commissionPercent: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .transform((typed) => Number(typed.replace(',', '.')))
    .pipe(commissionPercent.max(50, 'validation.percent')),
});
