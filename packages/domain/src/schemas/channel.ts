import { z } from './zod';
import { BOOKING_CHANNELS } from '../booking-channel';

/** Who sold the booking, and the reseller's or agent's name (null for the other channels). */
export const bookingChannelSchema = z.object({ kind: z.enum(BOOKING_CHANNELS), name: z.string().nullable() });
export type BookingChannelInfo = z.infer<typeof bookingChannelSchema>;
