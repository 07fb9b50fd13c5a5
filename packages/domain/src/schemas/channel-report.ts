// GET /api/admin/bookings/channels?month=YYYY-MM&by=sale|trip (docs/back-office.md#channel-reports).
import { z } from './zod';
import { REPORT_CHANNELS, REPORT_PERIOD_BASES } from '../channel-report';
import { count, euroAmount } from './common';
import { periodSchema } from './invoices';

export const channelReportQuerySchema = z.object({
  /** The Canary month. */
  month: periodSchema,
  /** Which date puts a booking in the month: when it was sold (the default) or its trip's start. */
  by: z.enum(REPORT_PERIOD_BASES).default('sale'),
});
export type ChannelReportQuery = z.infer<typeof channelReportQuerySchema>;

/** A channel's figures (euros): retail − commission = net; net − refunds = revenue. */
export const channelFiguresSchema = z.object({
  bookings: count,
  retail: euroAmount,
  commission: euroAmount,
  net: euroAmount,
  refunds: euroAmount,
  revenue: euroAmount,
});
export type ChannelFigures = z.infer<typeof channelFiguresSchema>;

export const channelReportRowSchema = channelFiguresSchema.extend({
  channel: z.enum(REPORT_CHANNELS),
  /** The reseller's or agent's name; null for the other channels. */
  name: z.string().nullable(),
});
export type ChannelReportRow = z.infer<typeof channelReportRowSchema>;

export const channelReportSchema = z.object({
  month: periodSchema,
  by: z.enum(REPORT_PERIOD_BASES),
  rows: z.array(channelReportRowSchema),
  /** The sums of the rows. */
  totals: channelFiguresSchema,
});
export type ChannelReport = z.infer<typeof channelReportSchema>;
